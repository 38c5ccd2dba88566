import "server-only";
import { stringifySetCookie } from "cookie";
import { bearerToken, issueToken, SESSION_COOKIE_NAMES } from "@/lib/auth/token";
import { env } from "@/lib/env";
import type { TenantContext } from "@/lib/tenancy/context";

/**
 * After a password change bumped the user's session version, every token issued before it stops working,
 * the caller's own included. The caller keeps working with a new one: an API client (bearer) gets it in
 * the answer; the browser gets its next-auth cookie replaced (HttpOnly, as next-auth sets it: the token
 * never reaches page scripts).
 */
export async function renewSession(
  req: Request,
  ctx: TenantContext,
  sessionVersion: number,
): Promise<{ token?: string; headers: Record<string, string> }> {
  const token = await issueToken({
    sub: ctx.userId,
    role: ctx.role,
    org: ctx.organizationId,
    tenant: ctx.subdomain ?? "",
    sv: sessionVersion,
  });
  if (bearerToken(req.headers.get("authorization"))) return { token, headers: {} };
  const secure = env.APP_BASE_URL.startsWith("https://");
  const cookie = stringifySetCookie(secure ? SESSION_COOKIE_NAMES[0] : SESSION_COOKIE_NAMES[1], token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    maxAge: env.SESSION_MAX_AGE_SECONDS,
  });
  return { headers: { "Set-Cookie": cookie } };
}
