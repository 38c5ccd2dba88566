import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log/logger";
import { hashToken, issuePasswordToken, setPasswordPath } from "@/lib/server/accounts/password-tokens";
import { audit, auditActor, auditMany } from "@/lib/server/audit";
import { sendOrganizationMail } from "@/lib/server/mail/organization-mail";
import type { TenantContext } from "@/lib/tenancy/context";
import { tenantOrigin } from "@/lib/tenancy/host";
import { can, requirePermission } from "@/lib/tenancy/permissions";

// Invitations: a person an administrator created sets their own password from a single-use link. They
// reuse the password-reset links (password-tokens.ts, purpose "invitation", a longer life) and its page,
// which then reads "Set your password". Any service that creates users calls sendInvitation afterwards:
// the user administration, a new organization's first org_admin, imported users.

export interface InvitationTarget {
  organizationId: string;
  userId: string;
}

export interface InvitationState {
  /** pending: the newest link is unused and good; accepted: a link was used; expired: neither. */
  status: "pending" | "accepted" | "expired";
  sent_at: string;
  expires_at: string;
}

/**
 * E-mails `target` a link, good once for INVITATION_TOKEN_TTL_DAYS, to /reset-password/{token} on their
 * organization's host. Sending again voids the earlier link. Call it after the user's row is committed.
 * The caller needs users:manage in the user's organization (the superadmin: any organization).
 * `origin`: the request's origin (any host of this deployment), whose scheme and port the link keeps;
 * without one (a job), APP_BASE_URL's.
 */
export async function sendInvitation(
  ctx: TenantContext,
  target: InvitationTarget,
  options: { origin?: string } = {},
): Promise<InvitationState> {
  requirePermission(ctx, "users:manage");
  const notFound = () => new AppError("NOT_FOUND", "User not found");
  if (!can(ctx, "organizations:manage:all") && ctx.organizationId !== target.organizationId) throw notFound();
  const user = await db().user.findFirst({
    where: { organizationId: target.organizationId, id: target.userId },
    select: {
      id: true,
      email: true,
      firstName: true,
      status: true,
      organization: { select: { id: true, name: true, subdomain: true, branding: true } },
    },
  });
  if (!user?.organization) throw notFound();
  if (user.status !== "active")
    throw new AppError("CONFLICT", "This account is deactivated: reactivate it before sending an invitation");

  const sentAt = new Date();
  const expiresAt = new Date(sentAt.getTime() + env.INVITATION_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000);
  const token = await db().$transaction(async (tx) => {
    await tx.passwordResetToken.updateMany({
      where: { userId: user.id, purpose: "invitation", usedAt: null, expiresAt: { gt: sentAt } },
      data: { expiresAt: sentAt },
    });
    const issued = await issuePasswordToken(tx, user.id, "invitation", { expiresAt, issuedAt: sentAt });
    await audit(
      {
        organizationId: target.organizationId,
        ...auditActor(ctx),
        action: "user.invite",
        entityType: "user",
        entityId: user.id,
        data: { email: user.email },
      },
      tx,
    );
    return issued;
  });
  await mailInvitation(user.organization, user, token, options.origin);
  return { status: "pending", sent_at: sentAt.toISOString(), expires_at: expiresAt.toISOString() };
}

type InvitationOrganization = { id: string; name: string; subdomain: string; branding: unknown };

/** The invitation e-mail with its link, on the organization's host (the scheme and port of `origin`). */
async function mailInvitation(
  organization: InvitationOrganization,
  user: { email: string; firstName: string },
  token: string,
  requestOrigin: string | undefined,
): Promise<void> {
  const origin = tenantOrigin(organization.subdomain, env.APP_DOMAIN, requestOrigin ?? env.APP_BASE_URL);
  const days = env.INVITATION_TOKEN_TTL_DAYS;
  await sendOrganizationMail(organization, origin, {
    to: user.email,
    subject: `You are invited to ${organization.name} on Learning Management`,
    text:
      `Hello ${user.firstName},\n\nYou have an account at ${organization.name} on Learning Management. ` +
      `Open this link to set your password (valid for ${days} day${days === 1 ? "" : "s"}, once):\n${origin}${setPasswordPath(token)}\n\n` +
      `Then sign in at ${origin}/login with ${user.email}.`,
  });
}

/**
 * sendInvitation for many people of one organization at once (an import's new users): their links are
 * issued and audited in one transaction, then each is mailed. People not found or deactivated are
 * skipped; a mail that fails does not stop the others. Answers the ids whose mail went out.
 */
export async function sendInvitations(
  ctx: TenantContext,
  organizationId: string,
  userIds: readonly string[],
  options: { origin?: string } = {},
): Promise<string[]> {
  requirePermission(ctx, "users:manage");
  if (!can(ctx, "organizations:manage:all") && ctx.organizationId !== organizationId)
    throw new AppError("NOT_FOUND", "User not found");
  const organization = await db().organization.findUnique({
    where: { id: organizationId },
    select: { id: true, name: true, subdomain: true, branding: true },
  });
  if (!organization || userIds.length === 0) return [];
  const users = await db().user.findMany({
    where: { organizationId, id: { in: [...userIds] }, status: "active" },
    select: { id: true, email: true, firstName: true },
  });
  if (users.length === 0) return [];
  const sentAt = new Date();
  const expiresAt = new Date(sentAt.getTime() + env.INVITATION_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000);
  const issued = users.map((user) => ({ user, token: randomBytes(32).toString("base64url") }));
  await db().$transaction(async (tx) => {
    const ids = users.map((u) => u.id);
    await tx.passwordResetToken.updateMany({
      where: { userId: { in: ids }, purpose: "invitation", usedAt: null, expiresAt: { gt: sentAt } },
      data: { expiresAt: sentAt },
    });
    await tx.passwordResetToken.createMany({
      data: issued.map(({ user, token }) => ({
        userId: user.id,
        tokenHash: hashToken(token),
        purpose: "invitation" as const,
        expiresAt,
        createdAt: sentAt,
      })),
    });
    await auditMany(
      users.map((u) => ({
        organizationId,
        ...auditActor(ctx),
        action: "user.invite",
        entityType: "user",
        entityId: u.id,
        data: { email: u.email },
      })),
      tx,
    );
  });
  const sent: string[] = [];
  for (const { user, token } of issued) {
    try {
      await mailInvitation(organization, user, token, options.origin);
      sent.push(user.id);
    } catch (error) {
      logger().error({ err: error, userId: user.id }, "The invitation e-mail could not be sent");
    }
  }
  return sent;
}

/** The newest invitation of a user of the caller's organization, or null if they were never invited. */
export async function latestInvitation(organizationId: string, userId: string): Promise<InvitationState | null> {
  const row = await db().passwordResetToken.findFirst({
    where: { userId, purpose: "invitation", user: { organizationId } },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true, expiresAt: true, usedAt: true },
  });
  if (!row) return null;
  const status = row.usedAt ? "accepted" : row.expiresAt > new Date() ? "pending" : "expired";
  return { status, sent_at: row.createdAt.toISOString(), expires_at: row.expiresAt.toISOString() };
}
