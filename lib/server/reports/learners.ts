import "server-only";
import { reportRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Page } from "@/lib/schemas/pagination";
import type { LearnerReportQuery } from "@/lib/schemas/reports";
import { csvExport } from "@/lib/server/reports/csv-export";
import { defaultOrder, likePattern, runPage, type CountedList, type ListStatement } from "@/lib/server/reports/list";
import { reportScope, type ReportScope } from "@/lib/server/reports/scope";
import {
  andAll,
  courseConditions,
  DERIVED_COLUMNS,
  DERIVED_SORTS,
  ENROLLMENT_COUNTERS,
  enrollmentConditions,
  learnerSummaries,
  orderBy,
  pageClause,
  SUMMARY_COUNTERS,
  whereClause,
  windowOf,
  type DerivedRow,
} from "@/lib/server/reports/sql";
import type { TenantContext } from "@/lib/tenancy/context";

// Per learner: GET /api/reports/learners and its export. Without course, category, status or date
// filters the summary rows answer it (a group filter keeps its members): an administrator's per learner,
// an instructor's per (instructor, learner), which sum the learner's enrollments in the courses they
// teach. Otherwise the enrollments in scope are counted per learner (an instructor: their own courses').

export interface LearnerReportRow extends DerivedRow {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  organization_id: string;
  last_activity_at: string | null;
}

type Row = Omit<LearnerReportRow, "last_activity_at"> & { last_activity_at: Date | null; total?: unknown };

const SORTS: Record<string, Prisma.Sql> = {
  name: Prisma.sql`u."lastName"`,
  email: Prisma.sql`u."email"`,
  last_activity: Prisma.sql`t."lastActivityAt"`,
  ...DERIVED_SORTS,
};
const TIE = Prisma.sql`u."lastName", u."firstName", u."id"`;

const order = (q: LearnerReportQuery) => defaultOrder(q.sort, q.order, ["name", "email"]);

const usesSummaries = (q: LearnerReportQuery) => !q.course_id && !q.category_id && !q.status && !q.from && !q.to;

/** The search and group filters, as conditions on the learner whose id is `userId` (a column). */
function peopleConditions(q: LearnerReportQuery, userId: Prisma.Sql): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  if (q.q)
    where.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "User" su WHERE su."id" = ${userId} AND lower(su."firstName" || ' ' || su."lastName" || ' ' || su."email" || ' ' || su."username") LIKE lower(${likePattern(q.q)}))`,
    );
  if (q.group_id)
    where.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "GroupMember" gm WHERE gm."groupId" = ${q.group_id}::uuid AND gm."userId" = ${userId})`,
    );
  return where;
}

function summaryList(scope: ReportScope, q: LearnerReportQuery): CountedList {
  const { table, where } = learnerSummaries(scope);
  const conditions = [...where, Prisma.sql`s."enrolled" > 0`, ...peopleConditions(q, Prisma.sql`s."userId"`)];
  return {
    rows: (
      window,
    ) => Prisma.sql`SELECT u."id" AS user_id, u."firstName" AS first_name, u."lastName" AS last_name, u."email", u."organizationId" AS organization_id,
        t."lastActivityAt" AS last_activity_at, ${DERIVED_COLUMNS}
      FROM ${table} s
      JOIN "User" u ON u."organizationId" = s."organizationId" AND u."id" = s."userId"
      CROSS JOIN LATERAL (SELECT ${SUMMARY_COUNTERS}, s."lastActivityAt") t
      ${whereClause(conditions)}
      ${orderBy(SORTS[q.sort]!, order(q), TIE)}
      ${pageClause(window)}`,
    count: () => Prisma.sql`SELECT count(*) AS total FROM ${table} s ${whereClause(conditions)}`,
  };
}

function enrollmentList(scope: ReportScope, q: LearnerReportQuery): ListStatement {
  const where = [
    ...courseConditions(scope, q),
    ...enrollmentConditions({ ...q, group_id: undefined }),
    ...peopleConditions(q, Prisma.sql`e."userId"`),
  ];
  return (
    window,
  ) => Prisma.sql`SELECT u."id" AS user_id, u."firstName" AS first_name, u."lastName" AS last_name, u."email", u."organizationId" AS organization_id,
        t."lastActivityAt" AS last_activity_at, ${DERIVED_COLUMNS}, count(*) OVER () AS total
      FROM (
        SELECT e."organizationId", e."userId", ${ENROLLMENT_COUNTERS}, max(e."lastAccessedAt") AS "lastActivityAt"
        FROM "Enrollment" e JOIN "Course" c ON c."organizationId" = e."organizationId" AND c."id" = e."courseId"
        ${whereClause(where)}
        GROUP BY 1, 2
      ) t
      JOIN "User" u ON u."organizationId" = t."organizationId" AND u."id" = t."userId"
      ${orderBy(SORTS[q.sort]!, order(q), TIE)}
      ${pageClause(window)}`;
}

/**
 * Sorted by name without summaries (filters on the enrollments): walk the people in name order and count
 * each one's enrollments in scope until the page is full, so the page costs about the same whatever the
 * number of enrollments; the total is one count of the distinct learners.
 */
