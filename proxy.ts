import { NextResponse, type NextRequest } from "next/server";
import { readToken, SESSION_COOKIE_NAMES } from "@/lib/auth/token";
import { env } from "@/lib/env";
import { decideRoute, type Role } from "@/lib/routes";
import { PAGE_HEADERS, pageContentSecurityPolicy } from "@/lib/security-headers";
import { contentOrigin, hostTarget, requestOrigin, type HostTarget } from "@/lib/tenancy/host";

// The optimistic gate, read from the route table: no session → /login, a role the route does not list
// → /unauthorized. It never queries the database; pages and lib/server check again for real.

async function sessionRole(req: NextRequest, target: HostTarget): Promise<Role | null | undefined> {
  const cookie = SESSION_COOKIE_NAMES.map((name) => req.cookies.get(name)?.value).find(Boolean);
  const claims = await readToken(cookie);
  if (!claims) return undefined;
  // A cookie made on another tenant's host is no session here.
  const hostTenant = target.kind === "tenant" ? target.subdomain : "";
  if (claims.tenant !== hostTenant) return undefined;
  return claims.role;
}

export async function proxy(req: NextRequest): Promise<NextResponse> {
  const target = hostTarget(req.headers.get("host"), env.APP_DOMAIN, env.CONTENT_DOMAIN);
  // A content host serves its content routes (not matched here) and nothing else: no page, no sign-in form.
  if (target.kind === "content")
    return new NextResponse("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return withPageHeaders(await decide(req, target), req, target);
}

async function decide(req: NextRequest, target: HostTarget): Promise<NextResponse | "render"> {
  const { pathname, search } = req.nextUrl;
  const decision = decideRoute(pathname, await sessionRole(req, target));
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
function withPageHeaders(response: NextResponse | "render", req: NextRequest, target: HostTarget): NextResponse {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  // The organization's content host is the only origin its pages frame (the SCORM runtime).
  const frames =
    target.kind === "tenant"
      ? contentOrigin(
          target.subdomain,
          env.CONTENT_DOMAIN,
          requestOrigin(req.headers.get("host"), req.headers.get("x-forwarded-proto"), env.APP_BASE_URL),
        )
      : null;
  const policy = pageContentSecurityPolicy(nonce, env.NODE_ENV === "development", frames);
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
  // Pages only: API and auth routes answer JSON and check the caller themselves, the content host's routes
  // (/scorm/…) check their token; the app's own static files pass, by name (any other path, whatever its
  // extension, is a page path and gets the pages' policy).
  matcher: [
    "/((?!api/|auth/|uploads/|scorm/|_next/|favicon\\.ico$|icon\\.svg$|logo\\.svg$|logo-mail\\.png$|robots\\.txt$).*)",
  ],
};
