import "server-only";
import { hashPassword } from "@/lib/auth/password";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { PasswordTokenPurpose } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/log/logger";
import { assertPasswordAllowed, passwordPolicyOf } from "@/lib/server/accounts/password-policy";
import {
  describePasswordToken,
  hashToken,
  issuePasswordToken,
  setPasswordPath,
} from "@/lib/server/accounts/password-tokens";
import { endUserSessions } from "@/lib/server/sessions/end-sessions";
import { audit } from "@/lib/server/audit";
import { sendOrganizationMail } from "@/lib/server/mail/organization-mail";
import { refusePasswordUnlessBreakGlass } from "@/lib/server/sso/sign-in-policy";
import type { RequestContext } from "@/lib/tenancy/context";

/**
 * Sends a single-use reset link when the account exists in the host's organization. Answers the same
 * either way, so the form cannot be used to find out who has an account.
 */
export async function requestPasswordReset(ctx: RequestContext, email: string, origin: string): Promise<void> {
  const { organizationId } = ctx;
  const user = await db().user.findFirst({
    where: organizationId
      ? { organizationId, email, status: "active" }
      : { organizationId: null, email, role: "superadmin" },
    select: { id: true, firstName: true, email: true },
  });
  // Under "SSO only" the refusal is the same for every address but a break-glass account's.
  await refusePasswordUnlessBreakGlass(organizationId, user?.id ?? null);
  if (!user) return;

  const expiresAt = new Date(Date.now() + env.RESET_TOKEN_TTL_MINUTES * 60_000);
  const token = await issuePasswordToken(db(), user.id, "reset", { expiresAt });
  const link = `${origin}${setPasswordPath(token)}`;
  try {
    await sendOrganizationMail(ctx.organization, origin, {
      to: user.email,
      subject: "Reset your Learning Management password",
      text: `Hello ${user.firstName},\n\nOpen this link to choose a new password (valid for ${env.RESET_TOKEN_TTL_MINUTES} minutes, once):\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
    });
  } catch (error) {
    // Answering otherwise would tell the asker that the account exists; the log tells the operator.
    logger().error({ err: error, userId: user.id }, "The password reset e-mail could not be sent");
    return;
  }
  await audit({
    organizationId,
    actorId: user.id,
    action: "auth.password_reset_requested",
    entityType: "user",
    entityId: user.id,
  });
}

/**
 * Sets a password with a reset or invitation link: single-use, expiring, only on the account's own host
 * and only while the account is active. Revokes the account's older sessions and every other open link.
 */
export async function resetPassword(
  ctx: RequestContext,
  token: string,
  password: string,
): Promise<{ purpose: PasswordTokenPurpose }> {
  const { organizationId } = ctx;
  // Judged as the form judged it: against the person's own name and e-mail and the organization's.
  const link = await describePasswordToken(ctx, token);
  assertPasswordAllowed(await passwordPolicyOf(ctx.organization), password, "password", [
    link?.email,
    link?.firstName,
    ctx.organization?.name,
    ctx.subdomain,
  ]);
  const passwordHash = await hashPassword(password);
  const invalid = (purpose?: PasswordTokenPurpose) =>
    new AppError(
      "BAD_REQUEST",
      purpose === "invitation"
        ? "This invitation link is invalid or has expired. Ask your administrator to send a new one."
        : "This reset link is invalid or has expired. Please request a new one.",
    );

  return db().$transaction(async (tx) => {
    const now = new Date();
    const row = await tx.passwordResetToken.findUnique({
      where: { tokenHash: hashToken(token) },
      include: { user: { select: { organizationId: true, status: true } } },
    });
    if (!row || row.user.organizationId !== organizationId || row.user.status !== "active") throw invalid();
    await refusePasswordUnlessBreakGlass(organizationId, row.userId, tx);
    // The conditional update is what makes the token single-use under concurrent submits.
    const claimed = await tx.passwordResetToken.updateMany({
      where: { id: row.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count === 0) throw invalid(row.purpose);
    await tx.user.update({
      where: { id: row.userId, organizationId },
      data: { passwordHash, sessionVersion: { increment: 1 } },
    });
    await endUserSessions(tx, organizationId, [row.userId]);
    await tx.passwordResetToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } });
    const action = row.purpose === "invitation" ? "auth.invitation_accepted" : "auth.password_reset";
    await audit({ organizationId, actorId: row.userId, action, entityType: "user", entityId: row.userId }, tx);
    return { purpose: row.purpose };
  });
}
