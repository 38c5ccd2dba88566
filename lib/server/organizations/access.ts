import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isId } from "@/lib/schemas/id";
import { organizationPublicSelect, type OrganizationPublic } from "@/lib/server/selects";
import type { TenantContext } from "@/lib/tenancy/context";
import { can, requirePermission } from "@/lib/tenancy/permissions";

// Who reaches which organization's record: the superadmin every one; an administrator their own only
// (another organization is a 404, as every record of another tenant is); nobody else any.

export const organizationNotFound = () => new AppError("NOT_FOUND", "Organization not found");
/** `field`: the request's name for the subdomain (its field error goes there). */
export const subdomainTaken = (field = "subdomain") =>
  new AppError("CONFLICT", "This subdomain is already taken", {
    fieldErrors: { [field]: ["This subdomain is already taken"] },
  });

/** The organization the caller may edit (name, branding, self-registration). */
export async function requireEditableOrganization(
  ctx: TenantContext,
  organizationId: string,
): Promise<OrganizationPublic> {
  if (!can(ctx, "organizations:manage:all")) {
    requirePermission(ctx, "organization:update:own");
    if (organizationId !== ctx.organizationId) throw organizationNotFound();
  }
  return findOrganization(organizationId);
}

/** For what only the superadmin does (create, suspend, reactivate, change a subdomain). */
export async function requirePlatformOrganization(
  ctx: TenantContext,
  organizationId: string,
): Promise<OrganizationPublic> {
  requirePermission(ctx, "organizations:manage:all");
  return findOrganization(organizationId);
}

async function findOrganization(organizationId: string): Promise<OrganizationPublic> {
  if (!isId(organizationId)) throw organizationNotFound();
  const organization = await db().organization.findUnique({
    where: { id: organizationId },
    select: organizationPublicSelect,
  });
  if (!organization) throw organizationNotFound();
  return organization;
}
