import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import {
  readOrganizationSettings,
  type OrganizationSettings,
  type TeachingSettings,
} from "@/lib/schemas/organization-settings";
import { readPlatformSetting } from "@/lib/server/settings/platform";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { actsForPlatform, can, requirePermission } from "@/lib/tenancy/permissions";

/**
 * What /admin/settings shows the caller. Administrators edit their organization's settings; the
 * superadmin (on the apex) edits the platform's defaults, which new organizations start with;
 * instructors and org admins read the settings that concern teaching.
 */
export type SettingsView =
  | { scope: "organization" | "platform"; editable: true; settings: OrganizationSettings }
  | { scope: "organization"; editable: false; settings: TeachingSettings };

export async function getSettings(ctx: TenantContext): Promise<SettingsView> {
  if (can(ctx, "settings:manage")) {
    if (actsForPlatform(ctx)) return { scope: "platform", editable: true, settings: await platformDefaults() };
    return { scope: "organization", editable: true, settings: await organizationSettings(tenantId(ctx)) };
  }
  requirePermission(ctx, "settings:read:teaching");
  const { courseDefaults, passwordPolicy } = await organizationSettings(tenantId(ctx));
  return { scope: "organization", editable: false, settings: { courseDefaults, passwordPolicy } };
}

/** The settings new organizations start with (the superadmin's platform defaults). */
export async function platformDefaults(): Promise<OrganizationSettings> {
  return readOrganizationSettings(await readPlatformSetting("organization-defaults"));
}

/** An organization's settings as stored now (not as the request's context loaded them). */
export async function organizationSettings(organizationId: string): Promise<OrganizationSettings> {
  const row = await db().organization.findUnique({ where: { id: organizationId }, select: { settings: true } });
  if (!row) throw new AppError("NOT_FOUND", "Organization not found");
  return readOrganizationSettings(row.settings);
}
