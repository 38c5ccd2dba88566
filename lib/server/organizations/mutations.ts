import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { readOrganizationBranding, type UpdateSettingsInput } from "@/lib/schemas/organization";
import type { OrganizationStatusInput, UpdateOrganizationInput } from "@/lib/schemas/organizations";
import { audit } from "@/lib/server/audit";
import { requireEditableOrganization, requirePlatformOrganization } from "@/lib/server/organizations/access";
import type { OrganizationAdminJson } from "@/lib/server/organizations/json";
import { getOrganization } from "@/lib/server/organizations/queries";
import { changeOrganizationSettings } from "@/lib/server/settings/mutations";
import type { TenantContext } from "@/lib/tenancy/context";

/** Name, primary colour and self-registration: the admin of the organization, or the superadmin. Audited. */
export async function updateOrganization(ctx: TenantContext, organizationId: string, input: UpdateOrganizationInput): Promise<OrganizationAdminJson> {
  const organization = await requireEditableOrganization(ctx, organizationId);
  const { id } = organization;
  await db().$transaction(async (tx) => {
    const changes: Record<string, { from: Prisma.InputJsonValue | null; to: Prisma.InputJsonValue | null }> = {};
    const data: Prisma.OrganizationUpdateInput = {};
    if (input.name !== undefined && input.name !== organization.name) {
      data.name = input.name;
      changes.name = { from: organization.name, to: input.name };
    }
    if (input.primary_color !== undefined) {
      const { primaryColor, ...branding } = readOrganizationBranding(organization.branding);
      if ((primaryColor ?? null) !== input.primary_color) {
        data.branding = input.primary_color ? { ...branding, primaryColor: input.primary_color } : branding;
        changes.primaryColor = { from: primaryColor ?? null, to: input.primary_color };
      }
    }
    if (Object.keys(data).length > 0) {
      await tx.organization.update({ where: { id }, data });
      await audit({ organizationId: id, actorId: ctx.userId, action: "organization.update", entityType: "organization", entityId: id, data: { changes } }, tx);
    }
    // Self-registration is a setting: changed (and audited) as the settings page changes it.
    const registration: UpdateSettingsInput = {};
    if (input.allow_self_registration !== undefined) registration.allowSelfRegistration = input.allow_self_registration;
    if (input.self_registration_role !== undefined) registration.selfRegistrationRole = input.self_registration_role;
    if (Object.keys(registration).length > 0) await changeOrganizationSettings(tx, ctx, id, registration);
  });
  return getOrganization(ctx, id);
}

/**
 * Suspends or reactivates an organization (the superadmin). While suspended its users cannot sign in, its
 * host shows a page saying so and its API refuses every call; suspending also ends every session, so
 * after a reactivation everyone signs in again. Audited.
 */
export async function setOrganizationStatus(ctx: TenantContext, organizationId: string, input: OrganizationStatusInput): Promise<OrganizationAdminJson> {
  const organization = await requirePlatformOrganization(ctx, organizationId);
  const { id } = organization;
  if (organization.status !== input.status) {
    await db().$transaction(async (tx) => {
      await tx.organization.update({ where: { id }, data: { status: input.status } });
      if (input.status === "suspended") await endSessions(tx, id);
      const action = input.status === "suspended" ? "organization.suspend" : "organization.reactivate";
      await audit({ organizationId: id, actorId: ctx.userId, action, entityType: "organization", entityId: id, data: { name: organization.name } }, tx);
    });
  }
  return getOrganization(ctx, id);
}

/** Every token of the organization's users stops working (their sessionVersion moves on). */
export async function endSessions(tx: Prisma.TransactionClient, organizationId: string): Promise<void> {
  await tx.user.updateMany({ where: { organizationId }, data: { sessionVersion: { increment: 1 } } });
}
