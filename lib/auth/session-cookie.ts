import "server-only";
import { stringifySetCookie } from "cookie";
import { SESSION_COOKIE_NAMES } from "@/lib/auth/token";
import { env } from "@/lib/env";

/**
 * The Set-Cookie of next-auth's session cookie carrying `token`, exactly as next-auth sets it (host-only,
 * HttpOnly, SameSite=Lax, Secure and __Secure- prefixed over https): for sessions minted outside
 * next-auth's own sign-in (a renewed session, a sign-in through the organization's identity provider).
 */
export function sessionSetCookie(token: string): string {
  const secure = env.APP_BASE_URL.startsWith("https://");
  return stringifySetCookie(secure ? SESSION_COOKIE_NAMES[0] : SESSION_COOKIE_NAMES[1], token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    maxAge: env.SESSION_MAX_AGE_SECONDS,
  });
}

/** Set-Cookies that end the session in this browser: next-auth's cookie under both its names. */
export function sessionClearCookies(): string[] {
  return SESSION_COOKIE_NAMES.map((name) =>
    stringifySetCookie(name, "", {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: name.startsWith("__Secure-") || env.APP_BASE_URL.startsWith("https://"),
      maxAge: 0,
    }),
  );
}
