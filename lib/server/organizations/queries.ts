import "server-only";
import { db } from "@/lib/db";
import { organizationPublicSelect } from "@/lib/server/selects";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { can, requirePermission } from "@/lib/tenancy/permissions";

/** Every organization for the superadmin; an admin sees (and later edits) its own organization only. */
export async function listOrganizations(ctx: TenantContext) {
  let where = {};
  if (!can(ctx.role, "organizations:manage:all")) {
    requirePermission(ctx, "organization:update:own");
    where = { id: tenantId(ctx) };
  }
  return db().organization.findMany({
    where,
    select: { ...organizationPublicSelect, _count: { select: { users: true, courses: true } } },
    orderBy: { name: "asc" },
  });
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
