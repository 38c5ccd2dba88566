import "server-only";
import { db, reportRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Page } from "@/lib/schemas/pagination";
import { completionRate, type LessonLearnersQuery, type ReportFilters } from "@/lib/schemas/reports";
import { isId } from "@/lib/schemas/id";
import { csvOf } from "@/lib/server/csv/csv-stream";
import { csvExport } from "@/lib/server/reports/csv-export";
import { defaultOrder, likePattern, runPage, type ListStatement } from "@/lib/server/reports/list";
import { reportScope, type ReportScope } from "@/lib/server/reports/scope";
import {
  courseConditions,
  enrollmentConditions,
  narrowsEnrollments,
  orderBy,
  pageClause,
  whereClause,
  windowOf,
} from "@/lib/server/reports/sql";
import type { TenantContext } from "@/lib/tenancy/context";

// One course, per lesson: GET /api/reports/courses/{courseId}/lessons (every lesson at once, in outline
// order) and, a level down, who reached which state in one lesson:
// GET /api/reports/courses/{courseId}/lessons/{lessonId}/learners (paged). A course outside the caller's
// scope (another organization's, or one an instructor does not teach) is a 404.

export interface LessonReportRow {
  lesson_id: string;
  title: string;
  kind: string;
  module_id: string;
  module_title: string;
  is_required: boolean;
  in_progress: number;
  completed: number;
  /** Completed ÷ the course's enrollments in the report (whole percent). */
  completion_rate: number;
  passed: number;
  failed: number;
  average_score: number | null;
  attempts: number;
  /** Seconds spent, per learner who opened the lesson. */
  average_time_seconds: number;
}

export interface CourseLessonsJson {
  course: { id: string; title: string; organization_id: string };
  total_enrollments: number;
  items: LessonReportRow[];
}

const courseNotFound = () => new AppError("NOT_FOUND", "Course not found");

/** The course, if the scope reaches it (with the filters' category and course). */
export async function requireReportCourse(
  scope: ReportScope,
  courseId: string,
  filters: ReportFilters,
): Promise<{ id: string; title: string; organization_id: string }> {
  if (!isId(courseId)) throw courseNotFound();
  const where = [Prisma.sql`c."id" = ${courseId}::uuid`, ...courseConditions(scope, filters)];
  const [course] = await reportRows<{ id: string; title: string; organization_id: string }>(
    Prisma.sql`SELECT c."id", c."title", c."organizationId" AS organization_id FROM "Course" c ${whereClause(where)}`,
  );
  if (!course) throw courseNotFound();
  return course;
}

interface LessonRow {
  lesson_id: string;
  title: string;
  kind: string;
  module_id: string;
  module_title: string;
  is_required: boolean;
  in_progress: number;
  completed: number;
  passed: number;
  failed: number;
  score_sum: string | number;
  score_count: number;
  time_seconds: string | number;
  attempts: number;
}

type ReportCourse = { id: string; organization_id: string };

function lessonsSql(course: ReportCourse, q: ReportFilters): Prisma.Sql {
  let figures: Prisma.Sql;
  if (!narrowsEnrollments(q)) {
    figures = Prisma.sql`CROSS JOIN LATERAL (SELECT coalesce(sum(s."inProgress"), 0) AS ip, coalesce(sum(s."completed"), 0) AS co,
        coalesce(sum(s."passed"), 0) AS pa, coalesce(sum(s."failed"), 0) AS fa, coalesce(sum(s."scoreSum"), 0) AS ss, coalesce(sum(s."scoreCount"), 0) AS sc,
        coalesce(sum(s."timeSeconds"), 0) AS ts, coalesce(sum(s."attempts"), 0) AS at
      FROM "ReportLessonStats" s WHERE s."organizationId" = l."organizationId" AND s."courseId" = l."courseId" AND s."lessonId" = l."id") t`;
  } else {
    const narrowed = Prisma.join(enrollmentConditions(q), " AND ");
    figures = Prisma.sql`CROSS JOIN LATERAL (
        SELECT (count(*) FILTER (WHERE lp."status" = 'in_progress')) AS ip, (count(*) FILTER (WHERE lp."status" = 'completed')) AS co,
          (count(*) FILTER (WHERE lp."successStatus" = 'passed')) AS pa, (count(*) FILTER (WHERE lp."successStatus" = 'failed')) AS fa,
          coalesce(sum(report.score_points(lp."scoreScaled")), 0) AS ss, count(lp."scoreScaled") AS sc, coalesce(sum(lp."timeSpentSeconds"), 0) AS ts,
          (SELECT count(*) FROM "ScormAttempt" sa JOIN "Enrollment" e ON e."id" = sa."enrollmentId" WHERE sa."lessonId" = l."id" AND ${narrowed}) AS at
        FROM "LessonProgress" lp JOIN "Enrollment" e ON e."id" = lp."enrollmentId"
        WHERE lp."lessonId" = l."id" AND ${narrowed}) t`;
  }
  return Prisma.sql`SELECT l."id" AS lesson_id, l."title", l."kind"::text AS kind, m."id" AS module_id, m."title" AS module_title, l."isRequired" AS is_required,
      t.ip::int AS in_progress, t.co::int AS completed, t.pa::int AS passed, t.fa::int AS failed, t.ss AS score_sum, t.sc::int AS score_count,
      t.ts AS time_seconds, t.at::int AS attempts
    FROM "Lesson" l JOIN "Module" m ON m."organizationId" = l."organizationId" AND m."id" = l."moduleId"
    ${figures}
    WHERE l."organizationId" = ${course.organization_id}::uuid AND l."courseId" = ${course.id}::uuid
    ORDER BY m."position", l."position", l."id"`;
}

