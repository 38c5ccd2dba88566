import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { UserImport } from "@/lib/generated/prisma/client";
import { isId } from "@/lib/schemas/id";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { can, requirePermission } from "@/lib/tenancy/permissions";

// Who may import where (docs/permissions.md "CSV user import"): admins into their own organization,
// the superadmin (organizations:manage:all) into the one they name. Another organization's import is a
// 404, like every record.

/** The organization an upload goes to: the admin's own; the superadmin's choice (or the host's). */
export async function importOrganizationFor(ctx: TenantContext, organizationId: string | undefined): Promise<string> {
  requirePermission(ctx, "import-export:use");
  if (!can(ctx, "organizations:manage:all")) {
    const own = tenantId(ctx);
    if (organizationId && organizationId !== own) throw new AppError("NOT_FOUND", "Organization not found");
    return own;
  }
  const id = organizationId ?? ctx.organizationId;
  if (!id) {
    const message = "Choose the organization to import into (organization_id)";
    throw new AppError("VALIDATION_FAILED", message, { fieldErrors: { organization_id: [message] } });
  }
  const found = await db().organization.findUnique({ where: { id }, select: { id: true } });
  if (!found) throw new AppError("NOT_FOUND", "Organization not found");
  return id;
}

/** The organizations whose imports the caller sees: theirs, or (the superadmin) any, or the one named. */
export function importScope(ctx: TenantContext, organizationId?: string): { organizationId?: string } {
  requirePermission(ctx, "import-export:use");
  if (can(ctx, "organizations:manage:all"))
    return organizationId ? { organizationId } : ctx.organizationId ? { organizationId: ctx.organizationId } : {};
  return { organizationId: tenantId(ctx) };
}

/** An import the caller may see, or a 404. */
export async function requireImport(ctx: TenantContext, importId: string): Promise<UserImport> {
  requirePermission(ctx, "import-export:use");
  const notFound = new AppError("NOT_FOUND", "Import not found");
  if (!isId(importId)) throw notFound;
  const scope = can(ctx, "organizations:manage:all") ? {} : { organizationId: tenantId(ctx) };
  const found = await db().userImport.findFirst({ where: { id: importId, ...scope, status: { not: "receiving" } } });
  if (!found) throw notFound;
  return found;
}
