import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { CourseReportQuery } from "@/lib/schemas/reports";
import type { Page } from "@/lib/schemas/pagination";
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

// Per course: GET /api/reports/courses and its export. Without filters on the enrollments themselves
// (status, dates, group) a row is the course's summary row; with them, its enrollments counted.

export interface CourseReportRow extends DerivedRow {
  course_id: string;
  title: string;
  status: string;
  category: { id: string; name: string } | null;
  organization_id: string;
}

interface Row extends DerivedRow {
  course_id: string;
  title: string;
  status: string;
  category_id: string | null;
  category_name: string | null;
  organization_id: string;
}

const SORTS: Record<string, Prisma.Sql> = { title: Prisma.sql`lower(c."title")`, ...DERIVED_SORTS };

export function courseListStatement(scope: ReportScope, q: CourseReportQuery): ListStatement {
  const where = courseConditions(scope, q);
  if (q.q) where.push(Prisma.sql`c."title" ILIKE ${likePattern(q.q)}`);
  let counters: Prisma.Sql;
  if (narrowsEnrollments(q)) {
    counters = Prisma.sql`CROSS JOIN LATERAL (SELECT ${ENROLLMENT_COUNTERS} FROM "Enrollment" e
        WHERE e."organizationId" = c."organizationId" AND e."courseId" = c."id"${andAll(enrollmentConditions(q))}) t`;
    where.push(Prisma.sql`t."enrolled" > 0`);
  } else {
    counters = Prisma.sql`CROSS JOIN LATERAL (SELECT ${SUMMED_COUNTERS} FROM "ReportCourseStats" s
        WHERE s."organizationId" = c."organizationId" AND s."courseId" = c."id") t`;
  }
  const order = orderBy(SORTS[q.sort]!, defaultOrder(q.sort, q.order, ["title"]), Prisma.sql`lower(c."title"), c."id"`);
  return (
    window,
  ) => Prisma.sql`SELECT c."id" AS course_id, c."title", c."status"::text AS status, c."organizationId" AS organization_id,
        cat."id" AS category_id, cat."name" AS category_name, ${DERIVED_COLUMNS}, count(*) OVER () AS total
      FROM "Course" c
      LEFT JOIN "Category" cat ON cat."organizationId" = c."organizationId" AND cat."id" = c."categoryId"
      ${counters}
      ${whereClause(where)}
      ${order}
      ${pageClause(window)}`;
}

function toJson(row: Row): CourseReportRow {
  const { category_id, category_name, ...rest } = row;
  delete (rest as { total?: unknown }).total;
  return { ...rest, category: category_id ? { id: category_id, name: category_name ?? "" } : null };
}

export async function listCourseReport(ctx: TenantContext, q: CourseReportQuery): Promise<Page<CourseReportRow>> {
  const scope = await reportScope(ctx, q);
  return runPage<Row, CourseReportRow>(courseListStatement(scope, q), windowOf(q), q, toJson);
}

export const COURSE_CSV_HEADER = [
  "course_id",
  "title",
  "category",
  "status",
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

export async function exportCourseReport(
  ctx: TenantContext,
  q: CourseReportQuery,
): Promise<ReadableStream<Uint8Array>> {
  const scope = await reportScope(ctx, q);
  return csvExport<Row>(COURSE_CSV_HEADER, courseListStatement(scope, q), (r) => [
    r.course_id,
    r.title,
    r.category_name,
    r.status,
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
