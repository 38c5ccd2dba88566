import { db } from "@/lib/db";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";

/** The caller's own enrollments, most recently used first. */
export async function listMyEnrollments(ctx: TenantContext) {
  if (!ctx.organizationId) return [];
  return db().enrollment.findMany({
    where: { organizationId: tenantId(ctx), userId: ctx.userId, status: { not: "withdrawn" } },
    select: { id: true, status: true, progressPercent: true, completedAt: true, course: { select: { id: true, title: true } } },
    orderBy: [{ lastAccessedAt: { sort: "desc", nulls: "last" } }, { enrolledAt: "desc" }],
    take: 50,
  });
}
