import { db } from "@/lib/db";
import { userProfileSelect } from "@/lib/server/selects";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

export async function listUsers(ctx: TenantContext, take = 100) {
  requirePermission(ctx, "users:manage");
  return db().user.findMany({ where: { organizationId: tenantId(ctx) }, select: userProfileSelect, orderBy: [{ lastName: "asc" }, { firstName: "asc" }], take });
}
