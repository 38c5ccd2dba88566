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
  .object({
    id,
    module_id: id,
    title: z.string(),
    kind: z.enum(LessonKind),
    position,
    is_required: z.boolean(),
    duration_seconds: durationSeconds,
  })
  .meta({ id: "OutlineLesson" });

export const outlineSchema = z
  .object({ course_id: id, modules: z.array(moduleSchema.extend({ lessons: z.array(outlineLessonSchema) })) })
  .meta({ id: "Outline" });

export const scormPackageSchema = z
  .object({
    id,
    version: z.number().int().min(1).meta({ description: "1 for the first upload; each re-upload adds one" }),
    title: z.string(),
    scorm_version: z.enum(["scorm12", "scorm2004_2nd", "scorm2004_3rd", "scorm2004_4th"]),
    sco_count: z.number().int().min(0).meta({ description: "Launchable items in table-of-contents order" }),
    uploaded_at: z.iso.datetime(),
  })
  .meta({ id: "ScormPackage" });

export const importedScormPackageSchema = scormPackageSchema
  .extend({
    warnings: z.array(z.string()).meta({ description: "Problems that did not stop the import" }),
    size_bytes: z.number().int().min(0),
    file_count: z.number().int().min(0),
    launch_path: z.string().meta({
      description:
        "The first SCO's launch URL, relative to the package's root (its files are served on the organization's content host, to a launch's token only)",
    }),
  })
  .meta({ id: "ImportedScormPackage" });

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
      description:
        "An uploaded file's access-checked `/api/courses/{courseId}/lessons/{lessonId}/media` URL, or an external video URL",
    }),
    file_name: z.string().nullable(),
    file_size: z.number().int().min(0).nullable().meta({ description: "Bytes" }),
    mime_type: z.string().nullable(),
    duration_seconds: durationSeconds,
    has_upload: z.boolean(),
    scorm_package: scormPackageSchema
      .nullable()
      .meta({ description: "Scorm lessons: the package it plays (the highest version)" }),
  })
  .meta({ id: "Lesson" });
