import "server-only";
import { db } from "@/lib/db";
import { isPlatformAdmin } from "@/lib/server/organizations/access";
import type { TenantContext } from "@/lib/tenancy/context";
import { can } from "@/lib/tenancy/permissions";

export interface ExportOrganizationOption {
  id: string;
  name: string;
  subdomain: string;
}

/**
 * The organizations the export page offers: the superadmin every one (by name); an admin none to choose
 * (their own is the only one); nobody else any.
 */
export async function listExportOrganizations(ctx: TenantContext): Promise<ExportOrganizationOption[]> {
  if (!can(ctx.role, "import-export:use") || !isPlatformAdmin(ctx)) return [];
  return db().organization.findMany({ select: { id: true, name: true, subdomain: true }, orderBy: [{ name: "asc" }, { subdomain: "asc" }] });
}
