import "server-only";
import { db, queryRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import {
  organizationSettingsSchema,
  readOrganizationSettings,
  type OrganizationSettings,
  type UpdateSettingsInput,
} from "@/lib/schemas/organization-settings";
import { audit, auditActor } from "@/lib/server/audit";
import { lockPlatformSetting, readPlatformSetting, writePlatformSetting } from "@/lib/server/settings/platform";
import { getSettings, type SettingsView } from "@/lib/server/settings/queries";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { actsForPlatform, requirePermission } from "@/lib/tenancy/permissions";

/** The one refusal of a settings write by someone who may only read them (a clear 403, docs/permissions.md). */
export function requireSettingsManager(ctx: TenantContext): void {
  requirePermission(
    ctx,
    "settings:manage",
    "Only administrators can change settings. You can read the settings that concern teaching.",
  );
}

/** Changes the caller's organization's settings (the superadmin on the apex: the platform's defaults). Audited. */
export async function updateSettings(ctx: TenantContext, input: UpdateSettingsInput): Promise<SettingsView> {
  requireSettingsManager(ctx);
  if (actsForPlatform(ctx)) {
    await db().$transaction(async (tx) => {
      await lockPlatformSetting(tx, "organization-defaults");
      const before = readOrganizationSettings(await readPlatformSetting("organization-defaults", tx));
      const after = merged(before, input);
      await writePlatformSetting(tx, "organization-defaults", after);
      await audit(
        {
          organizationId: null,
          ...auditActor(ctx),
          action: "settings.update",
          entityType: "platform",
          data: { changes: changes(before, after) },
        },
        tx,
      );
    });
  } else {
    const organizationId = tenantId(ctx);
    await db().$transaction((tx) => changeOrganizationSettings(tx, ctx, organizationId, input));
  }
  return getSettings(ctx);
}

/**
 * Inside a transaction: an organization's settings with `input` applied, the row locked meanwhile so
 * two admins saving two sections never lose one. Used by the settings page and the organization form.
 */
export async function changeOrganizationSettings(
  tx: Prisma.TransactionClient,
  ctx: TenantContext,
  organizationId: string,
  input: UpdateSettingsInput,
): Promise<void> {
  const [row] = await queryRows<{ settings: unknown }>(
    Prisma.sql`SELECT "settings" FROM "Organization" WHERE "id" = ${organizationId}::uuid FOR UPDATE`,
    tx,
  );
  if (!row) throw new AppError("NOT_FOUND", "Organization not found");
  const before = readOrganizationSettings(row.settings);
  const after = merged(before, input);
  const changed = changes(before, after);
  if (Object.keys(changed).length === 0) return;
  await tx.organization.update({ where: { id: organizationId }, data: { settings: after } });
  await audit(
    {
      organizationId,
      ...auditActor(ctx),
      action: "settings.update",
      entityType: "organization",
      entityId: organizationId,
      data: { changes: changed },
    },
    tx,
  );
}

function merged(before: OrganizationSettings, input: UpdateSettingsInput): OrganizationSettings {
  return organizationSettingsSchema.parse({ ...before, ...input });
}

/** What changed, setting by setting: { key: { from, to } } (the audit log's details). */
function changes(
  before: OrganizationSettings,
  after: OrganizationSettings,
): Record<string, { from: Prisma.InputJsonValue; to: Prisma.InputJsonValue }> {
  const out: Record<string, { from: Prisma.InputJsonValue; to: Prisma.InputJsonValue }> = {};
  for (const key of Object.keys(after) as (keyof OrganizationSettings)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out[key] = { from: before[key], to: after[key] };
  }
  return out;
}
