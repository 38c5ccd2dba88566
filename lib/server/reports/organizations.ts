import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Page } from "@/lib/schemas/pagination";
import type { OrganizationReportQuery } from "@/lib/schemas/reports";
import { csvExport } from "@/lib/server/reports/csv-export";
import { defaultOrder, likePattern, runPage, type ListStatement } from "@/lib/server/reports/list";
import { reportScope, requirePlatformReports, type ReportScope } from "@/lib/server/reports/scope";
import {
  DERIVED_COLUMNS,
  ENROLLMENT_COUNTERS,
  enrollmentConditions,
  orderBy,
  pageClause,
  SUMMED_COUNTERS,
  whereClause,
  windowOf,
  type DerivedRow,
} from "@/lib/server/reports/sql";
import type { TenantContext } from "@/lib/tenancy/context";

// GET /api/reports/organizations (the superadmin only): one row per organization, the sums of its course
// rows (or, with status or date filters, its enrollments counted), its people, courses and active learners.

export interface OrganizationReportRow extends DerivedRow {
  organization_id: string;
  name: string;
  subdomain: string;
  status: string;
  users: number;
  courses: number;
  active_learners: number;
}

type Row = OrganizationReportRow & { total?: unknown };

const SORTS: Record<string, Prisma.Sql> = {
  name: Prisma.sql`lower(o."name")`,
  users: Prisma.sql`users`,
  courses: Prisma.sql`courses`,
  enrolled: Prisma.sql`enrolled`,
  completed: Prisma.sql`completed`,
  completion_rate: Prisma.sql`completion_rate`,
  active_learners: Prisma.sql`active_learners`,
};

function organizationStatement(scope: ReportScope, q: OrganizationReportQuery): ListStatement {
  const where: Prisma.Sql[] = [];
  if (scope.organizationId) where.push(Prisma.sql`o."id" = ${scope.organizationId}::uuid`);
  if (q.q) where.push(Prisma.sql`(o."name" ILIKE ${likePattern(q.q)} OR o."subdomain" ILIKE ${likePattern(q.q)})`);
  const narrowed = enrollmentConditions({ status: q.status, from: q.from, to: q.to });
  const counters = narrowed.length
    ? Prisma.sql`CROSS JOIN LATERAL (SELECT ${ENROLLMENT_COUNTERS} FROM "Enrollment" e WHERE e."organizationId" = o."id" AND ${Prisma.join(narrowed, " AND ")}) t`
    : Prisma.sql`CROSS JOIN LATERAL (SELECT ${SUMMED_COUNTERS} FROM "ReportCourseStats" s WHERE s."organizationId" = o."id") t`;
  const order = orderBy(SORTS[q.sort]!, defaultOrder(q.sort, q.order, ["name"]), Prisma.sql`lower(o."name"), o."id"`);
  return (window) => Prisma.sql`SELECT o."id" AS organization_id, o."name", o."subdomain", o."status"::text AS status,
        (SELECT count(*) FROM "User" u WHERE u."organizationId" = o."id")::int AS users,
        (SELECT count(*) FROM "Course" c WHERE c."organizationId" = o."id")::int AS courses,
        (SELECT count(*) FROM "ReportLearnerStats" l WHERE l."organizationId" = o."id" AND l."lastActivityAt" >= (now() AT TIME ZONE 'UTC') - interval '30 days')::int AS active_learners,
        ${DERIVED_COLUMNS}, count(*) OVER () AS total
      FROM "Organization" o
      ${counters}
      ${whereClause(where)}
      ${order}
      ${pageClause(window)}`;
}

const toJson = ({ total: _total, ...row }: Row): OrganizationReportRow => row;

export async function listOrganizationReport(
  ctx: TenantContext,
  q: OrganizationReportQuery,
): Promise<Page<OrganizationReportRow>> {
  requirePlatformReports(ctx);
  const scope = await reportScope(ctx, q);
  return runPage<Row, OrganizationReportRow>(organizationStatement(scope, q), windowOf(q), q, toJson);
}

export async function exportOrganizationReport(
  ctx: TenantContext,
  q: OrganizationReportQuery,
): Promise<ReadableStream<Uint8Array>> {
  requirePlatformReports(ctx);
  const scope = await reportScope(ctx, q);
  const header = [
    "organization_id",
    "name",
    "subdomain",
    "status",
    "users",
    "courses",
    "active_learners",
    "enrolled",
    "in_progress",
    "completed",
    "withdrawn",
    "completion_rate",
    "average_progress",
    "average_score",
  ];
  return csvExport<Row>(header, organizationStatement(scope, q), (r) => [
    r.organization_id,
    r.name,
    r.subdomain,
    r.status,
    r.users,
    r.courses,
    r.active_learners,
    r.enrolled,
    r.in_progress,
    r.completed,
    r.withdrawn,
    r.completion_rate,
    r.average_progress,
    r.average_score,
  ]);
}
