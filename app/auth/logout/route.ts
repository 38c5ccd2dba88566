import { parse as parseCookie } from "cookie";
import { sessionCookie, sessionFromRequest } from "@/lib/auth/caller";
import { sessionClearCookies } from "@/lib/auth/session-cookie";
import { ssoRequestInfo } from "@/lib/auth/sso-redirects";
import { readToken } from "@/lib/auth/token";
import { handle, notAllowedExcept } from "@/lib/http";
import { endOwnSession } from "@/lib/server/sessions/own-sessions";
import { AFTER_LOGOUT_PATH, endSsoSession } from "@/lib/server/sso/single-logout";

/**
 * Log out: the session of the cookie or bearer token ends on the server (its row goes, so the same token
 * is refused everywhere from the next request), and this browser's cookie goes whatever else happens; a
 * session signed in through an identity provider also ends there when the provider offers single logout,
 * by sending the browser on to the provider's logout address.
 */
export const POST = handle("Logout failed", async (req) => {
  const { caller } = await sessionFromRequest(req);
  if (caller) await endOwnSession(caller);
  const cookies = parseCookie(req.headers.get("cookie") ?? "");
  const claims = await readToken(sessionCookie((name) => cookies[name]));
  let redirectTo: string | null = null;
  if (caller && claims?.sso && claims.sub === caller.ctx.userId && caller.ctx.organizationId)
    redirectTo = await endSsoSession({
      organizationId: caller.ctx.organizationId,
      userId: caller.ctx.userId,
      sessionId: claims.sso,
      origin: ssoRequestInfo(req).origin,
    });
  const headers = new Headers({ "cache-control": "no-store" });
  for (const cookie of sessionClearCookies()) headers.append("set-cookie", cookie);
  return Response.json({ redirectTo: redirectTo ?? AFTER_LOGOUT_PATH }, { headers });
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
