import { z } from "zod";
import { EnrollmentSource, EnrollmentStatus, ProgressStatus } from "@/lib/generated/prisma/enums";
import { courseSummarySchema } from "@/lib/openapi/responses/courses";
import { id, pageOf, timestamp } from "@/lib/openapi/responses/common";

// lib/server/enrollments and lib/server/progress: enrollments, lesson progress and the dashboard.

export const enrollmentSchema = z
  .object({
    id,
    course_id: id,
    user_id: id,
    status: z.enum(EnrollmentStatus),
    source: z.enum(EnrollmentSource),
    progress_percent: z.number().int().min(0).max(100),
    enrolled_at: timestamp,
    completed_at: timestamp.nullable(),
    withdrawn_at: timestamp.nullable(),
    last_accessed_at: timestamp.nullable(),
    last_lesson_id: id.nullable(),
  })
  .meta({ id: "Enrollment" });

export const createEnrollmentsResponseSchema = z.object({ enrollments: z.array(enrollmentSchema) });

export const enrollmentWithUserSchema = enrollmentSchema
  .extend({
    user: z.object({ id, first_name: z.string(), last_name: z.string(), email: z.string(), username: z.string() }),
  })
  .meta({ id: "EnrollmentWithUser" });

export const enrollmentListSchema = pageOf(enrollmentWithUserSchema).meta({ id: "EnrollmentPage" });

export const lessonProgressSchema = z
  .object({
    lesson_id: id,
    status: z.enum(ProgressStatus),
    success_status: z
      .enum(["passed", "failed"])
      .nullable()
      .meta({ description: "SCORM: passed or failed, kept apart from completion; null when not judged" }),
    score_percent: z
      .number()
      .int()
      .min(0)
      .max(100)
      .nullable()
      .meta({ description: "SCORM: the scaled score as a percentage, or null" }),
    position_seconds: z.number().int().min(0).nullable().meta({ description: "Video: the last watched second" }),
    completed_at: timestamp.nullable(),
  })
  .meta({ id: "LessonProgress" });

export const courseProgressSchema = z
  .object({
    enrollment: enrollmentSchema.nullable().meta({ description: "null when the caller is not enrolled" }),
    lessons: z.array(lessonProgressSchema),
  })
  .meta({ id: "CourseProgress" });

export const recordProgressResponseSchema = z.object({ lesson: lessonProgressSchema, enrollment: enrollmentSchema });

const dashboardCourseSchema = enrollmentSchema
  .extend({
    course: courseSummarySchema,
    score_percent: z
      .number()
      .int()
      .min(0)
      .max(100)
      .nullable()
      .meta({ description: "The mean score of the course's scored (SCORM) lessons, or null" }),
  })
  .meta({ id: "DashboardCourse" });

export const dashboardSchema = z
  .object({
    courses: z.array(dashboardCourseSchema).meta({
      description: "Active and completed enrollments, most recently used first (courses back in draft left out)",
    }),
    continue: z
      .object({ course_id: id, course_title: z.string(), module_id: id, lesson_id: id, lesson_title: z.string() })
      .nullable()
      .meta({ description: "The last lesson of the most recently used active course, or null" }),
    recently_completed: z.array(dashboardCourseSchema).meta({ description: "The latest completions, newest first" }),
  })
  .meta({ id: "Dashboard" });
