import "server-only";
import { reportRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { isId } from "@/lib/schemas/id";
import { completionRate, type ReportFilters } from "@/lib/schemas/reports";
import { csvOf } from "@/lib/server/csv/csv-stream";
import { reportScope, type ReportScope } from "@/lib/server/reports/scope";
import { courseConditions, enrollmentConditions, IN_PROGRESS_STATE, whereClause } from "@/lib/server/reports/sql";
import type { TenantContext } from "@/lib/tenancy/context";

// GET /api/reports/learners/{userId}: one learner's every course in the caller's scope (an instructor:
// the courses they teach), with progress, state, score, time and last activity. Someone with no
// enrollment the caller may see is a 404, like a person of another organization.

export interface LearnerCourseRow {
  course_id: string;
  title: string;
  enrollment_status: string;
  /** not_started / in_progress / completed / withdrawn (the counters' states). */
  state: string;
  progress_percent: number;
  average_score: number | null;
  passed: number;
  failed: number;
  time_seconds: number;
  enrolled_at: string;
  completed_at: string | null;
  last_activity_at: string | null;
}

export interface LearnerDetailJson {
  user: { id: string; first_name: string; last_name: string; email: string; username: string; organization_id: string };
  metrics: { total_enrollments: number; completed_enrollments: number; completion_rate: number };
  items: LearnerCourseRow[];
}

type Row = Omit<LearnerCourseRow, "enrolled_at" | "completed_at" | "last_activity_at"> & {
  enrolled_at: Date;
  completed_at: Date | null;
  last_activity_at: Date | null;
  user_first_name: string;
  user_last_name: string;
  user_email: string;
  user_username: string;
  organization_id: string;
};

const learnerNotFound = () => new AppError("NOT_FOUND", "Learner not found");

function learnerCoursesSql(scope: ReportScope, userId: string, q: ReportFilters): Prisma.Sql {
  const where = [Prisma.sql`e."userId" = ${userId}::uuid`, ...courseConditions(scope, q), ...enrollmentConditions(q)];
  return Prisma.sql`SELECT c."id" AS course_id, c."title", e."status"::text AS enrollment_status,
      CASE WHEN e."status" <> 'active' THEN e."status"::text WHEN ${IN_PROGRESS_STATE} THEN 'in_progress' ELSE 'not_started' END AS state,
      e."progressPercent" AS progress_percent,
      (CASE WHEN e."lessonScoreCount" > 0 THEN round(e."lessonScoreSum"::numeric / e."lessonScoreCount" / 100, 1) END)::float8 AS average_score,
      e."lessonsPassed" AS passed, e."lessonsFailed" AS failed, e."lessonTimeSeconds" AS time_seconds,
      e."enrolledAt" AS enrolled_at, e."completedAt" AS completed_at, e."lastAccessedAt" AS last_activity_at,
      u."firstName" AS user_first_name, u."lastName" AS user_last_name, u."email" AS user_email, u."username" AS user_username, u."organizationId" AS organization_id
    FROM "Enrollment" e
    JOIN "Course" c ON c."organizationId" = e."organizationId" AND c."id" = e."courseId"
    JOIN "User" u ON u."organizationId" = e."organizationId" AND u."id" = e."userId"
    ${whereClause(where)}
    ORDER BY lower(c."title"), c."id"`;
}

export async function learnerDetailReport(
  ctx: TenantContext,
  userId: string,
  q: ReportFilters,
): Promise<LearnerDetailJson> {
  const scope = await reportScope(ctx, q);
  if (!isId(userId)) throw learnerNotFound();
  // The person must be reachable without the filters (a filter that leaves nothing is an empty list, not a 404).
  const reachable = await reportRows<Row>(learnerCoursesSql(scope, userId, {}));
  if (reachable.length === 0) throw learnerNotFound();
  const rows = Object.values(q).some((v) => v !== undefined)
    ? await reportRows<Row>(learnerCoursesSql(scope, userId, q))
    : reachable;
  const first = reachable[0]!;
  const completed = rows.filter((r) => r.enrollment_status === "completed").length;
  return {
    user: {
      id: userId,
      first_name: first.user_first_name,
      last_name: first.user_last_name,
      email: first.user_email,
      username: first.user_username,
      organization_id: first.organization_id,
    },
    metrics: {
      total_enrollments: rows.length,
      completed_enrollments: completed,
      completion_rate: completionRate(completed, rows.length),
    },
    items: rows.map(courseJson),
  };
}

function courseJson(r: Row): LearnerCourseRow {
  return {
    course_id: r.course_id,
    title: r.title,
    enrollment_status: r.enrollment_status,
    state: r.state,
    progress_percent: r.progress_percent,
    average_score: r.average_score,
    passed: r.passed,
    failed: r.failed,
    time_seconds: r.time_seconds,
    enrolled_at: r.enrolled_at.toISOString(),
    completed_at: r.completed_at?.toISOString() ?? null,
    last_activity_at: r.last_activity_at?.toISOString() ?? null,
  };
}

export async function exportLearnerDetailReport(
  ctx: TenantContext,
  userId: string,
  q: ReportFilters,
): Promise<ReadableStream<Uint8Array>> {
  const report = await learnerDetailReport(ctx, userId, q);
  const header = [
    "course_id",
    "title",
    "enrollment_status",
    "state",
    "progress_percent",
    "average_score",
    "passed",
    "failed",
    "time_seconds",
    "enrolled_at",
    "completed_at",
    "last_activity_at",
  ];
  return csvOf(
    header,
    report.items.map((r) => [
      r.course_id,
      r.title,
      r.enrollment_status,
      r.state,
      r.progress_percent,
      r.average_score,
      r.passed,
      r.failed,
      r.time_seconds,
      r.enrolled_at,
      r.completed_at,
      r.last_activity_at,
    ]),
  );
}
