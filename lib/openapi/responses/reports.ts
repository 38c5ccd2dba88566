import { z } from "zod";
import { count, id, pageOf, timestamp } from "@/lib/openapi/responses/common";

// The reports' answers (lib/server/reports/*). Percentages are whole numbers (0–100) rounded as the spec
// says; SCORM scores are percentages with one decimal (null when no lesson has a score); times in seconds.

const percent = z.number().int().min(0).max(100);
const score = z
  .number()
  .nullable()
  .meta({ description: "Average SCORM score in percent (one decimal); null when nothing was scored", example: 82.5 });

const derived = {
  enrolled: count.meta({ description: "Enrollments (every state)" }),
  not_started: count.meta({ description: "Active, never opened, at 0 %" }),
  in_progress: count.meta({ description: "Active, opened or past 0 %" }),
  completed: count,
  withdrawn: count,
  completion_rate: percent.meta({ description: "completed ÷ enrolled × 100, rounded; 0 when there are none" }),
  average_progress: percent.meta({ description: "Average progress percent of the enrollments" }),
  average_score: score,
  average_time_seconds: count.meta({ description: "Seconds spent in lessons, per enrollment" }),
  passed: count.meta({ description: "SCORM lessons passed" }),
  failed: count.meta({ description: "SCORM lessons failed" }),
};

export const reportMetricsSchema = z
  .object({ total_enrollments: count, completed_enrollments: count, completion_rate: percent })
  .meta({ id: "ReportMetrics", description: "The spec's report metrics, snake_case" });

export const enrollmentFiguresSchema = z
  .object(derived)
  .meta({ id: "EnrollmentFigures", description: "Counts and averages over a set of enrollments" });

export const reportOverviewSchema = z
  .object({
    scope: z.object({ kind: z.enum(["platform", "organization", "instructor"]), organization_id: id.nullable() }),
    metrics: reportMetricsSchema,
    enrollments: enrollmentFiguresSchema,
    active_learners: z
      .object({ last_7_days: count, last_30_days: count })
      .meta({ description: "Learners who opened a lesson in the last 7 / 30 days" }),
    timeline: z.object({
      from: z.iso.date(),
      to: z.iso.date(),
      bucket: z
        .enum(["day", "week", "month"])
        .meta({ description: "Days up to 92 days, weeks up to 731, months beyond" }),
      points: z.array(
        z.object({
          date: z.iso.date().meta({ description: "The bucket's first day" }),
          enrollments: count,
          completions: count,
        }),
      ),
    }),
    completion_by_course: z.array(
      z.object({
        course_id: id,
        title: z.string(),
        total_enrollments: count,
        completed_enrollments: count,
        completion_rate: percent,
      }),
    ),
    scorm: z.object({ average_score: score, scored_lessons: count, passed: count, failed: count }),
    refreshed_at: timestamp
      .nullable()
      .meta({ description: "When the organization's summaries were last reconciled (null: never, or the platform)" }),
  })
  .meta({ id: "ReportOverview" });

export const courseReportRowSchema = z
  .object({
    course_id: id,
    title: z.string(),
    status: z.string(),
    category: z.object({ id, name: z.string() }).nullable(),
    organization_id: id,
    ...derived,
  })
  .meta({ id: "CourseReportRow" });
export const courseReportPageSchema = pageOf(courseReportRowSchema).meta({ id: "CourseReportPage" });

export const groupReportRowSchema = z
  .object({ group_id: id, name: z.string(), members: count, organization_id: id, ...derived })
  .meta({ id: "GroupReportRow" });
export const groupReportPageSchema = pageOf(groupReportRowSchema).meta({ id: "GroupReportPage" });

export const learnerReportRowSchema = z
  .object({
    user_id: id,
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    organization_id: id,
    last_activity_at: timestamp.nullable(),
    ...derived,
  })
  .meta({ id: "LearnerReportRow" });
export const learnerReportPageSchema = pageOf(learnerReportRowSchema).meta({ id: "LearnerReportPage" });

export const organizationReportRowSchema = z
  .object({
    organization_id: id,
    name: z.string(),
    subdomain: z.string(),
    status: z.string(),
    users: count,
    courses: count,
    active_learners: count,
    ...derived,
  })
  .meta({ id: "OrganizationReportRow" });
export const organizationReportPageSchema = pageOf(organizationReportRowSchema).meta({ id: "OrganizationReportPage" });

export const lessonReportRowSchema = z
  .object({
    lesson_id: id,
    title: z.string(),
    kind: z.string(),
    module_id: id,
    module_title: z.string(),
    is_required: z.boolean(),
    in_progress: count,
    completed: count,
    completion_rate: percent.meta({ description: "Completed ÷ the course's enrollments in the report" }),
    passed: count,
    failed: count,
    average_score: score,
    attempts: count.meta({ description: "SCORM attempts started" }),
    average_time_seconds: count.meta({ description: "Seconds spent, per learner who opened the lesson" }),
  })
  .meta({ id: "LessonReportRow" });

export const courseLessonsReportSchema = z
  .object({
    course: z.object({ id, title: z.string(), organization_id: id }),
    total_enrollments: count,
    items: z.array(lessonReportRowSchema),
  })
  .meta({ id: "CourseLessonsReport" });