function byNameList(scope: ReportScope, q: LearnerReportQuery): CountedList {
  const conditions = [...courseConditions(scope, q), ...enrollmentConditions({ ...q, group_id: undefined })];
  const people = [Prisma.sql`t."enrolled" > 0`, ...peopleConditions(q, Prisma.sql`u."id"`)];
  if (scope.organizationId) people.unshift(Prisma.sql`u."organizationId" = ${scope.organizationId}::uuid`);
  const ties = q.order === "desc" ? Prisma.sql`u."firstName" DESC, u."id" DESC` : TIE;
  return {
    rows: (
      window,
    ) => Prisma.sql`SELECT u."id" AS user_id, u."firstName" AS first_name, u."lastName" AS last_name, u."email", u."organizationId" AS organization_id,
          t."lastActivityAt" AS last_activity_at, ${DERIVED_COLUMNS}
        FROM "User" u
        CROSS JOIN LATERAL (
          SELECT ${ENROLLMENT_COUNTERS}, max(e."lastAccessedAt") AS "lastActivityAt"
          FROM "Enrollment" e JOIN "Course" c ON c."organizationId" = e."organizationId" AND c."id" = e."courseId"
          WHERE e."organizationId" = u."organizationId" AND e."userId" = u."id"${andAll(conditions)}
        ) t
        ${whereClause(people)}
        ${orderBy(Prisma.sql`u."lastName"`, order(q), ties)}
        ${pageClause(window)}`,
    // On the course id alone (its organization is in the conditions): without filters on the enrollments
    // the count reads the index (courseId, lastAccessedAt, userId) only. A DISTINCT subquery rather than
    // count(DISTINCT …), which always sorts: hashing the learners is about three times faster at 100,000
    // enrollments.
    count: () => Prisma.sql`SELECT count(*) AS total FROM (SELECT DISTINCT e."userId"
        FROM "Enrollment" e JOIN "Course" c ON c."id" = e."courseId" ${whereClause([...conditions, ...peopleConditions(q, Prisma.sql`e."userId"`)])}) learners`,
  };
}

/**
 * An instructor's learners by name, read from their summary rows by walking the organization's people in
 * name order (the user index) and looking each up by key: a page stops after its rows, where sorting the
 * instructor's rows first would read all of them (tens of thousands for an instructor of large courses).
 */
function walkedSummaryRows(scope: ReportScope & { instructorId: string }, q: LearnerReportQuery): ListStatement {
  const people = peopleConditions(q, Prisma.sql`u."id"`);
  if (scope.organizationId) people.unshift(Prisma.sql`u."organizationId" = ${scope.organizationId}::uuid`);
  const ties = q.order === "desc" ? Prisma.sql`u."firstName" DESC, u."id" DESC` : TIE;
  // LIMIT 1 (one row per key anyway) keeps the lookup a subquery of each person, so the walk stays a walk.
  return (
    window,
  ) => Prisma.sql`SELECT u."id" AS user_id, u."firstName" AS first_name, u."lastName" AS last_name, u."email", u."organizationId" AS organization_id,
        t."lastActivityAt" AS last_activity_at, ${DERIVED_COLUMNS}
      FROM "User" u
      CROSS JOIN LATERAL (
        SELECT ${SUMMARY_COUNTERS}, s."lastActivityAt" FROM "ReportInstructorLearnerStats" s
        WHERE s."organizationId" = u."organizationId" AND s."instructorId" = ${scope.instructorId}::uuid AND s."userId" = u."id" AND s."enrolled" > 0
        LIMIT 1
      ) t
      ${whereClause(people)}
      ${orderBy(Prisma.sql`u."lastName"`, order(q), ties)}
      ${pageClause(window)}`;
}

/**
 * From how many learners the walk beats the sort: a page of 20 then walks at most 1/50 of the
 * organization's people, while the sort would read every one of the instructor's rows.
 */
const WALK_FROM_LEARNERS = 1_000;

export function learnerList(scope: ReportScope, q: LearnerReportQuery): ListStatement | CountedList {
  if (usesSummaries(q)) return summaryList(scope, q);
  return q.sort === "name" ? byNameList(scope, q) : enrollmentList(scope, q);
}

function toJson({ total: _total, last_activity_at, ...row }: Row): LearnerReportRow {
  return { ...row, last_activity_at: last_activity_at?.toISOString() ?? null };
}

export async function listLearnerReport(ctx: TenantContext, q: LearnerReportQuery): Promise<Page<LearnerReportRow>> {
  const scope = await reportScope(ctx, q);
  const { instructorId } = scope;
  if (instructorId && usesSummaries(q) && q.sort === "name")
    return instructorLearnersByName({ ...scope, instructorId }, q);
  return runPage<Row, LearnerReportRow>(learnerList(scope, q), windowOf(q), q, toJson);
}

/** The instructor's count first (their summary rows' key), then the statement that reads the page cheapest. */
async function instructorLearnersByName(
  scope: ReportScope & { instructorId: string },
  q: LearnerReportQuery,
): Promise<Page<LearnerReportRow>> {
  const list = summaryList(scope, q);
  const [counted] = await reportRows<{ total: string | number }>(list.count());
  const total = Number(counted?.total ?? 0);
  const statement = total >= WALK_FROM_LEARNERS ? walkedSummaryRows(scope, q) : list.rows;
  const rows = await reportRows<Row>(statement(windowOf(q)));
  return { items: rows.map(toJson), page: q.page ?? 1, page_size: q.page_size ?? 20, total };
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
