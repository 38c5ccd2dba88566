import { db } from "@/lib/db";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

export async function listCategories(ctx: TenantContext) {
  requirePermission(ctx, "categories:manage");
  return db().category.findMany({
    where: { organizationId: tenantId(ctx) },
    select: { id: true, name: true, description: true, _count: { select: { courses: true } } },
    orderBy: { name: "asc" },
  });
}
