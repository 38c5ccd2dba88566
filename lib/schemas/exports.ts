import { z } from "zod";
import { idSchema } from "@/lib/schemas/id";

// GET /api/admin/exports/<kind>: what can be exported, and the columns of each file (the page lists them,
// the OpenAPI document describes them, the tests expect them). The users file's columns are the import's
// own column names, so an exported file imports back unchanged.

export const EXPORT_KINDS = [
  "users",
  "courses",
  "enrollments",
  "group-memberships",
  "scorm-results",
  "certificates",
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Several values in one cell (a person's groups, a course's instructors) are joined with this. */
export const EXPORT_LIST_SEPARATOR = ";";

export interface ExportKindInfo {
  label: string;
  description: string;
  columns: readonly string[];
}

export const EXPORT_KIND_INFO: Record<ExportKind, ExportKindInfo> = {
  users: {
    label: "Users",
    description:
      "Everyone in the organization with their role, status and groups, in the import's own columns: the file imports back unchanged.",
    columns: ["email", "first_name", "last_name", "username", "role", "status", "groups"],
  },
  courses: {
    label: "Courses",
    description: "Every course with its status, category, instructors, dates and counts.",
    columns: [
      "course_id",
      "title",
      "status",
      "category",
      "instructors",
      "self_enrollment",
      "allow_retakes",
      "starts_on",
      "ends_on",
      "due_on",
      "modules",
      "lessons",
      "enrollments",
      "created_by",
      "created_at",
      "published_at",
    ],
  },
  enrollments: {
    label: "Enrollments",
    description:
      "Every enrollment with its status, progress and dates (enrolled, last accessed, completed, withdrawn).",
    columns: [
      "email",
      "first_name",
      "last_name",
      "course_id",
      "course",
      "status",
      "source",
      "progress_percent",
      "enrolled_at",
      "last_accessed_at",
      "completed_at",
      "withdrawn_at",
    ],
  },
  "group-memberships": {
    label: "Group memberships",
    description: "Who is in which group, and since when.",
    columns: ["group", "email", "first_name", "last_name", "role", "added_at"],
  },
  "scorm-results": {
    label: "SCORM results",
    description: "Each learner's attempts at each SCORM lesson: completion, success, score and time spent.",
    columns: [
      "email",
      "first_name",
      "last_name",
      "course_id",
      "course",
      "lesson_id",
      "lesson",
      "attempt",
      "completion_status",
      "success_status",
      "score_scaled",
      "score_percent",
      "time_seconds",
      "time",
      "started_at",
      "last_committed_at",
      "completed_at",
    ],
  },
  certificates: {
    label: "Certificates",
    description:
      "Every certificate issued, with the learner's name and the course's title as it carries them, its dates, its status now (valid, expired or revoked) and its score.",
    columns: [
      "code",
      "email",
      "username",
      "learner_name",
      "course_id",
      "course",
      "completed_at",
      "expires_at",
      "issued_at",
      "status",
      "revoked_at",
      "revoked_reason",
      "score",
    ],
  },
};

/**
 * The organization to export: an admin's own (another id is a 404); the superadmin names one, or on the
 * apex leaves it out for every organization at once (each row then starts with the organization's subdomain).
 */
export const exportQuerySchema = z.object({
  organization_id: idSchema.optional(),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;
