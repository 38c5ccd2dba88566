import "server-only";
import { decode, encode } from "next-auth/jwt";
import { z } from "zod";
import { env, requireAuthSecret } from "@/lib/env";
import { isRole, type Role } from "@/lib/routes";

// One token format for both doors: next-auth's encrypted JWT. The browser gets it as an HTTP-only
// cookie from next-auth; API clients get the same thing from POST /auth/login and send it as a bearer.

export interface SessionClaims {
  sub: string;
  role: Role | null;
  /** Organization id; null for the platform superadmin. */
  org: string | null;
  /** The subdomain the session was made on; "" for the apex. A token only works on that host. */
  tenant: string;
  /** User.sessionVersion when issued; a password reset bumps it and so revokes older tokens. */
  sv: number;
  /**
   * When the user signed in (seconds since the epoch): the organization's session lifetime counts from
   * here (lib/auth/caller.ts). Tokens from before this claim existed use their issue time.
   */
  at?: number;
  /** The SsoSession of a sign-in through an identity provider: what single logout ends at the provider. */
  sso?: string;
  /**
   * The Session row this token belongs to: the caller lookup reads it on every request, so deleting it
   * (logout, "sign out", a password change) ends the token everywhere. A token without one is refused.
   */
  sid?: string;
}

const claimsSchema = z.object({
  sub: z.string().min(1),
  role: z.unknown().transform((r) => (isRole(r) ? r : null)),
  org: z.string().nullable(),
  tenant: z.string(),
  sv: z.number().int(),
  at: z.number().optional(),
  sso: z.string().optional(),
  sid: z.string().optional(),
  iat: z.number().optional(),
});

export function claimsFromPayload(payload: unknown): SessionClaims | null {
  const parsed = claimsSchema.safeParse(payload);
  if (!parsed.success) return null;
  const { iat, at, sso, sid, ...rest } = parsed.data;
  const claims: SessionClaims = {
    ...rest,
    ...(sso === undefined ? {} : { sso }),
    ...(sid === undefined ? {} : { sid }),
  };
  const signedInAt = at ?? iat;
  return signedInAt === undefined ? claims : { ...claims, at: signedInAt };
}

/**
 * A token for the session `claims.sid` (lib/auth/session-start.ts makes the row); SESSION_MAX_AGE_SECONDS
 * is the ceiling, the organization's lifetime the rule.
 */
export function issueToken(claims: SessionClaims & { sid: string }): Promise<string> {
  return encode({
    token: { ...claims, at: claims.at ?? Math.floor(Date.now() / 1000) },
    secret: requireAuthSecret(),
    maxAge: env.SESSION_MAX_AGE_SECONDS,
  });
}

// Decrypting a token derives its key with HKDF every time, a visible share of an API request's CPU
// (docs/benchmarks.md). Decoded claims are kept until the token expires; revocation does not depend on
// this, because every request still reads the token's session row and the user's sessionVersion.
const decoded = new Map<string, { claims: SessionClaims; expiresAt: number }>();
const MAX_DECODED = 1000;

export async function readToken(token: string | null | undefined): Promise<SessionClaims | null> {
  if (!token) return null;
  const known = decoded.get(token);
  if (known) {
    if (known.expiresAt > Date.now()) return known.claims;
    decoded.delete(token);
  }
  try {
    const payload = await decode({ token, secret: requireAuthSecret() });
    const claims = claimsFromPayload(payload);
    if (claims && typeof payload?.exp === "number") {
      if (decoded.size >= MAX_DECODED) decoded.delete(decoded.keys().next().value!);
      decoded.set(token, { claims, expiresAt: payload.exp * 1000 });
    }
    return claims;
  } catch {
    return null;
  }
}

/** next-auth's cookie names: the secure prefix is used on https origins. */
export const SESSION_COOKIE_NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

export function bearerToken(authorization: string | null | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? "");
  return match?.[1] ?? null;
}
