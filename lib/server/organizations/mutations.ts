import "server-only";
import { endOrganizationSessions } from "@/lib/server/sessions/end-sessions";
import { NO_PASSWORD_HASH } from "@/lib/auth/password";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/log/logger";
import { readOrganizationBranding, type UpdateSettingsInput } from "@/lib/schemas/organization-settings";
import type {
  CreateOrganizationInput,
  OrganizationStatusInput,
  UpdateOrganizationInput,
} from "@/lib/schemas/organizations";
import { sendInvitation } from "@/lib/server/accounts/invitation";
import { audit, auditActor } from "@/lib/server/audit";
import { requireEditableOrganization, requirePlatformOrganization } from "@/lib/server/organizations/access";
import { claimingSubdomain, createOrganizationWithAdmin } from "@/lib/server/organizations/create-with-admin";
import type { OrganizationAdminJson } from "@/lib/server/organizations/json";
import { getOrganization } from "@/lib/server/organizations/queries";
import { changeOrganizationSettings } from "@/lib/server/settings/mutations";
import { platformDefaults } from "@/lib/server/settings/queries";
import type { TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

/** Name, primary colour and self-registration: the admin of the organization, or the superadmin. Audited. */
export async function updateOrganization(
  ctx: TenantContext,
  organizationId: string,
  input: UpdateOrganizationInput,
): Promise<OrganizationAdminJson> {
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
      await audit(
        {
          organizationId: id,
          ...auditActor(ctx),
          action: "organization.update",
          entityType: "organization",
          entityId: id,
          data: { changes },
        },
        tx,
      );
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
export async function setOrganizationStatus(
  ctx: TenantContext,
  organizationId: string,
  input: OrganizationStatusInput,
): Promise<OrganizationAdminJson> {
  const organization = await requirePlatformOrganization(ctx, organizationId);
  const { id } = organization;
  if (organization.status !== input.status) {
    await db().$transaction(async (tx) => {
      await tx.organization.update({ where: { id }, data: { status: input.status } });
      if (input.status === "suspended") await endSessions(tx, id);
      const action = input.status === "suspended" ? "organization.suspend" : "organization.reactivate";
      await audit(
        {
          organizationId: id,
          ...auditActor(ctx),
          action,
          entityType: "organization",
          entityId: id,
          data: { name: organization.name },
        },
        tx,
      );
    });
  }
  return getOrganization(ctx, id);
}

/** Every token of the organization's users stops working (their sessions end, their sessionVersion moves on). */
export async function endSessions(tx: Prisma.TransactionClient, organizationId: string): Promise<void> {
  await endOrganizationSessions(tx, organizationId);
  await tx.user.updateMany({ where: { organizationId }, data: { sessionVersion: { increment: 1 } } });
}

/**
 * A new organization (the superadmin) with the platform's default settings, and its first org_admin, who
 * is invited by e-mail to set a password on the new organization's address. `origin`: the request's, for
 * the invitation link's scheme and port. Audited.
 */
export async function createOrganization(
  ctx: TenantContext,
  input: CreateOrganizationInput,
  options: { origin?: string } = {},
): Promise<CreatedOrganization> {
  requirePermission(ctx, "organizations:manage:all");
  const settings = await platformDefaults();
  const { id, adminId } = await claimingSubdomain(() =>
    db().$transaction(async (tx) => {
      const { organization, admin } = await createOrganizationWithAdmin(tx, {
        ...input,
        settings,
        passwordHash: NO_PASSWORD_HASH,
      });
      const data = { name: input.name, subdomain: input.subdomain, adminEmail: input.admin.email };
      await audit(
        {
          organizationId: organization.id,
          ...auditActor(ctx),
          action: "organization.create",
          entityType: "organization",
          entityId: organization.id,
          data,
        },
        tx,
      );
      await audit(
        {
          organizationId: organization.id,
          ...auditActor(ctx),
          action: "user.create",
          entityType: "user",
          entityId: admin.id,
          data: { role: "org_admin", invited: true },
        },
        tx,
      );
      return { id: organization.id, adminId: admin.id };
    }),
  );
  let invitationSent = false;
  try {
    await sendInvitation(ctx, { organizationId: id, userId: adminId }, options);
    invitationSent = true;
  } catch (error) {
    // The organization exists either way; the invitation can be sent again from the users page.
    logger().error({ err: error, userId: adminId }, "The invitation e-mail could not be sent");
  }
  return {
    organization: await getOrganization(ctx, id),
    admin: { id: adminId, email: input.admin.email },
    invitation_sent: invitationSent,
  };
}

export interface CreatedOrganization {
  organization: OrganizationAdminJson;
  admin: { id: string; email: string };
  /** Whether the first org_admin's invitation e-mail went out. */
  invitation_sent: boolean;
}
