import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import type { PasswordTokenPurpose, Prisma } from "@/lib/generated/prisma/client";
import type { RequestContext } from "@/lib/tenancy/context";

// The single-use set-password links behind a password reset and an invitation alike. Only the SHA-256 of
// a token is stored (the token itself is only ever in the e-mail); both open /reset-password/{token}.

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The path of a set-password link (the spec's /reset-password/{token} route serves resets and invitations). */
export const setPasswordPath = (token: string) => `/reset-password/${token}`;

/** A new single-use token for `userId`, issued at `issuedAt`, good until `expiresAt`. */
export async function issuePasswordToken(
  tx: Prisma.TransactionClient,
  userId: string,
  purpose: PasswordTokenPurpose,
  { expiresAt, issuedAt = new Date() }: { expiresAt: Date; issuedAt?: Date },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.passwordResetToken.create({
    data: { userId, tokenHash: hashToken(token), purpose, expiresAt, createdAt: issuedAt },
  });
  return token;
}

export interface PasswordTokenInfo {
  purpose: PasswordTokenPurpose;
  email: string;
  firstName: string;
}

/**
 * What a link is, for its page's wording ("Set your password" for an invitation): null when the token is
 * unknown, spent, expired, of a deactivated account or not of this host's organization. Reads only.
 */
export async function describePasswordToken(ctx: RequestContext, token: string): Promise<PasswordTokenInfo | null> {
  const row = await db().passwordResetToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      purpose: true,
      usedAt: true,
      expiresAt: true,
      user: { select: { organizationId: true, status: true, email: true, firstName: true } },
    },
  });
  if (
    !row ||
    row.usedAt ||
    row.expiresAt <= new Date() ||
    row.user.organizationId !== ctx.organizationId ||
    row.user.status !== "active"
  )
    return null;
  return { purpose: row.purpose, email: row.user.email, firstName: row.user.firstName };
}
