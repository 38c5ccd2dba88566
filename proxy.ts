import { NextResponse, type NextRequest } from "next/server";
import { readToken, SESSION_COOKIE_NAMES } from "@/lib/auth/token";
import { env } from "@/lib/env";
import { decideRoute, type Role } from "@/lib/routes";
import { PAGE_HEADERS, pageContentSecurityPolicy } from "@/lib/security-headers";
import { hostTarget } from "@/lib/tenancy/host";

// The optimistic gate, read from the route table: no session → /login, a role the route does not list
// → /unauthorized. It never queries the database; pages and lib/server check again for real.

async function sessionRole(req: NextRequest): Promise<Role | null | undefined> {
  const cookie = SESSION_COOKIE_NAMES.map((name) => req.cookies.get(name)?.value).find(Boolean);
  const claims = await readToken(cookie);
  if (!claims) return undefined;
  // A cookie made on another tenant's host is no session here.
  const target = hostTarget(req.headers.get("host"), env.APP_DOMAIN);
  const hostTenant = target.kind === "tenant" ? target.subdomain : "";
  if (claims.tenant !== hostTenant) return undefined;
  return claims.role;
}

export async function proxy(req: NextRequest): Promise<NextResponse> {
  return withPageHeaders(await decide(req), req);
}

async function decide(req: NextRequest): Promise<NextResponse | "render"> {
  const { pathname, search } = req.nextUrl;
  const decision = decideRoute(pathname, await sessionRole(req));
  switch (decision.kind) {
    case "login": {
      const url = new URL("/login", req.url);
      url.searchParams.set("callbackUrl", `${pathname}${search}`);
      return NextResponse.redirect(url);
    }
    case "unauthorized":
      return NextResponse.redirect(new URL("/unauthorized", req.url));
    case "redirect":
      return NextResponse.redirect(new URL(decision.to, req.url));
    default:
      return "render";
  }
}

/**
 * Every page gets a Content-Security-Policy with a nonce of its own: on the request, where Next finds it
 * and puts it on its scripts (the root layout hands it to MUI's style and color-scheme scripts via
 * x-nonce), and on the response.
 */
function withPageHeaders(response: NextResponse | "render", req: NextRequest): NextResponse {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const policy = pageContentSecurityPolicy(nonce, env.NODE_ENV === "development");
  let out = response;
  if (out === "render") {
    const requestHeaders = new Headers(req.headers);
    requestHeaders.set("x-nonce", nonce);
    requestHeaders.set("content-security-policy", policy);
    out = NextResponse.next({ request: { headers: requestHeaders } });
  }
  out.headers.set("Content-Security-Policy", policy);
  for (const { key, value } of PAGE_HEADERS) out.headers.set(key, value);
  return out;
}

export const config = {
  // Pages only: API and auth routes answer JSON and check the caller themselves; static files pass.
  matcher: ["/((?!api/|auth/|uploads/|_next/|favicon.ico|icon.svg|logo.svg|robots.txt|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico|css|js|map|txt|woff2?)$).*)"],
};
