import { z } from "zod";
import { idSchema } from "@/lib/schemas/id";
import { paginationQuerySchema } from "@/lib/schemas/pagination";

export const COURSE_STATUSES = ["draft", "published", "archived"] as const;
export const courseStatusSchema = z.enum(COURSE_STATUSES, { error: "Status must be draft, published or archived" });
export type CourseStatus = z.infer<typeof courseStatusSchema>;

export const courseTitleSchema = z
  .string({ error: "Title is required" })
  .trim()
  .min(1, "Title is required")
  .max(200, "Title must be at most 200 characters");

/** Rich text (HTML) from the editor; the server sanitizes it before storing. */
export const richTextSchema = z.string().max(100_000, "The text is too long (at most 100,000 characters)");

/** A course's start, end or due date (a day: the same date in every zone), or null for none. */
const courseDateSchema = z.iso
  .date({ error: "Use a date such as 2026-03-19" })
  .refine((d) => d >= "1900-01-01" && d <= "2099-12-31", "Dates run from 1900 to the end of 2099")
  .nullish();

/** The end date may not come before the start date. */
function checkCourseDates(
  course: { start_date?: string | null; end_date?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (course.start_date && course.end_date && course.end_date < course.start_date) {
    ctx.addIssue({ code: "custom", path: ["end_date"], message: "The end date must not be before the start date" });
  }
}

/** A course's fields as a request names them; creating and updating differ only in what may be left out. */
const courseFieldsSchema = z.object({
  title: courseTitleSchema,
  description: richTextSchema,
  category_id: idSchema.nullish(),
  status: courseStatusSchema,
  /** Omitted on creation: the organization's default course settings (/admin/settings). */
  allow_self_enrollment: z.boolean().optional(),
  /** Whether a learner may start a new SCORM attempt after a completed one (else it reopens for review). Omitted on creation: the organization's default. */
  allow_retakes: z.boolean().optional(),
  /** Who teaches it. An instructor who creates a course always teaches it. */
  instructor_ids: z.array(idSchema).max(50, "At most 50 instructors").optional(),
  /** Shown on the calendars of its learners and instructors. */
  start_date: courseDateSchema,
  end_date: courseDateSchema,
  due_date: courseDateSchema,
});

export const createCourseSchema = courseFieldsSchema
  .extend({ description: richTextSchema.default(""), status: courseStatusSchema.default("draft") })
  .superRefine(checkCourseDates);
export type CreateCourseInput = z.infer<typeof createCourseSchema>;

/** Every field optional: what is left out stays as it is (no defaults apply). */
export const updateCourseSchema = courseFieldsSchema.partial().superRefine(checkCourseDates);
export type UpdateCourseInput = z.infer<typeof updateCourseSchema>;

/**
 * GET /api/courses. Anonymous callers and learners see the published catalog; staff see what they may
 * manage (status filters apply to them only).
 */
export const listCoursesQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(200, "The search text must be at most 200 characters").optional(),
  category_id: idSchema.optional(),
  status: courseStatusSchema.optional(),
  /** "catalog" forces the published catalog view even for staff (the /search page). */
  view: z.enum(["catalog", "manage"]).optional(),
});
export type ListCoursesQuery = z.infer<typeof listCoursesQuerySchema>;
