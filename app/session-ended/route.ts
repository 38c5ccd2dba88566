import { SESSION_COOKIE_NAMES } from "@/lib/auth/token";
import { notAllowedExcept } from "@/lib/http";

/**
 * Where a page sends a browser whose session cookie no longer counts (its organization suspended it, a
 * password reset or a subdomain change revoked it, the session lifetime ran out): the cookie is dropped
 * and the browser goes on to /login. Without this, the page gate (which reads only the cookie) would send
 * /login back to the home page, and the page back to /login.
 */
export function GET(): Response {
  // Relative: the browser stays on the host it asked (a route handler's req.url need not name it).
  const headers = new Headers({ location: "/login", "cache-control": "no-store" });
  for (const name of SESSION_COOKIE_NAMES) {
    headers.append(
      "set-cookie",
      `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith("__Secure-") ? "; Secure" : ""}`,
    );
  }
  return new Response(null, { status: 307, headers });
}

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