function courseTotalSql(course: ReportCourse, q: ReportFilters): Prisma.Sql {
  if (!narrowsEnrollments(q))
    return Prisma.sql`SELECT coalesce(sum(s."enrolled"), 0)::int AS total FROM "ReportCourseStats" s
      WHERE s."organizationId" = ${course.organization_id}::uuid AND s."courseId" = ${course.id}::uuid`;
  const where = [
    Prisma.sql`e."organizationId" = ${course.organization_id}::uuid`,
    Prisma.sql`e."courseId" = ${course.id}::uuid`,
    ...enrollmentConditions(q),
  ];
  return Prisma.sql`SELECT count(*)::int AS total FROM "Enrollment" e ${whereClause(where)}`;
}

export async function courseLessonsReport(
  ctx: TenantContext,
  courseId: string,
  q: ReportFilters,
): Promise<CourseLessonsJson> {
  const scope = await reportScope(ctx, q);
  const course = await requireReportCourse(scope, courseId, { ...q, course_id: undefined });
  const [rows, [total]] = await Promise.all([
    reportRows<LessonRow>(lessonsSql(course, q)),
    reportRows<{ total: number }>(courseTotalSql(course, q)),
  ]);
  const enrolled = total?.total ?? 0;
  return {
    course: { id: course.id, title: course.title, organization_id: course.organization_id },
    total_enrollments: enrolled,
    items: rows.map((r) => lessonJson(r, enrolled)),
  };
}

function lessonJson(r: LessonRow, enrolled: number): LessonReportRow {
  const opened = r.in_progress + r.completed;
  return {
    lesson_id: r.lesson_id,
    title: r.title,
    kind: r.kind,
    module_id: r.module_id,
    module_title: r.module_title,
    is_required: r.is_required,
    in_progress: r.in_progress,
    completed: r.completed,
    completion_rate: completionRate(r.completed, enrolled),
    passed: r.passed,
    failed: r.failed,
    average_score: r.score_count > 0 ? Math.round(Number(r.score_sum) / r.score_count / 10) / 10 : null,
    attempts: r.attempts,
    average_time_seconds: opened > 0 ? Math.round(Number(r.time_seconds) / opened) : 0,
  };
}

export async function exportCourseLessonsReport(
  ctx: TenantContext,
  courseId: string,
  q: ReportFilters,
): Promise<ReadableStream<Uint8Array>> {
  const report = await courseLessonsReport(ctx, courseId, q);
  const header = [
    "lesson_id",
    "module",
    "title",
    "kind",
    "required",
    "in_progress",
    "completed",
    "completion_rate",
    "passed",
    "failed",
    "average_score",
    "attempts",
    "average_time_seconds",
  ];
  const rows = report.items.map((r) => [
    r.lesson_id,
    r.module_title,
    r.title,
    r.kind,
    r.is_required,
    r.in_progress,
    r.completed,
    r.completion_rate,
    r.passed,
    r.failed,
    r.average_score,
    r.attempts,
    r.average_time_seconds,
  ]);
  return csvOf(header, rows);
}

// ───────────────────────────── one lesson's learners ─────────────────────────────

export interface LessonLearnerRow {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  enrollment_status: string;
  lesson_status: "not_started" | "in_progress" | "completed";
  completed_at: string | null;
  /** SCORM: passed / failed / unknown; null for other lessons or before any result. */
  success_status: string | null;
  /** SCORM score in percent, one decimal. */
  score: number | null;
  time_seconds: number;
  attempts: number;
}

type LearnerRow = Omit<LessonLearnerRow, "completed_at"> & { completed_at: Date | null; total?: unknown };

