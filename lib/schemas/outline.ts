import { z } from "zod";
import { idSchema } from "@/lib/schemas/id";
import { richTextSchema } from "@/lib/schemas/courses";

// Modules and lessons of a course, and the one-request reorder of the whole outline.

const titleSchema = z
  .string({ error: "Title is required" })
  .trim()
  .min(1, "Title is required")
  .max(200, "Title must be at most 200 characters");

export const createModuleSchema = z.object({
  title: titleSchema,
  description: z.string().trim().max(5000, "Description must be at most 5000 characters").default(""),
});
export type CreateModuleInput = z.infer<typeof createModuleSchema>;

export const updateModuleSchema = createModuleSchema.partial();
export type UpdateModuleInput = z.infer<typeof updateModuleSchema>;

export const LESSON_KINDS = ["text", "video", "file", "scorm", "cmi5", "quiz"] as const;
export const lessonKindSchema = z.enum(LESSON_KINDS, { error: "Kind must be text, video, file, scorm, cmi5 or quiz" });
export type LessonKind = z.infer<typeof lessonKindSchema>;

const httpUrlSchema = z
  .url({ error: "Enter a valid URL", protocol: /^https?$/ })
  .max(2000, "The URL must be at most 2000 characters");

export const createLessonSchema = z.object({
  title: titleSchema,
  kind: lessonKindSchema,
  /** text: the lesson's content; other kinds: an optional introduction. Sanitized on the server. */
  body: richTextSchema.default(""),
  /** video: an external video URL (an uploaded file replaces it). */
  media_url: httpUrlSchema.nullish(),
  duration_seconds: z
    .number()
    .int()
    .min(0)
    .max(86_400 * 7)
    .nullish(),
  is_required: z.boolean().default(true),
});
export type CreateLessonInput = z.infer<typeof createLessonSchema>;

/** The kind of a lesson is fixed once created; everything else may change. */
export const updateLessonSchema = createLessonSchema.omit({ kind: true }).partial();
export type UpdateLessonInput = z.infer<typeof updateLessonSchema>;

/**
 * PUT /api/courses/{id}/outline: the complete new order, module by module, each with its lessons in
 * order. Must name exactly the course's modules and lessons, each once; lessons may change module.
 */
export const reorderOutlineSchema = z.object({
  modules: z.array(z.object({ id: idSchema, lesson_ids: z.array(idSchema).max(1000) })).max(500, "At most 500 modules"),
});
export type ReorderOutlineInput = z.infer<typeof reorderOutlineSchema>;
