import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { ReportFilters } from "@/lib/schemas/reports";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { actsForPlatform, can, requirePermission } from "@/lib/tenancy/permissions";

// Whose figures a report shows (docs/permissions.md "Reports"): an instructor the courses they teach; an
// org_admin or admin their organization; the superadmin (on the apex) every organization, or the one
// named by organization_id. Learners have no reports (403).

export interface ReportScope {
  /** null: every organization (the superadmin's platform view). */
  organizationId: string | null;
  /** Set for instructors: only the courses they teach. */
  instructorId: string | null;
}

export const organizationNotFound = () => new AppError("NOT_FOUND", "Organization not found");

export async function reportScope(
  ctx: TenantContext,
  filters: Pick<ReportFilters, "organization_id">,
): Promise<ReportScope> {
  requirePermission(ctx, "reports:read");
  if (actsForPlatform(ctx)) {
    if (!filters.organization_id) return { organizationId: null, instructorId: null };
    const found = await db().organization.findUnique({ where: { id: filters.organization_id }, select: { id: true } });
    if (!found) throw organizationNotFound();
    return { organizationId: found.id, instructorId: null };
  }
  const organizationId = tenantId(ctx);
  // Another organization's id names nothing here (a 404, as every record of another tenant is).
  if (filters.organization_id && filters.organization_id !== organizationId) throw organizationNotFound();
  return { organizationId, instructorId: can(ctx, "reports:read:any") ? null : ctx.userId };
}

/** The superadmin's platform view and its per-organization table: the superadmin only. */
export function requirePlatformReports(ctx: TenantContext): void {
  requirePermission(ctx, "reports:read");
  requirePermission(ctx, "organizations:manage:all");
}
