import type { Permission } from "@/lib/tenancy/role-permissions";
import { definePaths, json, pathIds } from "@/lib/openapi/operation";
import {
  certificateReportPageSchema,
  courseLessonsReportSchema,
  courseReportPageSchema,
  groupReportPageSchema,
  learnerDetailReportSchema,
  learnerReportPageSchema,
  lessonAttemptsReportSchema,
  lessonLearnerPageSchema,
  organizationReportPageSchema,
  refreshReportsSchema,
  reportOverviewSchema,
} from "@/lib/openapi/responses/reports";
import {
  certificateReportExportSchema,
  certificateReportQuerySchema,
  courseReportExportSchema,
  courseReportQuerySchema,
  groupReportExportSchema,
  groupReportQuerySchema,
  learnerReportExportSchema,
  learnerReportQuerySchema,
  lessonLearnersExportSchema,
  lessonLearnersQuerySchema,
  organizationReportExportSchema,
  organizationReportQuerySchema,
  refreshReportsQuerySchema,
  reportDetailQuerySchema,
  reportOverviewQuerySchema,
} from "@/lib/schemas/reports";

// app/api/reports/**: learning reports read from summaries the database keeps current as learning
// happens (docs/architecture.md "Report summaries"; who sees what: docs/permissions.md "Reports").

const SCOPE =
  "Scope: an instructor sees the courses they teach; an org_admin or admin their organization; the superadmin (on the apex) every " +
  "organization, or the one named by `organization_id` (anyone else naming another organization gets a 404). Learners get 403.";
const FILTERS =
  "Filters: `from`/`to` (UTC days 1900-01-01 to 2099-12-31: enrollments made on those days), `category_id`, `course_id`, `group_id` " +
  "(its members' enrollments), `status` (the enrollment's: active, completed, withdrawn). An id of something outside the scope leaves " +
  "nothing to count (an empty answer, not an error).";
export const CSV = {
  200: {
    description: "A CSV download (UTF-8 with a byte-order mark; formulas neutralised)",
    content: { "text/csv": { schema: { type: "string" as const } } },
  },
};
const LIST =
  "Sorted by `sort` (`order` asc or desc: names A–Z and figures highest first by default), paged with `page` and `page_size`; `q` searches.";

function listAndExport(
  path: string,
  name: string,
  what: string,
  id: string,
  page: Parameters<typeof json>[1],
  query: never,
  exportQuery: never,
  extra = "",
  permission: Permission = "reports:read",
) {
  return {
    [path]: {
      get: {
        operationId: `list${id}`,
        summary: `${name}: ${what}`,
        description: `${SCOPE} ${FILTERS} ${LIST}${extra}`,
        access: "signed-in" as const,
        permission,
        requestParams: { query },
        responses: { 200: json(name, page) },
        errors: [400, 403, 404] as const,
      },
    },
    [`${path}/export`]: {
      get: {
        operationId: `export${id}`,
        summary: `${name} as CSV`,
        description: `The same filters and order as the list, every row (at most 200,000).${extra}`,
        access: "signed-in" as const,
        permission,
        requestParams: { query: exportQuery },
        responses: CSV,
        errors: [400, 403, 404] as const,
      },
    },
  };
}

