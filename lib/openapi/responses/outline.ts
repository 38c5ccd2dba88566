import { z } from "zod";
import { LessonKind } from "@/lib/generated/prisma/enums";
import { id } from "@/lib/openapi/responses/common";

// lib/server/courses/json.ts (moduleJson, outlineJson, lessonJson).

const position = z.number().int().min(0).meta({ description: "0-based order within its parent" });
const durationSeconds = z.number().int().min(0).nullable();

export const moduleSchema = z
  .object({ id, course_id: id, title: z.string(), description: z.string(), position })
  .meta({ id: "Module" });

export const outlineLessonSchema = z
  .object({ id, module_id: id, title: z.string(), kind: z.enum(LessonKind), position, is_required: z.boolean(), duration_seconds: durationSeconds })
  .meta({ id: "OutlineLesson" });

export const outlineSchema = z
  .object({ course_id: id, modules: z.array(moduleSchema.extend({ lessons: z.array(outlineLessonSchema) })) })
  .meta({ id: "Outline" });

export const lessonSchema = z
  .object({
    id,
    course_id: id,
    module_id: id,
    title: z.string(),
    kind: z.enum(LessonKind),
    position,
    is_required: z.boolean(),
    body: z.string().meta({ description: "Sanitized HTML" }),
    media_url: z.string().nullable().meta({
      description: "An uploaded file's access-checked `/api/courses/{courseId}/lessons/{lessonId}/media` URL, or an external video URL",
    }),
    file_name: z.string().nullable(),
    file_size: z.number().int().min(0).nullable().meta({ description: "Bytes" }),
    mime_type: z.string().nullable(),
    duration_seconds: durationSeconds,
    has_upload: z.boolean(),
  })
  .meta({ id: "Lesson" });
