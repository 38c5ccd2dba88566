import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { consumeBucket } from "@/lib/auth/rate-limit";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log/logger";
import type { ChangeEmailInput } from "@/lib/schemas/auth";
import { checkCurrentPassword } from "@/lib/server/accounts/current-password";
import { getOwnProfile } from "@/lib/server/accounts/profile";
import { audit, auditActor } from "@/lib/server/audit";
import { sendOrganizationMail } from "@/lib/server/mail/organization-mail";
import type { OwnProfile } from "@/lib/server/selects";
import type { RequestContext, TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

// Changing one's e-mail address (the sign-in name): the new address must prove it is theirs through a
// single-use link; the old address is told once the change is made. Until then nothing changes.

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const REQUESTS_PER_HOUR = 5;

const emailTaken = () =>
  new AppError("CONFLICT", "This e-mail address is used by another account", {
    fieldErrors: { email: ["This e-mail address is used by another account"] },
  });

async function isEmailTaken(organizationId: string | null, email: string, userId: string): Promise<boolean> {
  return (await db().user.count({ where: { organizationId, email, NOT: { id: userId } } })) > 0;
}

/** POST /auth/profile/email: remembers the new address as pending and mails it the confirmation link. */
export async function requestEmailChange(
  ctx: TenantContext,
  input: ChangeEmailInput,
  origin: string,
): Promise<OwnProfile> {
  requirePermission(ctx, "profile:update:own");
  const where = { id: ctx.userId, organizationId: ctx.organizationId };
  const user = await db().user.findFirst({ where, select: { passwordHash: true, email: true, firstName: true } });
  if (!user) throw new AppError("NOT_FOUND", "Profile not found");
  if (input.email === user.email)
    throw new AppError("VALIDATION_FAILED", "This is already your e-mail address", {
      fieldErrors: { email: ["This is already your e-mail address"] },
    });
  await checkCurrentPassword(ctx.userId, user.passwordHash, input.current_password);
  if (await isEmailTaken(ctx.organizationId, input.email, ctx.userId)) throw emailTaken();
  // Each request mails an address the caller chose: a few an hour is plenty for a person.
  const wait = await consumeBucket({
    key: `email-change:${ctx.userId}`,
    limit: REQUESTS_PER_HOUR,
    windowSeconds: 3600,
  });
  if (wait > 0)
    throw new AppError("RATE_LIMITED", "Too many address changes asked for. Please try again in an hour.", {
      headers: { "Retry-After": String(wait) },
    });

  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await db().$transaction(async (tx) => {
    // Only the newest link works.
    await tx.emailChangeToken.updateMany({ where: { userId: ctx.userId, usedAt: null }, data: { usedAt: now } });
    await tx.emailChangeToken.create({
      data: {
        userId: ctx.userId,
        newEmail: input.email,
        tokenHash: sha256(token),
        expiresAt: new Date(now.getTime() + env.EMAIL_CHANGE_TTL_MINUTES * 60_000),
      },
    });
    await tx.user.updateMany({ where, data: { pendingEmail: input.email } });
    await audit(
      {
        organizationId: ctx.organizationId,
        ...auditActor(ctx),
        action: "auth.email_change_requested",
        entityType: "user",
        entityId: ctx.userId,
      },
      tx,
    );
  });
  const hours = Math.round(env.EMAIL_CHANGE_TTL_MINUTES / 60);
  await sendOrganizationMail(ctx.organization, origin, {
    to: input.email,
    subject: "Confirm your new Learning Management e-mail address",
    text: `Hello ${user.firstName},\n\nOpen this link to make ${input.email} the e-mail address you sign in with (valid for ${hours} hours, once):\n${origin}/confirm-email/${token}\n\nUntil then you keep signing in with ${user.email}. If you did not ask for this, ignore this e-mail.`,
  });
  return getOwnProfile(ctx);
}

/** DELETE /auth/profile/email: forgets a pending change; its link stops working. */
export async function cancelEmailChange(ctx: TenantContext): Promise<OwnProfile> {
  requirePermission(ctx, "profile:update:own");
  await db().$transaction([
    db().emailChangeToken.updateMany({
      where: { userId: ctx.userId, usedAt: null, user: { organizationId: ctx.organizationId } },
      data: { usedAt: new Date() },
    }),
    db().user.updateMany({
      where: { id: ctx.userId, organizationId: ctx.organizationId },
      data: { pendingEmail: null },
    }),
  ]);
  return getOwnProfile(ctx);
}

/**
 * POST /auth/confirm-email/{token}: the link's owner proves the address. No session needed (the token is
 * the key), but only on its account's own host; single-use and expiring. Then the old address is told.
 */
export async function confirmEmailChange(
  ctx: RequestContext,
  token: string,
  origin: string,
): Promise<{ email: string }> {
  const invalid = () =>
    new AppError("BAD_REQUEST", "This confirmation link is invalid or has expired. Ask for a new one in your profile.");
  const changed = await db().$transaction(async (tx) => {
    const now = new Date();
    const row = await tx.emailChangeToken.findUnique({
      where: { tokenHash: sha256(token) },
      include: { user: { select: { id: true, organizationId: true, email: true, firstName: true } } },
    });
    if (!row || row.user.organizationId !== ctx.organizationId) throw invalid();
    // The conditional update makes the link single-use under concurrent clicks.
    const claimed = await tx.emailChangeToken.updateMany({
      where: { id: row.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count === 0) throw invalid();
    if (
      (await tx.user.count({
        where: { organizationId: row.user.organizationId, email: row.newEmail, NOT: { id: row.userId } },
      })) > 0
    )
      throw emailTaken();
    await tx.user.update({
      where: { id: row.userId, organizationId: row.user.organizationId },
      data: { email: row.newEmail, pendingEmail: null },
    });
    await audit(
      {
        organizationId: row.user.organizationId,
        actorId: row.userId,
        action: "auth.email_changed",
        entityType: "user",
        entityId: row.userId,
        data: { from: row.user.email, to: row.newEmail },
      },
      tx,
    );
    return { oldEmail: row.user.email, newEmail: row.newEmail, firstName: row.user.firstName };
  });
  try {
    await sendOrganizationMail(ctx.organization, origin, {
      to: changed.oldEmail,
      subject: "Your Learning Management e-mail address was changed",
      text: `Hello ${changed.firstName},\n\nThe e-mail address of your account was changed from ${changed.oldEmail} to ${changed.newEmail}; sign in with the new one from now on.\n\nIf you did not do this, contact your administrator at once.`,
    });
  } catch (error) {
    // The change is made and audited; a mail server that is down must not make it look as if it failed.
    logger().error({ err: error }, "The e-mail change notice could not be sent");
  }
  return { email: changed.newEmail };
}
