import "server-only";
import type { Page } from "@/lib/schemas/pagination";
import type { LearnerReportQuery } from "@/lib/schemas/reports";
import { csvExport } from "@/lib/server/reports/csv-export";
import { defaultOrder, likePattern, runPage, type CountedList, type ListStatement } from "@/lib/server/reports/list";
import { reportScope, type ReportScope } from "@/lib/server/reports/scope";
import {
  countersOf,
  courseConditions,
  DERIVED_SORTS,
  derivedColumns,
  ENROLLMENT_COUNTERS,
  enrollmentConditions,
  orderBy,
  pageClause,
  Sql,
  whereClause,
  windowOf,
  type DerivedRow,
} from "@/lib/server/reports/sql";
import type { TenantContext } from "@/lib/tenancy/context";

// Per learner: GET /api/reports/learners and its export. Administrators without course, status or date
// filters read the learners' summary rows (a group filter keeps its members), walking the people in name
// order so the first page costs the same in any organization's size; otherwise the enrollments in scope
// are counted per learner (an instructor: their own courses' learners and figures).

export interface LearnerReportRow extends DerivedRow {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  organization_id: string;
  last_activity_at: string | null;
}

type Row = Omit<LearnerReportRow, "last_activity_at"> & { last_activity_at: Date | null; total?: unknown };

const SORTS: Record<string, string> = {
  name: `u."lastName"`,
  email: `u."email"`,
  last_activity: `t."lastActivityAt"`,
  ...DERIVED_SORTS,
};
const TIE = `u."lastName", u."firstName", u."id"`;

const usesSummaries = (scope: ReportScope, q: LearnerReportQuery) =>
  !scope.instructorId && !q.course_id && !q.category_id && !q.status && !q.from && !q.to;

function peopleConditions(sql: Sql, q: LearnerReportQuery, userId: string): string[] {
  const where: string[] = [];
  if (q.q)
    where.push(
      `EXISTS (SELECT 1 FROM "User" su WHERE su."id" = ${userId} AND lower(su."firstName" || ' ' || su."lastName" || ' ' || su."email" || ' ' || su."username") LIKE lower(${sql.p(likePattern(q.q))}))`,
    );
  if (q.group_id)
    where.push(
      `EXISTS (SELECT 1 FROM "GroupMember" gm WHERE gm."groupId" = ${sql.p(q.group_id, "::uuid")} AND gm."userId" = ${userId})`,
    );
  return where;
}

function summaryList(scope: ReportScope, q: LearnerReportQuery): CountedList {
  const conditions = (sql: Sql) => {
    const where = [`s."enrolled" > 0`, ...peopleConditions(sql, q, `s."userId"`)];
    if (scope.organizationId) where.unshift(`s."organizationId" = ${sql.p(scope.organizationId, "::uuid")}`);
    return where;
  };
  return {
    rows: (
      sql,
      window,
    ) => `SELECT u."id" AS user_id, u."firstName" AS first_name, u."lastName" AS last_name, u."email", u."organizationId" AS organization_id,
        t."lastActivityAt" AS last_activity_at, ${derivedColumns("t")}
      FROM "ReportLearnerStats" s
      JOIN "User" u ON u."organizationId" = s."organizationId" AND u."id" = s."userId"
      CROSS JOIN LATERAL (SELECT ${countersOf("s")}, s."lastActivityAt") t
      ${whereClause(conditions(sql))}
      ${orderBy(SORTS[q.sort]!, defaultOrder(q.sort, q.order, ["name", "email"]), TIE)}
      ${pageClause(sql, window)}`,
    count: (sql) => `SELECT count(*) AS total FROM "ReportLearnerStats" s ${whereClause(conditions(sql))}`,
  };
}

function enrollmentList(scope: ReportScope, q: LearnerReportQuery): ListStatement {
  return (sql, window) => {
    const where = [
      ...courseConditions(sql, scope, q),
      ...enrollmentConditions(sql, { ...q, group_id: undefined }),
      ...peopleConditions(sql, q, `e."userId"`),
    ];
    return `SELECT u."id" AS user_id, u."firstName" AS first_name, u."lastName" AS last_name, u."email", u."organizationId" AS organization_id,
        t."lastActivityAt" AS last_activity_at, ${derivedColumns("t")}, count(*) OVER () AS total
      FROM (
        SELECT e."organizationId", e."userId", ${ENROLLMENT_COUNTERS}, max(e."lastAccessedAt") AS "lastActivityAt"
        FROM "Enrollment" e JOIN "Course" c ON c."organizationId" = e."organizationId" AND c."id" = e."courseId"
        ${whereClause(where)}
        GROUP BY 1, 2
      ) t
      JOIN "User" u ON u."organizationId" = t."organizationId" AND u."id" = t."userId"
      ${orderBy(SORTS[q.sort]!, defaultOrder(q.sort, q.order, ["name", "email"]), TIE)}
      ${pageClause(sql, window)}`;
  };
}

