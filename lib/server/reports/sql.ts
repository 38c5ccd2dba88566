import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ReportFilters } from "@/lib/schemas/reports";
import type { ReportScope } from "@/lib/server/reports/scope";

// SQL pieces every report shares, as `Prisma.sql` fragments: values are always bound parameters, and the
// fragments without values (column lists, sort expressions) are constants of this code.

/** The counters from a summary row `s` that may be missing (LEFT JOIN): zeros then. */
export const SUMMARY_COUNTERS = Prisma.sql`coalesce(s."enrolled", 0) AS "enrolled", coalesce(s."notStarted", 0) AS "notStarted",
  coalesce(s."inProgress", 0) AS "inProgress", coalesce(s."completed", 0) AS "completed", coalesce(s."withdrawn", 0) AS "withdrawn",
  coalesce(s."progressSum", 0) AS "progressSum", coalesce(s."scoreSum", 0) AS "scoreSum", coalesce(s."scoreCount", 0) AS "scoreCount",
  coalesce(s."passed", 0) AS "passed", coalesce(s."failed", 0) AS "failed", coalesce(s."timeSeconds", 0) AS "timeSeconds"`;

/** The counters summed over summary rows `s`. */
export const SUMMED_COUNTERS = Prisma.sql`coalesce(sum(s."enrolled"), 0) AS "enrolled", coalesce(sum(s."notStarted"), 0) AS "notStarted",
  coalesce(sum(s."inProgress"), 0) AS "inProgress", coalesce(sum(s."completed"), 0) AS "completed", coalesce(sum(s."withdrawn"), 0) AS "withdrawn",
  coalesce(sum(s."progressSum"), 0) AS "progressSum", coalesce(sum(s."scoreSum"), 0) AS "scoreSum", coalesce(sum(s."scoreCount"), 0) AS "scoreCount",
  coalesce(sum(s."passed"), 0) AS "passed", coalesce(sum(s."failed"), 0) AS "failed", coalesce(sum(s."timeSeconds"), 0) AS "timeSeconds"`;

/**
 * Whether an Enrollment `e` is in progress (active, and opened or with progress; else not started): the
 * counters' rule, defined once with the summaries in lib/server/reports/summaries.sql.
 */
export const IN_PROGRESS_STATE = Prisma.sql`report.in_progress(e."status", e."progressPercent", e."lastAccessedAt")`;

/** The same counters computed from Enrollment rows `e` (the base tables' path), with the summaries' state rules. */
export const ENROLLMENT_COUNTERS = Prisma.sql`count(e."id")::bigint AS "enrolled",
  (count(*) FILTER (WHERE report.not_started(e."status", e."progressPercent", e."lastAccessedAt"))) AS "notStarted",
  (count(*) FILTER (WHERE ${IN_PROGRESS_STATE})) AS "inProgress", (count(*) FILTER (WHERE e."status" = 'completed')) AS "completed",
  (count(*) FILTER (WHERE e."status" = 'withdrawn')) AS "withdrawn", coalesce(sum(e."progressPercent"), 0) AS "progressSum",
  coalesce(sum(e."lessonScoreSum"), 0) AS "scoreSum", coalesce(sum(e."lessonScoreCount"), 0) AS "scoreCount",
  coalesce(sum(e."lessonsPassed"), 0) AS "passed", coalesce(sum(e."lessonsFailed"), 0) AS "failed", coalesce(sum(e."lessonTimeSeconds"), 0) AS "timeSeconds"`;

/** What every row of a breakdown shows, from counters `t`: whole percents, scores in percent (one decimal), seconds. */
export const DERIVED_COLUMNS = Prisma.sql`t."enrolled"::int AS enrolled, t."notStarted"::int AS not_started, t."inProgress"::int AS in_progress,
  t."completed"::int AS completed, t."withdrawn"::int AS withdrawn,
  (CASE WHEN t."enrolled" > 0 THEN round(t."completed" * 100.0 / t."enrolled") ELSE 0 END)::int AS completion_rate,
  (CASE WHEN t."enrolled" > 0 THEN round(t."progressSum"::numeric / t."enrolled") ELSE 0 END)::int AS average_progress,
  (CASE WHEN t."scoreCount" > 0 THEN round(t."scoreSum"::numeric / t."scoreCount" / 100, 1) END)::float8 AS average_score,
  (CASE WHEN t."enrolled" > 0 THEN round(t."timeSeconds"::numeric / t."enrolled") ELSE 0 END)::int AS average_time_seconds,
  t."passed"::int AS passed, t."failed"::int AS failed`;

