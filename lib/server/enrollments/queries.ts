import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ListEnrollmentsQuery } from "@/lib/schemas/enrollments";
import type { Page } from "@/lib/schemas/pagination";
import { requireCourseEditor } from "@/lib/server/courses/access";
import {
  enrollmentWithUserJson,
  enrollmentWithUserSelect,
  type EnrollmentWithUserJson,
} from "@/lib/server/enrollments/json";
import type { TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

/** GET /api/courses/{id}/enrollments: the course's learners for its editors, searchable by name or e-mail. */
export async function listCourseEnrollments(
  ctx: TenantContext,
  courseId: string,
  query: ListEnrollmentsQuery,
): Promise<Page<EnrollmentWithUserJson>> {
  requirePermission(ctx, "enrollments:manage");
  const { organizationId } = await requireCourseEditor(ctx, courseId);
  const where: Prisma.EnrollmentWhereInput = { organizationId, courseId };
  if (query.status) where.status = query.status;
  if (query.q) {
    const contains = { contains: query.q, mode: "insensitive" } as const;
    where.user = { OR: [{ firstName: contains }, { lastName: contains }, { email: contains }, { username: contains }] };
  }
  const [rows, total] = await Promise.all([
    db().enrollment.findMany({
      where,
      select: enrollmentWithUserSelect,
      orderBy: [{ enrolledAt: "desc" }, { id: "asc" }],
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
    db().enrollment.count({ where }),
  ]);
  return { items: rows.map(enrollmentWithUserJson), page: query.page, page_size: query.page_size, total };
}