/**
 * Sorted by name without summaries (an instructor, or filters): walk the people in name order and count
 * each one's enrollments in scope until the page is full, so the page costs about the same whatever the
 * number of enrollments; the total is one count of the distinct learners.
 */
function byNameList(scope: ReportScope, q: LearnerReportQuery): CountedList {
  const conditions = (sql: Sql) => [
    ...courseConditions(sql, scope, q),
    ...enrollmentConditions(sql, { ...q, group_id: undefined }),
  ];
  return {
    rows: (sql, window) => {
      const people = [`t."enrolled" > 0`, ...peopleConditions(sql, q, `u."id"`)];
      if (scope.organizationId) people.unshift(`u."organizationId" = ${sql.p(scope.organizationId, "::uuid")}`);
      return `SELECT u."id" AS user_id, u."firstName" AS first_name, u."lastName" AS last_name, u."email", u."organizationId" AS organization_id,
          t."lastActivityAt" AS last_activity_at, ${derivedColumns("t")}
        FROM "User" u
        CROSS JOIN LATERAL (
          SELECT ${ENROLLMENT_COUNTERS}, max(e."lastAccessedAt") AS "lastActivityAt"
          FROM "Enrollment" e JOIN "Course" c ON c."organizationId" = e."organizationId" AND c."id" = e."courseId"
          WHERE e."organizationId" = u."organizationId" AND e."userId" = u."id"${conditions(sql)
            .map((w) => ` AND ${w}`)
            .join("")}
        ) t
        ${whereClause(people)}
        ${orderBy(`u."lastName"`, defaultOrder(q.sort, q.order, ["name", "email"]), q.order === "desc" ? `u."firstName" DESC, u."id" DESC` : TIE)}
        ${pageClause(sql, window)}`;
    },
    count: (sql) => {
      const where = [...conditions(sql), ...peopleConditions(sql, q, `e."userId"`)];
      // On the course id alone (its organization is in the conditions): without filters on the enrollments
      // the count reads the index (courseId, lastAccessedAt, userId) only. A DISTINCT subquery rather than
      // count(DISTINCT …), which always sorts: hashing the learners is about three times faster at 100,000
      // enrollments.
      return `SELECT count(*) AS total FROM (SELECT DISTINCT e."userId"
        FROM "Enrollment" e JOIN "Course" c ON c."id" = e."courseId" ${whereClause(where)}) learners`;
    },
  };
}

export function learnerList(scope: ReportScope, q: LearnerReportQuery): ListStatement | CountedList {
  if (usesSummaries(scope, q)) return summaryList(scope, q);
  return q.sort === "name" ? byNameList(scope, q) : enrollmentList(scope, q);
}

function toJson({ total: _total, last_activity_at, ...row }: Row): LearnerReportRow {
  return { ...row, last_activity_at: last_activity_at?.toISOString() ?? null };
}

export async function listLearnerReport(ctx: TenantContext, q: LearnerReportQuery): Promise<Page<LearnerReportRow>> {
  const scope = await reportScope(ctx, q);
  return runPage<Row, LearnerReportRow>(learnerList(scope, q), windowOf(q), q, toJson);
}

export async function exportLearnerReport(
  ctx: TenantContext,
  q: LearnerReportQuery,
): Promise<ReadableStream<Uint8Array>> {
  const scope = await reportScope(ctx, q);
  const header = [
    "user_id",
    "first_name",
    "last_name",
    "email",
    "enrolled",
    "not_started",
    "in_progress",
    "completed",
    "withdrawn",
    "completion_rate",
    "average_progress",
    "average_score",
    "average_time_seconds",
    "passed",
    "failed",
    "last_activity_at",
  ];
  return csvExport<Row>(header, learnerList(scope, q), (r) => [
    r.user_id,
    r.first_name,
    r.last_name,
    r.email,
    r.enrolled,
    r.not_started,
    r.in_progress,
    r.completed,
    r.withdrawn,
    r.completion_rate,
    r.average_progress,
    r.average_score,
    r.average_time_seconds,
    r.passed,
    r.failed,
    r.last_activity_at?.toISOString() ?? "",
  ]);
}
