import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Page } from "@/lib/schemas/pagination";
import type { GroupReportQuery } from "@/lib/schemas/reports";
import { csvExport } from "@/lib/server/reports/csv-export";
import { defaultOrder, likePattern, runPage, type ListStatement } from "@/lib/server/reports/list";
import { reportScope, type ReportScope } from "@/lib/server/reports/scope";
import {
  andAll,
  courseConditions,
  DERIVED_COLUMNS,
  DERIVED_SORTS,
  ENROLLMENT_COUNTERS,
  enrollmentConditions,
  narrowsEnrollments,
  orderBy,
  pageClause,
  SUMMED_COUNTERS,
  whereClause,
  windowOf,
  type DerivedRow,
} from "@/lib/server/reports/sql";
import type { TenantContext } from "@/lib/tenancy/context";

// Per group: GET /api/reports/groups and its export. A group's figures are its members' enrollments.
// For administrators without course or enrollment filters that is the group's summary row; an instructor
// sees the groups they manage (made, or given a course they teach) with their own courses' enrollments only.

export interface GroupReportRow extends DerivedRow {
  group_id: string;
  name: string;
  members: number;
  organization_id: string;
}

type Row = GroupReportRow & { total?: unknown };

const SORTS: Record<string, Prisma.Sql> = {
  name: Prisma.sql`lower(g."name")`,
  members: Prisma.sql`members`,
  ...DERIVED_SORTS,
};

export function groupListStatement(scope: ReportScope, q: GroupReportQuery): ListStatement {
  const where: Prisma.Sql[] = [];
  if (scope.organizationId) where.push(Prisma.sql`g."organizationId" = ${scope.organizationId}::uuid`);
  if (scope.instructorId) {
    const me = scope.instructorId;
    where.push(Prisma.sql`(g."createdById" = ${me}::uuid OR EXISTS (SELECT 1 FROM "GroupCourse" gc JOIN "CourseInstructor" ci ON ci."courseId" = gc."courseId"
        WHERE gc."groupId" = g."id" AND ci."userId" = ${me}::uuid))`);
  }
  if (q.group_id) where.push(Prisma.sql`g."id" = ${q.group_id}::uuid`);
  if (q.q) where.push(Prisma.sql`g."name" ILIKE ${likePattern(q.q)}`);
  const narrowing = { ...q, group_id: undefined };
  let counters: Prisma.Sql;
  let members: Prisma.Sql;
  if (scope.instructorId || q.course_id || q.category_id || narrowsEnrollments(narrowing)) {
    const conditions = [
      ...courseConditions({ organizationId: null, instructorId: scope.instructorId }, q),
      ...enrollmentConditions(narrowing),
    ];
    counters = Prisma.sql`CROSS JOIN LATERAL (SELECT ${ENROLLMENT_COUNTERS} FROM "GroupMember" gm
          JOIN "Enrollment" e ON e."organizationId" = gm."organizationId" AND e."userId" = gm."userId"
          JOIN "Course" c ON c."organizationId" = e."organizationId" AND c."id" = e."courseId"
          WHERE gm."groupId" = g."id"${andAll(conditions)}) t
        CROSS JOIN LATERAL (SELECT count(*)::int AS members FROM "GroupMember" m WHERE m."groupId" = g."id") mc`;
    members = Prisma.sql`mc.members`;
  } else {
    counters = Prisma.sql`CROSS JOIN LATERAL (SELECT ${SUMMED_COUNTERS}, coalesce(sum(s."members"), 0)::int AS members
          FROM "ReportGroupStats" s WHERE s."organizationId" = g."organizationId" AND s."groupId" = g."id") t`;
    members = Prisma.sql`t.members`;
  }
  const order = orderBy(SORTS[q.sort]!, defaultOrder(q.sort, q.order, ["name"]), Prisma.sql`lower(g."name"), g."id"`);
  return (
    window,
  ) => Prisma.sql`SELECT g."id" AS group_id, g."name", g."organizationId" AS organization_id, ${members} AS members, ${DERIVED_COLUMNS}, count(*) OVER () AS total
      FROM "Group" g
      ${counters}
      ${whereClause(where)}
      ${order}
      ${pageClause(window)}`;
}

const toJson = ({ total: _total, ...row }: Row): GroupReportRow => row;

export async function listGroupReport(ctx: TenantContext, q: GroupReportQuery): Promise<Page<GroupReportRow>> {
  const scope = await reportScope(ctx, q);
  return runPage<Row, GroupReportRow>(groupListStatement(scope, q), windowOf(q), q, toJson);
}

export async function exportGroupReport(ctx: TenantContext, q: GroupReportQuery): Promise<ReadableStream<Uint8Array>> {
  const scope = await reportScope(ctx, q);
  const header = [
    "group_id",
    "name",
    "members",
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
  ];
  return csvExport<Row>(header, groupListStatement(scope, q), (r) => [
    r.group_id,
    r.name,
    r.members,
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
  ]);
}
