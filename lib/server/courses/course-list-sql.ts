import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ListCoursesQuery } from "@/lib/schemas/courses";
import type { CourseSummaryRow } from "@/lib/server/courses/json";
import { likePattern } from "@/lib/server/like-pattern";
import { isSignedIn, tenantId, type RequestContext, type TenantContext } from "@/lib/tenancy/context";
import { can } from "@/lib/tenancy/permissions";

// A page of courses in one statement: the rows, their categories and the total of the filter (a window
// count). Built from Prisma.sql fragments, so every value is a bound parameter. The benchmark's ceiling
// server sends the statement this builds, too.

/** What a list shows: staff managing courses see those they may edit; everyone else the published catalog. */
export function isManageView(ctx: RequestContext, query: ListCoursesQuery): ctx is TenantContext {
  return isSignedIn(ctx) && can(ctx, "courses:update:own") && query.view !== "catalog";
}

function conditions(ctx: RequestContext, query: ListCoursesQuery): Prisma.Sql {
  const where = [Prisma.sql`c."organizationId" = ${tenantId(ctx)}::uuid`];
  if (isManageView(ctx, query)) {
    if (!can(ctx, "courses:update:any")) {
      where.push(
        Prisma.sql`EXISTS (SELECT 1 FROM "CourseInstructor" ci WHERE ci."organizationId" = c."organizationId" AND ci."courseId" = c."id" AND ci."userId" = ${ctx.userId}::uuid)`,
      );
    }
    if (query.status) where.push(Prisma.sql`c."status" = ${query.status}::"CourseStatus"`);
  } else {
    where.push(Prisma.sql`c."status" = 'published'`);
  }
  if (query.category_id) where.push(Prisma.sql`c."categoryId" = ${query.category_id}::uuid`);
  if (query.q) {
    const pattern = likePattern(query.q);
    where.push(Prisma.sql`(c."title" ILIKE ${pattern} OR c."description" ILIKE ${pattern})`);
  }
  return Prisma.join(where, " AND ");
}

export function courseListStatement(ctx: RequestContext, query: ListCoursesQuery): Prisma.Sql {
  const order = isManageView(ctx, query)
    ? Prisma.sql`c."updatedAt" DESC, c."id" ASC`
    : Prisma.sql`c."title" ASC, c."id" ASC`;
  return Prisma.sql`SELECT c."id", c."title", c."status"::text AS "status", c."thumbnailUrl", c."updatedAt", c."publishedAt",
  c."moduleCount", c."lessonCount", c."enrollmentCount", c."categoryId", cat."name" AS "categoryName", count(*) OVER ()::int AS "total"
FROM "Course" c
LEFT JOIN "Category" cat ON cat."organizationId" = c."organizationId" AND cat."id" = c."categoryId"
WHERE ${conditions(ctx, query)}
ORDER BY ${order}
LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`;
}

/** The total when the page asked for lies past the end (the window count then has no row to ride on). */
export function courseCountStatement(ctx: RequestContext, query: ListCoursesQuery): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS "total" FROM "Course" c WHERE ${conditions(ctx, query)}`;
}

export interface CourseListRow extends Omit<CourseSummaryRow, "category"> {
  categoryId: string | null;
  categoryName: string | null;
  total: number;
}

export function courseSummaryRow({
  categoryId,
  categoryName,
  total: _total,
  ...course
}: CourseListRow): CourseSummaryRow {
  return { ...course, category: categoryId && categoryName !== null ? { id: categoryId, name: categoryName } : null };
}
