import "server-only";
import type { ReportFilters } from "@/lib/schemas/reports";
import { IN_PROGRESS, NOT_STARTED } from "@/lib/server/reports/rebuild-sql";
import type { ReportScope } from "@/lib/server/reports/scope";

// SQL pieces every report shares. Values are always bound parameters: `Sql.p(value)` adds one and
// answers its placeholder.

export class Sql {
  readonly values: unknown[] = [];
  p(value: unknown, cast = ""): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

/** The counters of the summary tables, named as there (a subquery `t` of these is what DERIVED reads). */
export const COUNTER_NAMES = [
  "enrolled",
  "notStarted",
  "inProgress",
  "completed",
  "withdrawn",
  "progressSum",
  "scoreSum",
  "scoreCount",
  "passed",
  "failed",
  "timeSeconds",
] as const;

/** The counters from a summary row `s` that may be missing (LEFT JOIN): zeros then. */
export const countersOf = (s: string) => COUNTER_NAMES.map((c) => `coalesce(${s}."${c}", 0) AS "${c}"`).join(", ");

/** The same counters computed from Enrollment rows `e` (the base tables' path). */
export const ENROLLMENT_COUNTERS = `count(e."id")::bigint AS "enrolled", (count(*) FILTER (WHERE ${NOT_STARTED})) AS "notStarted",
  (count(*) FILTER (WHERE ${IN_PROGRESS})) AS "inProgress", (count(*) FILTER (WHERE e."status" = 'completed')) AS "completed",
  (count(*) FILTER (WHERE e."status" = 'withdrawn')) AS "withdrawn", coalesce(sum(e."progressPercent"), 0) AS "progressSum",
  coalesce(sum(e."lessonScoreSum"), 0) AS "scoreSum", coalesce(sum(e."lessonScoreCount"), 0) AS "scoreCount",
  coalesce(sum(e."lessonsPassed"), 0) AS "passed", coalesce(sum(e."lessonsFailed"), 0) AS "failed", coalesce(sum(e."lessonTimeSeconds"), 0) AS "timeSeconds"`;

/** What every row of a breakdown shows, from counters `t`: whole percents, scores in percent (one decimal), seconds. */
export const derivedColumns = (
  t: string,
) => `${t}."enrolled"::int AS enrolled, ${t}."notStarted"::int AS not_started, ${t}."inProgress"::int AS in_progress,
  ${t}."completed"::int AS completed, ${t}."withdrawn"::int AS withdrawn,
  ${completionRateSql(t)} AS completion_rate,
  (CASE WHEN ${t}."enrolled" > 0 THEN round(${t}."progressSum"::numeric / ${t}."enrolled") ELSE 0 END)::int AS average_progress,
  (CASE WHEN ${t}."scoreCount" > 0 THEN round(${t}."scoreSum"::numeric / ${t}."scoreCount" / 100, 1) END)::float8 AS average_score,
  (CASE WHEN ${t}."enrolled" > 0 THEN round(${t}."timeSeconds"::numeric / ${t}."enrolled") ELSE 0 END)::int AS average_time_seconds,
  ${t}."passed"::int AS passed, ${t}."failed"::int AS failed`;

/** The spec's rule in SQL (round half away from zero, as Math.round for these non-negative values). */
export const completionRateSql = (t: string) =>
  `(CASE WHEN ${t}."enrolled" > 0 THEN round(${t}."completed" * 100.0 / ${t}."enrolled") ELSE 0 END)::int`;

/** The sort expressions of DERIVED's columns. */
export const DERIVED_SORTS: Record<string, string> = {
  enrolled: "enrolled",
  in_progress: "in_progress",
  completed: "completed",
  completion_rate: "completion_rate",
  average_progress: "average_progress",
  average_score: "average_score",
  average_time: "average_time_seconds",
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
export function courseConditions(sql: Sql, scope: ReportScope, filters: ReportFilters): string[] {
  const where: string[] = [];
  if (scope.organizationId) where.push(`c."organizationId" = ${sql.p(scope.organizationId, "::uuid")}`);
  if (scope.instructorId)
    where.push(
      `EXISTS (SELECT 1 FROM "CourseInstructor" ci WHERE ci."courseId" = c."id" AND ci."userId" = ${sql.p(scope.instructorId, "::uuid")})`,
    );
  if (filters.category_id) where.push(`c."categoryId" = ${sql.p(filters.category_id, "::uuid")}`);
  if (filters.course_id) where.push(`c."id" = ${sql.p(filters.course_id, "::uuid")}`);
  return where;
}

/** Whether a filter narrows enrollments themselves (their state, date or learners' group): then summaries do not apply. */
export const narrowsEnrollments = (f: ReportFilters) => Boolean(f.status || f.group_id || f.from || f.to);

/** Conditions on an Enrollment `e` for the filters that narrow enrollments. */
export function enrollmentConditions(sql: Sql, filters: ReportFilters): string[] {
  const where: string[] = [];
  if (filters.status) where.push(`e."status" = ${sql.p(filters.status)}::"EnrollmentStatus"`);
  if (filters.from) where.push(`e."enrolledAt" >= ${sql.p(filters.from)}::date`);
  if (filters.to) where.push(`e."enrolledAt" < ${sql.p(filters.to)}::date + 1`);
  if (filters.group_id)
    where.push(
      `EXISTS (SELECT 1 FROM "GroupMember" gm WHERE gm."groupId" = ${sql.p(filters.group_id, "::uuid")} AND gm."userId" = e."userId")`,
    );
  return where;
}

export const whereClause = (conditions: string[]) => (conditions.length ? `WHERE ${conditions.join(" AND ")}` : "");

/** ORDER BY for a list: the chosen column, then the tie-breakers, nulls last whatever the direction. */
export function orderBy(expression: string, order: "asc" | "desc", tieBreakers: string): string {
  return `ORDER BY ${expression} ${order === "desc" ? "DESC" : "ASC"} NULLS LAST, ${tieBreakers}`;
}

/** LIMIT/OFFSET of a page, or of an export's batch. */
export function pageClause(sql: Sql, page: { limit: number; offset: number }): string {
  return `LIMIT ${sql.p(page.limit, "::int")} OFFSET ${sql.p(page.offset, "::int")}`;
}

export interface Window {
  limit: number;
  offset: number;
}
export const windowOf = (q: { page?: number; page_size?: number }): Window => {
  const size = q.page_size ?? 20;
  return { limit: size, offset: ((q.page ?? 1) - 1) * size };
};

/** An active enrollment's "in progress" test, over an Enrollment `e` (else it is not started). */
export const IN_PROGRESS_STATE = `NOT (e."progressPercent" = 0 AND e."lastAccessedAt" IS NULL)`;
