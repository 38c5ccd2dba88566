import "server-only";
import { parse as parseCookie, stringifySetCookie } from "cookie";
import { sessionClearCookies, sessionSetCookie } from "@/lib/auth/session-cookie";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/http";
import { SsoRefusal } from "@/lib/server/sso/refusals";
import { requestOrigin } from "@/lib/tenancy/host";

// The browser's side of a sign-in through an identity provider: the state cookie that ties the provider's
// answer to the browser that asked for it, and the redirects (relative: the browser stays on its host).

const STATE_COOKIE = "lms-sso-state";
const STATE_COOKIE_PATH = "/auth/sso/";

export function ssoRequestInfo(req: Request): {
  origin: string;
  ip: string;
  userAgent: string | null;
  browserState: string | undefined;
} {
  const origin = requestOrigin(req.headers.get("host"), req.headers.get("x-forwarded-proto"), env.APP_BASE_URL);
  const browserState = parseCookie(req.headers.get("cookie") ?? "")[STATE_COOKIE];
  return { origin, ip: clientIp(req.headers), userAgent: req.headers.get("user-agent"), browserState };
}

function stateCookie(value: string, maxAge: number): string {
  return stringifySetCookie(STATE_COOKIE, value, {
    httpOnly: true,
    // Lax: the provider's redirect back is a top-level navigation, which carries it.
    sameSite: "lax",
    path: STATE_COOKIE_PATH,
    secure: env.APP_BASE_URL.startsWith("https://"),
    maxAge,
  });
}

function redirect(location: string, cookies: string[]): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
}

/** Off to the provider, remembering the state in this browser for ten minutes. */
export function redirectToProvider(url: string, state: string): Response {
  return redirect(url, [stateCookie(state, 600)]);
}

/** Off to the provider (SAML: the pending request is kept in PostgreSQL, not in this browser). */
export function redirectTo(url: string): Response {
  return redirect(url, []);
}

/** Signed in: the session cookie (the same as a password sign-in's) and on to where the person was going. */
export function redirectSignedIn(token: string, returnTo: string): Response {
  return redirect(returnTo, [sessionSetCookie(token), stateCookie("", 0)]);
}

/** Refused: back to the login page, which says why. */
export function redirectRefused(error: SsoRefusal): Response {
  return redirect(`/login?sso_error=${error.reason}`, [stateCookie("", 0)]);
}

/** Signed out (single logout coming back, or started by the IdP): our session cookie goes, on to `location`. */
export function redirectSignedOut(location: string): Response {
  return redirect(location, sessionClearCookies());
}
