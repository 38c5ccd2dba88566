import "server-only";
import { issueToken, type SessionClaims } from "@/lib/auth/token";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/http";
import type { Prisma } from "@/lib/generated/prisma/client";

/** What My Profile shows of where a session was opened. */
export interface SessionDevice {
  ip: string | null;
  userAgent: string | null;
}

const MAX_USER_AGENT = 512;

export function sessionDevice(headers: Headers): SessionDevice {
  return { ip: clientIp(headers), userAgent: headers.get("user-agent") };
}

/**
 * Every sign-in's one way to a token: a Session row (which the caller lookup reads on every request, so
 * deleting it ends the session everywhere), then the token naming it.
 */
export async function startSession(
  claims: Omit<SessionClaims, "sid" | "at">,
  device: SessionDevice,
  tx?: Prisma.TransactionClient,
): Promise<string> {
  const session = await (tx ?? db()).session.create({
    data: {
      organizationId: claims.org,
      userId: claims.sub,
      ssoSessionId: claims.sso ?? null,
      userAgent: device.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
      ip: device.ip === "unknown" ? null : device.ip,
      expiresAt: new Date(Date.now() + env.SESSION_MAX_AGE_SECONDS * 1000),
    },
    select: { id: true },
  });
  return issueToken({ ...claims, sid: session.id });
}