export const lessonLearnerRowSchema = z
  .object({
    user_id: id,
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    enrollment_status: z.string(),
    lesson_status: z.enum(["not_started", "in_progress", "completed"]),
    completed_at: timestamp.nullable(),
    success_status: z.string().nullable().meta({ description: "SCORM: passed / failed / unknown" }),
    score: z.number().nullable().meta({ description: "SCORM score in percent" }),
    time_seconds: count,
    attempts: count,
  })
  .meta({ id: "LessonLearnerRow" });
export const lessonLearnerPageSchema = pageOf(lessonLearnerRowSchema).meta({ id: "LessonLearnerPage" });

const scormScore = z.number().nullable().meta({ description: "Scaled score in percent (one decimal)", example: 40 });

export const activityAttemptSchema = z
  .object({
    number: count.meta({ description: "The SCO's activity attempt within the package attempt: 1, 2, …" }),
    completion_status: z.string().meta({ description: "completed / incomplete / not attempted / unknown" }),
    success_status: z.string().meta({ description: "passed / failed / unknown" }),
    score_raw: z.number().nullable(),
    score: scormScore,
    time_seconds: count,
    started_at: timestamp,
    ended_at: timestamp.nullable().meta({ description: "Its last commit; a cmi5 session's Terminated or Abandoned" }),
    ended_by: z
      .enum(["terminated", "abandoned"])
      .nullable()
      .optional()
      .meta({ description: "cmi5 only: how the session ended; null while it is open" }),
  })
  .meta({ id: "ActivityAttempt" });

export const lessonAttemptsReportSchema = z
  .object({
    course: z.object({ id, title: z.string() }),
    lesson: z.object({ id, title: z.string(), kind: z.string() }),
    learner: z.object({ id, first_name: z.string(), last_name: z.string(), email: z.string() }),
    items: z.array(
      z
        .object({
          attempt_number: count,
          completion_status: z.string(),
          success_status: z.string(),
          score: scormScore,
          time_seconds: count,
          started_at: timestamp,
          completed_at: timestamp.nullable(),
          ended_at: timestamp.nullable().meta({ description: "When the learner ended it (exit all)" }),
          scos: z.array(
            z.object({
              sco_id: z.string(),
              title: z.string().meta({ description: "The item's title in the package's manifest (cmi5: the AU's)" }),
              waived: z.boolean().optional().meta({ description: "cmi5 only: the AU was waived in this registration" }),
              activity_attempts: z.array(activityAttemptSchema).meta({ description: "Oldest first" }),
            }),
          ),
        })
        .meta({ id: "PackageAttempt" }),
    ),
  })
  .meta({ id: "LessonAttemptsReport" });

export const learnerCourseRowSchema = z
  .object({
    course_id: id,
    title: z.string(),
    enrollment_status: z.string(),
    state: z.string().meta({ description: "not_started / in_progress / completed / withdrawn" }),
    progress_percent: percent,
    average_score: score,
    passed: count,
    failed: count,
    time_seconds: count,
    enrolled_at: timestamp,
    completed_at: timestamp.nullable(),
    last_activity_at: timestamp.nullable(),
  })
  .meta({ id: "LearnerCourseRow" });

export const learnerDetailReportSchema = z
  .object({
    user: z.object({
      id,
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      username: z.string(),
      organization_id: id,
    }),
    metrics: reportMetricsSchema,
    items: z.array(learnerCourseRowSchema),
  })
  .meta({ id: "LearnerDetailReport" });

export const certificateReportRowSchema = z
  .object({
    certificate_id: id,
    code: z.string(),
    user_id: id,
    course_id: id,
    organization_id: id,
    learner_name: z.string(),
    email: z.string(),
    course_title: z.string(),
    completed_at: timestamp,
    expires_at: timestamp.nullable(),
    issued_at: timestamp,
    revoked_at: timestamp.nullable(),
    revoked_reason: z.string().nullable(),
    score: z.number().int().nullable(),
    status: z.enum(["valid", "expired", "revoked"]),
    latest: z.boolean().meta({ description: "The newest issue of its completion (the one that can be re-issued)" }),
    verification_url: z.string(),
    pdf_url: z.string(),
  })
  .meta({ id: "CertificateReportRow" });
export const certificateReportPageSchema = pageOf(certificateReportRowSchema)
  .extend({
    summary: z
      .object({
        issued: count,
        valid: count,
        expiring_30: count,
        expiring_60: count,
        expiring_90: count,
        expired: count,
        revoked: count,
      })
      .meta({ description: "The certificates matching every filter but certificate_status, counted by state" }),
  })
  .meta({ id: "CertificateReportPage" });

export const refreshReportsSchema = z
  .object({
    refreshed_at: timestamp,
    full: z.boolean(),
    organizations: count.meta({ description: "Organizations that had something to reconcile" }),
    courses: count,
    learners: count,
    groups: count,
    duration_ms: count,
  })
  .meta({
    id: "ReportRefresh",
    description: "What the refresh recomputed from the base tables (all 0 when nothing was new)",
  });
