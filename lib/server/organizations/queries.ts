import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ListOrganizationsQuery } from "@/lib/schemas/organizations";
import type { Page } from "@/lib/schemas/pagination";
import { organizationNotFound, requireEditableOrganization } from "@/lib/server/organizations/access";
import {
  organizationAdminJson,
  organizationAdminSelect,
  type OrganizationAdminJson,
} from "@/lib/server/organizations/json";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { can, requirePermission } from "@/lib/tenancy/permissions";

/** Every organization for the superadmin (searched, paged); an administrator's page lists their own only. */
export async function listOrganizations(
  ctx: TenantContext,
  query: ListOrganizationsQuery,
): Promise<Page<OrganizationAdminJson>> {
  const where: Prisma.OrganizationWhereInput = {};
  if (!can(ctx, "organizations:manage:all")) {
    requirePermission(ctx, "organization:update:own");
    where.id = tenantId(ctx);
  }
  if (query.status) where.status = query.status;
  if (query.q)
    where.OR = [
      { name: { contains: query.q, mode: "insensitive" } },
      { subdomain: { contains: query.q.toLowerCase() } },
    ];
  const [rows, total] = await Promise.all([
    db().organization.findMany({
      where,
      select: organizationAdminSelect,
      orderBy: [{ name: "asc" }, { id: "asc" }],
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
    db().organization.count({ where }),
  ]);
  return { items: rows.map(organizationAdminJson), page: query.page, page_size: query.page_size, total };
}

export async function getOrganization(ctx: TenantContext, organizationId: string): Promise<OrganizationAdminJson> {
  const { id } = await requireEditableOrganization(ctx, organizationId);
  const row = await db().organization.findUnique({ where: { id }, select: organizationAdminSelect });
  if (!row) throw organizationNotFound();
  return organizationAdminJson(row);
}

/** Head counts for the organization overview. */
export async function organizationOverview(ctx: TenantContext) {
  requirePermission(ctx, "organization:read:overview");
  const organizationId = tenantId(ctx);
  const [users, courses, publishedCourses, enrollments, groups] = await Promise.all([
    db().user.count({ where: { organizationId } }),
    db().course.count({ where: { organizationId } }),
    db().course.count({ where: { organizationId, status: "published" } }),
    db().enrollment.count({ where: { organizationId } }),
    db().group.count({ where: { organizationId } }),
  ]);
  return { users, courses, publishedCourses, enrollments, groups };
}
