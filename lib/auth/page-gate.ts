import "server-only";
import { readToken, SESSION_COOKIE_NAMES } from "@/lib/auth/token";
import { env } from "@/lib/env";
import { decideRoute, type Role } from "@/lib/routes";
import {
  COMMON_HEADERS,
  HSTS_HEADER,
  PAGE_HEADERS,
  pageContentSecurityPolicy,
  type Header,
} from "@/lib/security-headers";
import { contentOrigin, hostTarget, requestOrigin, type HostTarget } from "@/lib/tenancy/host";

// The optimistic gate in front of every page, read from the route table: no session → /login, a role the
// route does not list → /unauthorized. It never queries the database; pages and lib/server check again
// for real. It also gives every page its Content-Security-Policy with a nonce of its own. Our server runs
// it before Next (server/page-gate.ts); proxy.ts runs it as Next's middleware under plain `next start`.

/** Set on a request our server has gated, so Next's middleware leaves it alone (proxy.ts). */
export const GATED_HEADER = "x-lms-page-gate";

/** The paths that are not pages: API and auth routes, the content host's routes, the app's own files. */
const NOT_A_PAGE =
  /^\/(?:api\/|auth\/|uploads\/|scorm\/|cmi5\/|xapi\/|_next\/|favicon\.ico$|icon\.svg$|logo\.svg$|logo-mail\.png$|robots\.txt$)/;

export function isPagePath(pathname: string): boolean {
  return !NOT_A_PAGE.test(pathname);
}

export interface GateRequest {
  host: string | null;
  forwardedProto: string | null;
  pathname: string;
  /** The query string with its "?", or "". */
  search: string;
  cookie(name: string): string | undefined;
}

export type GateOutcome =
  /** A content host serves its content routes and nothing else. */
  | { kind: "not-found"; headers: Header[] }
  | { kind: "redirect"; location: string; headers: Header[] }
  /** Render the page: `requestHeaders` go to Next (it puts the nonce on its scripts), `headers` on the answer. */
  | { kind: "render"; requestHeaders: Header[]; headers: Header[] };

export async function gatePage(req: GateRequest): Promise<GateOutcome> {
  // What Next would add to its own answers (next.config.ts), for the answers the gate gives itself.
  const common = req.forwardedProto === "https" ? [...COMMON_HEADERS, HSTS_HEADER] : COMMON_HEADERS;
  const target = hostTarget(req.host, env.APP_DOMAIN, env.CONTENT_DOMAIN);
  if (target.kind === "content") return { kind: "not-found", headers: common };
  const origin = requestOrigin(req.host, req.forwardedProto, env.APP_BASE_URL);
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  // The organization's content host is the only origin its pages frame (the SCORM runtime).
  const frames = target.kind === "tenant" ? contentOrigin(target.subdomain, env.CONTENT_DOMAIN, origin) : null;
  const policy = pageContentSecurityPolicy(nonce, env.NODE_ENV === "development", frames);
  const headers = [{ key: "Content-Security-Policy", value: policy }, ...PAGE_HEADERS];

  const decision = decideRoute(req.pathname, await sessionRole(req, target));
  const redirect = (location: URL) => ({
    kind: "redirect" as const,
    location: location.href,
    headers: [...common, ...headers],
  });
  switch (decision.kind) {
    case "login": {
      const url = new URL("/login", origin);
      url.searchParams.set("callbackUrl", `${req.pathname}${req.search}`);
      return redirect(url);
    }
    case "unauthorized":
      return redirect(new URL("/unauthorized", origin));
    case "redirect":
      return redirect(new URL(decision.to, origin));
    default:
      return {
        kind: "render",
        requestHeaders: [
          { key: "x-nonce", value: nonce },
          { key: "content-security-policy", value: policy },
        ],
        headers,
      };
  }
}

async function sessionRole(req: GateRequest, target: HostTarget): Promise<Role | null | undefined> {
  const cookie = SESSION_COOKIE_NAMES.map((name) => req.cookie(name)).find(Boolean);
  const claims = await readToken(cookie);
  if (!claims) return undefined;
  // A cookie made on another tenant's host is no session here.
  const hostTenant = target.kind === "tenant" ? target.subdomain : "";
  if (claims.tenant !== hostTenant) return undefined;
  return claims.role;
}