export const reportPaths = definePaths("Reports", {
  "/api/reports/overview": {
    get: {
      operationId: "getReportOverview",
      summary:
        "The report overview: metrics, active learners, enrollments and completions over time, completion by course, SCORM results",
      description:
        `${SCOPE} ${FILTERS} \`metrics\` count every enrollment matching the filters (all time without \`from\`/\`to\`); the timeline ` +
        "covers `from`–`to`, else the last 30 days; `top` (1–50, default 10) courses by enrollments in `completion_by_course`.",
      access: "signed-in",
      permission: "reports:read",
      requestParams: { query: reportOverviewQuerySchema },
      responses: { 200: json("The overview", reportOverviewSchema) },
      errors: [400, 403, 404],
    },
  },
  ...listAndExport(
    "/api/reports/courses",
    "Per course",
    "enrolled, in progress, completed, rate, average progress, score and time",
    "CourseReport",
    courseReportPageSchema,
    courseReportQuerySchema as never,
    courseReportExportSchema as never,
  ),
  "/api/reports/courses/{courseId}/lessons": {
    requestParams: { path: pathIds("courseId") },
    get: {
      operationId: "getCourseLessonsReport",
      summary: "One course, per lesson: completions, SCORM completion and success, score, attempts, time",
      description: `${SCOPE} ${FILTERS} Every lesson in outline order. Who completed a lesson: its learners report below. A course outside the scope is a 404.`,
      access: "signed-in",
      permission: "reports:read",
      requestParams: { query: reportDetailQuerySchema },
      responses: { 200: json("The course's lessons", courseLessonsReportSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/reports/courses/{courseId}/lessons/export": {
    requestParams: { path: pathIds("courseId") },
    get: {
      operationId: "exportCourseLessonsReport",
      summary: "One course, per lesson, as CSV",
      access: "signed-in",
      permission: "reports:read",
      requestParams: { query: reportDetailQuerySchema },
      responses: CSV,
      errors: [400, 403, 404],
    },
  },
  "/api/reports/courses/{courseId}/lessons/{lessonId}/learners": {
    requestParams: { path: pathIds("courseId", "lessonId") },
    get: {
      operationId: "listLessonLearnersReport",
      summary: "One lesson's learners: who completed it, SCORM result, score, attempts, time",
      description: `${SCOPE} ${FILTERS} Every enrollment of the course with its state in this lesson; \`lesson_status=completed\` lists who completed it. ${LIST}`,
      access: "signed-in",
      permission: "reports:read",
      requestParams: { query: lessonLearnersQuerySchema },
      responses: { 200: json("The lesson's learners", lessonLearnerPageSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/reports/courses/{courseId}/lessons/{lessonId}/learners/export": {
    requestParams: { path: pathIds("courseId", "lessonId") },
    get: {
      operationId: "exportLessonLearnersReport",
      summary: "One lesson's learners as CSV",
      access: "signed-in",
      permission: "reports:read",
      requestParams: { query: lessonLearnersExportSchema },
      responses: CSV,
      errors: [400, 403, 404],
    },
  },
  "/api/reports/courses/{courseId}/lessons/{lessonId}/learners/{userId}/attempts": {
    requestParams: { path: pathIds("courseId", "lessonId", "userId") },
    get: {
      operationId: "getLessonAttemptsReport",
      summary: "One learner's attempts of a SCORM or cmi5 lesson: per package attempt, per SCO, every activity attempt",
      description: `${SCOPE} The learner's package attempts of the lesson, oldest first; within each, the package's SCOs in their order, each with its activity attempts (a SCORM 2004 post-test taken twice shows both) with status, success, score and time. A cmi5 lesson answers in the same shape: each registration is an attempt, each AU a SCO (\`waived\` when an administrator waived it), each session (Launched to Terminated or Abandoned, \`ended_by\`) an activity attempt. A course outside the scope, a lesson not in it, or someone not enrolled in it is a 404; any other lesson has no attempts.`,
      access: "signed-in",
      permission: "reports:read",
      requestParams: { query: reportDetailQuerySchema },
      responses: { 200: json("The learner's attempts of the lesson", lessonAttemptsReportSchema) },
      errors: [400, 403, 404],
    },
  },
  ...listAndExport(
    "/api/reports/groups",
    "Per group",
    "its members' enrollments",
    "GroupReport",
    groupReportPageSchema,
    groupReportQuerySchema as never,
    groupReportExportSchema as never,
    " An instructor sees the groups they manage, with their own courses' enrollments.",
  ),
  ...listAndExport(
    "/api/reports/learners",
    "Per learner",
    "their enrollments, progress, score, time and last activity",
    "LearnerReport",
    learnerReportPageSchema,
    learnerReportQuerySchema as never,
    learnerReportExportSchema as never,
    " An instructor sees their courses' learners, with those courses' figures.",
  ),
  ...listAndExport(
    "/api/reports/certificates",
    "Certificates",
    "issued, valid, expiring within 30/60/90 days, expired and revoked",
    "CertificateReport",
    certificateReportPageSchema,
    certificateReportQuerySchema as never,
    certificateReportExportSchema as never,
    " The dates are the days of completion; `status` (an enrollment's) does not apply; `certificate_status` picks valid, " +
      "expiring_30/60/90 (valid and expiring within so many days), expired or revoked; `user_id` one learner. " +
      "An instructor sees their courses' certificates.",
  ),
  "/api/reports/learners/{userId}": {
    requestParams: { path: pathIds("userId") },
    get: {
      operationId: "getLearnerDetailReport",
      summary: "One learner's every course: progress, state, score, time, last activity",
      description: `${SCOPE} ${FILTERS} Someone with no enrollment in the caller's scope is a 404.`,
      access: "signed-in",
      permission: "reports:read",
      requestParams: { query: reportDetailQuerySchema },
      responses: { 200: json("The learner's courses", learnerDetailReportSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/reports/learners/{userId}/export": {
    requestParams: { path: pathIds("userId") },
    get: {
      operationId: "exportLearnerDetailReport",
      summary: "One learner's courses as CSV",
      access: "signed-in",
      permission: "reports:read",
      requestParams: { query: reportDetailQuerySchema },
      responses: CSV,
      errors: [400, 403, 404],
    },
  },
  ...listAndExport(
    "/api/reports/organizations",
    "Per organization",
    "the superadmin's platform table",
    "OrganizationReport",
    organizationReportPageSchema,
    organizationReportQuerySchema as never,
    organizationReportExportSchema as never,
    " The superadmin only (403 for everyone else).",
    "organizations:manage:all",
  ),
  "/api/reports/refresh": {
    post: {
      operationId: "refreshReports",
      summary: "Bring the report summaries of the caller's scope up to date",
      description:
        "No body. The summaries are kept current by the database in the transaction of every write; this reconciles, from the base tables, " +
        "what changed in the caller's organization since the last refresh (the superadmin: every organization, or `organization_id`'s) " +
        "and answers at once when nothing did. `full=true` rebuilds every summary of the scope (administrators; 403 for instructors). Learners get 403.",
      access: "signed-in",
      permission: "reports:read",
      requestParams: { query: refreshReportsQuerySchema },
      responses: { 200: json("What was recomputed", refreshReportsSchema) },
      errors: [400, 403, 404],
    },
  },
});
