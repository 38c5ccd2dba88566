import { z } from "zod";
import { CourseStatus, EnrollmentStatus } from "@/lib/generated/prisma/enums";
import { count, id, pageOf, timestamp } from "@/lib/openapi/responses/common";

// lib/server/courses/json.ts (courseSummaryJson, courseJson) and lib/server/categories.

export const courseSummarySchema = z
  .object({
    id,
    title: z.string(),
    status: z.enum(CourseStatus),
    thumbnail_url: z.string().meta({
      description:
        "The uploaded thumbnail, or a generated SVG placeholder (`/api/courses/{id}/placeholder`); never null",
    }),
    has_thumbnail: z.boolean(),
    category: z.object({ id, name: z.string() }).nullable(),
    module_count: count,
    lesson_count: count,
    enrollment_count: count,
    updated_at: timestamp,
    published_at: timestamp.nullable(),
  })
  .meta({ id: "CourseSummary" });

export const courseListSchema = pageOf(courseSummarySchema).meta({ id: "CoursePage" });

/** A day on the calendars of the course's learners and instructors, or null. */
const courseDate = z.string().nullable().meta({
  description: "A date (the same day in every zone), shown on the calendars of the course's learners and instructors",
  example: "2026-09-01",
});

export const courseSchema = courseSummarySchema
  .extend({
    description: z.string().meta({ description: "Sanitized HTML" }),
    allow_self_enrollment: z.boolean(),
    allow_retakes: z.boolean().meta({
      description: "SCORM: a new attempt may start after a completed one (else the completed one reopens for review)",
    }),
    start_date: courseDate,
    end_date: courseDate,
    due_date: courseDate,
    instructors: z.array(z.object({ id, first_name: z.string(), last_name: z.string() })),
    created_at: timestamp,
    created_by: z
      .object({ id, first_name: z.string(), last_name: z.string() })
      .nullable()
      .meta({ description: "Who created it; null when their account was deleted (the course stays)" }),
    can_edit: z.boolean().meta({ description: "Whether the caller may edit this course" }),
    my_enrollment: z
      .object({
        id,
        status: z.enum(EnrollmentStatus),
        progress_percent: z.number().int().min(0).max(100),
        completed_at: timestamp.nullable(),
      })
      .nullable()
      .meta({ description: "The caller's own enrollment, or null" }),
  })
  .meta({ id: "Course" });

export const categorySchema = z
  .object({ id, name: z.string(), description: z.string().nullable(), course_count: count })
  .meta({ id: "Category" });

export const categoryListSchema = z.object({ items: z.array(categorySchema) });
