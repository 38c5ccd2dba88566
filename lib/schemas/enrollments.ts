import { z } from "zod";
import { idSchema } from "@/lib/schemas/id";
import { paginationQuerySchema } from "@/lib/schemas/pagination";

export const ENROLLMENT_STATUSES = ["active", "completed", "withdrawn"] as const;
export const enrollmentStatusSchema = z.enum(ENROLLMENT_STATUSES, {
  error: "Status must be active, completed or withdrawn",
});

/**
 * POST /api/courses/{id}/enrollments. Without user_ids the caller enrolls themselves (self-enrollment);
 * with them, staff enroll those users (a group's members are enrolled through the same service call).
 */
export const createEnrollmentsSchema = z.object({
  user_ids: z.array(idSchema).min(1, "Choose at least one user").max(1000, "At most 1000 users per request").optional(),
});
export type CreateEnrollmentsInput = z.infer<typeof createEnrollmentsSchema>;

export const listEnrollmentsQuerySchema = paginationQuerySchema.extend({
  status: enrollmentStatusSchema.optional(),
  q: z.string().trim().max(200).optional(),
});
export type ListEnrollmentsQuery = z.infer<typeof listEnrollmentsQuerySchema>;

/** PATCH /api/enrollments/{id}: staff change the state (withdraw, reactivate). */
export const updateEnrollmentSchema = z.object({
  status: z.enum(["active", "withdrawn"], { error: "Status must be active or withdrawn" }),
});
export type UpdateEnrollmentInput = z.infer<typeof updateEnrollmentSchema>;

/** PUT /api/courses/{id}/lessons/{lessonId}/progress: a video's position, or marking a lesson complete. */
export const lessonProgressSchema = z.object({
  completed: z.boolean().optional(),
  /** Video: seconds watched so far; reaching the end completes the lesson. */
  position_seconds: z
    .number()
    .int()
    .min(0)
    .max(86_400 * 7)
    .optional(),
  duration_seconds: z
    .number()
    .int()
    .min(0)
    .max(86_400 * 7)
    .optional(),
});
export type LessonProgressInput = z.infer<typeof lessonProgressSchema>;