const LEARNER_SORTS: Record<string, Prisma.Sql> = {
  name: Prisma.sql`u."lastName"`,
  status: Prisma.sql`lesson_status`,
  completed_at: Prisma.sql`lp."completedAt"`,
  score: Prisma.sql`lp."scoreScaled"`,
  time: Prisma.sql`coalesce(lp."timeSpentSeconds", 0)`,
};

function lessonLearnersStatement(course: ReportCourse, lessonId: string, q: LessonLearnersQuery): ListStatement {
  const where = [
    Prisma.sql`e."organizationId" = ${course.organization_id}::uuid`,
    Prisma.sql`e."courseId" = ${course.id}::uuid`,
    ...enrollmentConditions(q),
  ];
  if (q.q)
    where.push(
      Prisma.sql`lower(u."firstName" || ' ' || u."lastName" || ' ' || u."email") LIKE lower(${likePattern(q.q)})`,
    );
  if (q.lesson_status) where.push(Prisma.sql`coalesce(lp."status"::text, 'not_started') = ${q.lesson_status}`);
  const order = orderBy(
    LEARNER_SORTS[q.sort]!,
    defaultOrder(q.sort, q.order, ["name", "status"]),
    Prisma.sql`u."lastName", u."firstName", u."id"`,
  );
  return (
    window,
  ) => Prisma.sql`SELECT u."id" AS user_id, u."firstName" AS first_name, u."lastName" AS last_name, u."email", e."status"::text AS enrollment_status,
        coalesce(lp."status"::text, 'not_started') AS lesson_status, lp."completedAt" AS completed_at, lp."successStatus" AS success_status,
        round((lp."scoreScaled" * 100)::numeric, 1)::float8 AS score, coalesce(lp."timeSpentSeconds", 0) AS time_seconds,
        ((SELECT count(*) FROM "ScormAttempt" sa WHERE sa."enrollmentId" = e."id" AND sa."lessonId" = ${lessonId}::uuid)
          + (SELECT count(*) FROM "Cmi5Registration" r JOIN "Cmi5Course" c ON c."organizationId" = r."organizationId" AND c."id" = r."courseId"
             WHERE c."organizationId" = e."organizationId" AND c."lessonId" = ${lessonId}::uuid AND r."userId" = e."userId"))::int AS attempts,
        count(*) OVER () AS total
      FROM "Enrollment" e
      JOIN "User" u ON u."organizationId" = e."organizationId" AND u."id" = e."userId"
      LEFT JOIN "LessonProgress" lp ON lp."enrollmentId" = e."id" AND lp."lessonId" = ${lessonId}::uuid
      ${whereClause(where)}
      ${order}
      ${pageClause(window)}`;
}

async function requireLesson(course: ReportCourse, lessonId: string): Promise<void> {
  const found = isId(lessonId)
    ? await db().lesson.findFirst({
        where: { organizationId: course.organization_id, courseId: course.id, id: lessonId },
        select: { id: true },
      })
    : null;
  if (!found) throw new AppError("NOT_FOUND", "Lesson not found");
}

const learnerJson = ({ total: _total, completed_at, ...r }: LearnerRow): LessonLearnerRow => ({
  ...r,
  completed_at: completed_at?.toISOString() ?? null,
});

export async function lessonLearnersReport(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
  q: LessonLearnersQuery,
): Promise<Page<LessonLearnerRow>> {
  const scope = await reportScope(ctx, q);
  const course = await requireReportCourse(scope, courseId, { ...q, course_id: undefined });
  await requireLesson(course, lessonId);
  return runPage<LearnerRow, LessonLearnerRow>(
    lessonLearnersStatement(course, lessonId, q),
    windowOf(q),
    q,
    learnerJson,
  );
}

export async function exportLessonLearnersReport(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
  q: LessonLearnersQuery,
): Promise<ReadableStream<Uint8Array>> {
  const scope = await reportScope(ctx, q);
  const course = await requireReportCourse(scope, courseId, { ...q, course_id: undefined });
  await requireLesson(course, lessonId);
  const header = [
    "user_id",
    "first_name",
    "last_name",
    "email",
    "enrollment_status",
    "lesson_status",
    "completed_at",
    "success_status",
    "score",
    "time_seconds",
    "attempts",
  ];
  return csvExport<LearnerRow>(header, lessonLearnersStatement(course, lessonId, q), (r) => [
    r.user_id,
    r.first_name,
    r.last_name,
    r.email,
    r.enrollment_status,
    r.lesson_status,
    r.completed_at?.toISOString() ?? "",
    r.success_status,
    r.score,
    r.time_seconds,
    r.attempts,
  ]);
}
