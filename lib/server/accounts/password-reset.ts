import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { hashPassword } from "@/lib/auth/password";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { sendMail } from "@/lib/mail";
import { audit } from "@/lib/server/audit";
import type { RequestContext } from "@/lib/tenancy/context";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/**
 * Sends a single-use reset link when the account exists in the host's organization. Answers the same
 * either way, so the form cannot be used to find out who has an account.
 */
export async function requestPasswordReset(ctx: RequestContext, email: string, origin: string): Promise<void> {
  const { organizationId } = ctx;
  const user = await db().user.findFirst({
    where: organizationId ? { organizationId, email, status: "active" } : { organizationId: null, email, role: "superadmin" },
    select: { id: true, firstName: true, email: true },
  });
  if (!user) return;

  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + env.RESET_TOKEN_TTL_MINUTES * 60_000);
  await db().passwordResetToken.create({ data: { userId: user.id, tokenHash: sha256(token), expiresAt } });
  const link = `${origin}/reset-password/${token}`;
  await sendMail({
    to: user.email,
    subject: "Reset your Learning Management password",
    text: `Hello ${user.firstName},\n\nOpen this link to choose a new password (valid for ${env.RESET_TOKEN_TTL_MINUTES} minutes, once):\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
  });
  await audit({ organizationId, actorId: user.id, action: "auth.password_reset_requested", entityType: "user", entityId: user.id });
}

/** Sets a new password with a reset token: single-use, expiring, and only on the account's own host. */
export async function resetPassword(ctx: RequestContext, token: string, password: string): Promise<void> {
  const { organizationId } = ctx;
  const passwordHash = await hashPassword(password);
  const invalid = () => new AppError("BAD_REQUEST", "This reset link is invalid or has expired. Please request a new one.");

  await db().$transaction(async (tx) => {
    const now = new Date();
    const row = await tx.passwordResetToken.findUnique({ where: { tokenHash: sha256(token) }, include: { user: { select: { organizationId: true } } } });
    if (!row || row.user.organizationId !== organizationId) throw invalid();
    // The conditional update is what makes the token single-use under concurrent submits.
    const claimed = await tx.passwordResetToken.updateMany({ where: { id: row.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    if (claimed.count === 0) throw invalid();
    await tx.user.update({ where: { id: row.userId }, data: { passwordHash, sessionVersion: { increment: 1 } } });
    await tx.passwordResetToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } });
    await audit({ organizationId, actorId: row.userId, action: "auth.password_reset", entityType: "user", entityId: row.userId }, tx);
  });
}
