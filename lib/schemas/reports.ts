import { z } from "zod";
import { REPORT_MAX_DAY, REPORT_MIN_DAY } from "@/lib/reports/days";
import { paginationQuerySchema } from "@/lib/schemas/pagination";

// The reports' query strings (GET /api/reports/**, their CSV exports): one set of filters shared by every
// view, plus paging and sorting for the lists. Kept in the page's URL by the report pages.

const day = (label: string) =>
  z
    .string({ error: `${label} must be a date like 2026-11-25` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-11-25`)
    .pipe(z.iso.date({ error: `${label} must be a real date like 2026-11-25` }))
    .refine(
      (v) => v >= REPORT_MIN_DAY && v <= REPORT_MAX_DAY,
      `${label} must be between ${REPORT_MIN_DAY} and ${REPORT_MAX_DAY}`,
    );

const id = (label: string) => z.uuid({ error: `${label} must be an id` }).optional();

export const ENROLLMENT_STATUSES = ["active", "completed", "withdrawn"] as const;

/** Filters every report takes. Dates are UTC days; an enrollment is in the range when it was made on one of them. */
const FILTERS = {
  from: day("from").optional(),
  to: day("to").optional(),
  category_id: id("category_id"),
  course_id: id("course_id"),
  group_id: id("group_id"),
  status: z.enum(ENROLLMENT_STATUSES, { error: "status must be active, completed or withdrawn" }).optional(),
  /** The superadmin's pick of one organization (others may only name their own). */
  organization_id: id("organization_id"),
};
const SEARCH = {
  q: z
    .string()
    .trim()
    .max(200, "The search text must be at most 200 characters")
    .optional()
    .transform((s) => s || undefined),
};

const orderedRange = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const rangeError = { message: "from must not be after to", path: ["to"] };

const reportFiltersSchema = z.object(FILTERS).refine(orderedRange, rangeError);
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

/** GET /api/reports/overview: the filters, and how many courses the completion chart shows. */
export const reportOverviewQuerySchema = z
  .object({
    ...FILTERS,
    top: z.coerce
      .number({ error: "top must be a number" })
      .int()
      .min(1, "top must be at least 1")
      .max(50, "top must be at most 50")
      .default(10),
  })
  .refine(orderedRange, rangeError);
export type ReportOverviewQuery = z.infer<typeof reportOverviewQuerySchema>;

const ORDER = { order: z.enum(["asc", "desc"], { error: "order must be asc or desc" }).optional() };

function listSchemas<const S extends readonly [string, ...string[]]>(sorts: S, defaultSort: S[number]) {
  const sort = {
    sort: z.enum(sorts, { error: `sort must be one of ${sorts.join(", ")}` }).default(defaultSort as never),
  };
  return {
    list: paginationQuerySchema.extend({ ...FILTERS, ...SEARCH, ...sort, ...ORDER }).refine(orderedRange, rangeError),
    export: z.object({ ...FILTERS, ...SEARCH, ...sort, ...ORDER }).refine(orderedRange, rangeError),
  };
}

export const COURSE_REPORT_SORTS = [
  "title",
  "enrolled",
  "in_progress",
  "completed",
  "completion_rate",
  "average_progress",
  "average_score",
  "average_time",
] as const;
export const GROUP_REPORT_SORTS = [
  "name",
  "members",
  "enrolled",
  "in_progress",
  "completed",
  "completion_rate",
  "average_progress",
  "average_score",
] as const;
export const LEARNER_REPORT_SORTS = [
  "name",
  "email",
  "enrolled",
  "in_progress",
  "completed",
  "completion_rate",
  "average_progress",
  "average_score",
  "last_activity",
] as const;
export const ORGANIZATION_REPORT_SORTS = [
  "name",
  "users",
  "courses",
  "enrolled",
  "completed",
  "completion_rate",
  "active_learners",
] as const;
export const LESSON_LEARNER_SORTS = ["name", "status", "completed_at", "score", "time"] as const;

const courses = listSchemas(COURSE_REPORT_SORTS, "title");
const groups = listSchemas(GROUP_REPORT_SORTS, "name");
const learners = listSchemas(LEARNER_REPORT_SORTS, "name");
const organizations = listSchemas(ORGANIZATION_REPORT_SORTS, "name");

export const courseReportQuerySchema = courses.list;
export const courseReportExportSchema = courses.export;
export const groupReportQuerySchema = groups.list;
export const groupReportExportSchema = groups.export;
export const learnerReportQuerySchema = learners.list;
export const learnerReportExportSchema = learners.export;
export const organizationReportQuerySchema = organizations.list;
export const organizationReportExportSchema = organizations.export;
/** One course's lessons and one learner's courses: every row at once (no paging), the shared filters. */
export const reportDetailQuerySchema = reportFiltersSchema;

/** GET /api/reports/courses/{courseId}/lessons/{lessonId}/learners: who reached which state in one lesson. */
const LESSON_LEARNER_FIELDS = {
  ...FILTERS,
  ...SEARCH,
  lesson_status: z
    .enum(["not_started", "in_progress", "completed"], {
      error: "lesson_status must be not_started, in_progress or completed",
    })
    .optional(),
  sort: z
    .enum(LESSON_LEARNER_SORTS, { error: `sort must be one of ${LESSON_LEARNER_SORTS.join(", ")}` })
    .default("name"),
  ...ORDER,
};
export const lessonLearnersQuerySchema = paginationQuerySchema
  .extend(LESSON_LEARNER_FIELDS)
  .refine(orderedRange, rangeError);
export const lessonLearnersExportSchema = z.object(LESSON_LEARNER_FIELDS).refine(orderedRange, rangeError);

/** The certificates report: the shared filters (dates are the completion's days), its own state filter and order. */
export const CERTIFICATE_REPORT_SORTS = ["expires_at", "learner", "course", "completed_at", "issued_at"] as const;
export const CERTIFICATE_REPORT_STATES = [
  "valid",
  "expiring_30",
  "expiring_60",
  "expiring_90",
  "expired",
  "revoked",
] as const;
export type CertificateReportState = (typeof CERTIFICATE_REPORT_STATES)[number];
const CERTIFICATE_REPORT_FIELDS = {
  ...FILTERS,
  ...SEARCH,
  /** One learner's certificates (their report page). */
  user_id: id("user_id"),
  certificate_status: z
    .enum(CERTIFICATE_REPORT_STATES, {
      error: `certificate_status must be one of ${CERTIFICATE_REPORT_STATES.join(", ")}`,
    })
    .optional(),
  sort: z
    .enum(CERTIFICATE_REPORT_SORTS, { error: `sort must be one of ${CERTIFICATE_REPORT_SORTS.join(", ")}` })
    .default("expires_at"),
  ...ORDER,
};
export const certificateReportQuerySchema = paginationQuerySchema
  .extend(CERTIFICATE_REPORT_FIELDS)
  .refine(orderedRange, rangeError);
export const certificateReportExportSchema = z.object(CERTIFICATE_REPORT_FIELDS).refine(orderedRange, rangeError);

export type CourseReportQuery = z.infer<typeof courseReportExportSchema> &
  Partial<z.infer<typeof paginationQuerySchema>>;
export type GroupReportQuery = z.infer<typeof groupReportExportSchema> & Partial<z.infer<typeof paginationQuerySchema>>;
export type LearnerReportQuery = z.infer<typeof learnerReportExportSchema> &
  Partial<z.infer<typeof paginationQuerySchema>>;
export type OrganizationReportQuery = z.infer<typeof organizationReportExportSchema> &
  Partial<z.infer<typeof paginationQuerySchema>>;
export type CertificateReportQuery = z.infer<typeof certificateReportExportSchema> &
  Partial<z.infer<typeof paginationQuerySchema>>;
export type LessonLearnersQuery = z.infer<typeof lessonLearnersExportSchema> &
  Partial<z.infer<typeof paginationQuerySchema>>;

/** The spec's rule (docs/specification.md "Reports"): completed / total × 100, rounded to a whole percent; 0 when there is nothing. */
export function completionRate(completed: number, total: number): number {
  return total > 0 ? Math.round((completed * 100) / total) : 0;
}

/** POST /api/reports/refresh (no body): `full=true` rebuilds every summary instead of what changed. */
export const refreshReportsQuerySchema = z.object({
  full: z
    .enum(["true", "false"], { error: "full must be true or false" })
    .optional()
    .transform((v) => v === "true"),
});