/** The sort expressions of DERIVED_COLUMNS' columns. */
export const DERIVED_SORTS: Record<string, Prisma.Sql> = {
  enrolled: Prisma.sql`enrolled`,
  in_progress: Prisma.sql`in_progress`,
  completed: Prisma.sql`completed`,
  completion_rate: Prisma.sql`completion_rate`,
  average_progress: Prisma.sql`average_progress`,
  average_score: Prisma.sql`average_score`,
  average_time: Prisma.sql`average_time_seconds`,
};

export interface DerivedRow {
  enrolled: number;
  not_started: number;
  in_progress: number;
  completed: number;
  withdrawn: number;
  completion_rate: number;
  average_progress: number;
  average_score: number | null;
  average_time_seconds: number;
  passed: number;
  failed: number;
}

/** The courses of the scope, with the course filters, as conditions on a Course `c`. */
export function courseConditions(scope: ReportScope, filters: ReportFilters): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  if (scope.organizationId) where.push(Prisma.sql`c."organizationId" = ${scope.organizationId}::uuid`);
  if (scope.instructorId)
    where.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "CourseInstructor" ci WHERE ci."courseId" = c."id" AND ci."userId" = ${scope.instructorId}::uuid)`,
    );
  if (filters.category_id) where.push(Prisma.sql`c."categoryId" = ${filters.category_id}::uuid`);
  if (filters.course_id) where.push(Prisma.sql`c."id" = ${filters.course_id}::uuid`);
  return where;
}

/**
 * The per-learner summary rows a scope reads, as a table for alias `s` and its scope's conditions: an
 * administrator's per learner, an instructor's per (instructor, learner) over the courses they teach.
 */
export function learnerSummaries(scope: ReportScope): { table: Prisma.Sql; where: Prisma.Sql[] } {
  const where: Prisma.Sql[] = [];
  if (scope.organizationId) where.push(Prisma.sql`s."organizationId" = ${scope.organizationId}::uuid`);
  if (!scope.instructorId) return { table: Prisma.sql`"ReportLearnerStats"`, where };
  where.push(Prisma.sql`s."instructorId" = ${scope.instructorId}::uuid`);
  return { table: Prisma.sql`"ReportInstructorLearnerStats"`, where };
}

/** Whether a filter narrows enrollments themselves (their state, date or learners' group): then summaries do not apply. */
export const narrowsEnrollments = (f: ReportFilters) => Boolean(f.status || f.group_id || f.from || f.to);

/** Conditions on an Enrollment `e` for the filters that narrow enrollments. */
export function enrollmentConditions(filters: ReportFilters): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  if (filters.status) where.push(Prisma.sql`e."status" = ${filters.status}::"EnrollmentStatus"`);
  if (filters.from) where.push(Prisma.sql`e."enrolledAt" >= ${filters.from}::date`);
  if (filters.to) where.push(Prisma.sql`e."enrolledAt" < ${filters.to}::date + 1`);
  if (filters.group_id)
    where.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "GroupMember" gm WHERE gm."groupId" = ${filters.group_id}::uuid AND gm."userId" = e."userId")`,
    );
  return where;
}

/** `WHERE a AND b …`, or nothing without conditions. */
export const whereClause = (conditions: Prisma.Sql[]) =>
  conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;

/** ` AND a AND b …` after conditions of the statement's own, or nothing. */
export const andAll = (conditions: Prisma.Sql[]) =>
  conditions.length ? Prisma.sql` AND ${Prisma.join(conditions, " AND ")}` : Prisma.empty;

/** ORDER BY for a list: the chosen column, then the tie-breakers, nulls last whatever the direction. */
export function orderBy(expression: Prisma.Sql, order: "asc" | "desc", tieBreakers: Prisma.Sql): Prisma.Sql {
  return order === "desc"
    ? Prisma.sql`ORDER BY ${expression} DESC NULLS LAST, ${tieBreakers}`
    : Prisma.sql`ORDER BY ${expression} ASC NULLS LAST, ${tieBreakers}`;
}

/** LIMIT/OFFSET of a page, or of an export's batch. */
export const pageClause = (page: { limit: number; offset: number }) =>
  Prisma.sql`LIMIT ${page.limit}::int OFFSET ${page.offset}::int`;

export interface Window {
  limit: number;
  offset: number;
}
export const windowOf = (q: { page?: number; page_size?: number }): Window => {
  const size = q.page_size ?? 20;
  return { limit: size, offset: ((q.page ?? 1) - 1) * size };
};
