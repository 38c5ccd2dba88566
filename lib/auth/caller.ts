import { cookies, headers } from "next/headers";
import { cache } from "react";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { bearerToken, readToken, SESSION_COOKIE_NAMES, type SessionClaims } from "@/lib/auth/token";
import { userProfileSelect, type OrganizationPublic, type UserProfile } from "@/lib/server/selects";
import type { TenantContext } from "@/lib/tenancy/context";
import { resolveHostTenant, type HostTenant } from "@/lib/tenancy/organization";

export interface Caller {
  ctx: TenantContext;
  user: UserProfile;
  organization: OrganizationPublic | null;
}

/**
 * The signed-in caller, or null. A token is only good on the host it was issued for, for a user and an
 * organization that are still active, and until the user's password is reset (sessionVersion).
 */
export async function callerFromClaims(claims: SessionClaims | null, tenant: HostTenant): Promise<Caller | null> {
  if (!claims) return null;
  const hostTenant = tenant.target.kind === "tenant" ? tenant.target.subdomain : "";
  if (claims.tenant !== hostTenant) return null;
  if ((tenant.organization?.id ?? null) !== claims.org) return null;

  const user = await db().user.findUnique({ where: { id: claims.sub }, select: { ...userProfileSelect, sessionVersion: true } });
  if (!user || user.status !== "active" || user.sessionVersion !== claims.sv) return null;
  if (user.organizationId !== claims.org) return null;
  if (tenant.organization && tenant.organization.status !== "active") return null;

  const { sessionVersion: _sv, ...profile } = user;
  return {
    ctx: { organizationId: user.organizationId, subdomain: tenant.organization?.subdomain ?? null, userId: user.id, role: user.role },
    user: profile,
    organization: tenant.organization,
  };
}

function sessionCookie(get: (name: string) => string | undefined): string | undefined {
  for (const name of SESSION_COOKIE_NAMES) {
    const value = get(name);
    if (value) return value;
  }
  return undefined;
}

function parseCookies(header: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const value = part.slice(eq + 1).trim();
    try {
      map.set(part.slice(0, eq).trim(), decodeURIComponent(value));
    } catch {
      map.set(part.slice(0, eq).trim(), value);
    }
  }
  return map;
}

/** Route handlers: the bearer token wins over the cookie, as API clients expect. */
export async function callerFromRequest(req: Request, tenant: HostTenant): Promise<Caller | null> {
  const bearer = bearerToken(req.headers.get("authorization"));
  if (bearer) return callerFromClaims(await readToken(bearer), tenant);
  const cookie = sessionCookie((n) => parseCookies(req.headers.get("cookie") ?? "").get(n));
  if (cookie && !isSameOriginWrite(req)) {
    throw new AppError("FORBIDDEN", "Cross-site request refused: send it from this organization's own pages");
  }
  return callerFromClaims(await readToken(cookie), tenant);
}

/**
 * Cookies ride along on requests from sibling tenants (acme.… and evil.… are the same site, so SameSite
 * does not stop them). A write that authenticates by cookie must come from a page of this very host.
 */
function isSameOriginWrite(req: Request): boolean {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return true;
  const origin = req.headers.get("origin");
  if (!origin) return req.headers.get("sec-fetch-site") !== "cross-site" && req.headers.get("sec-fetch-site") !== "same-site";
  try {
    return new URL(origin).host === req.headers.get("host");
  } catch {
    return false;
  }
}

/**
 * Server components and layouts. Cached per request: the layout and the page share one lookup of the
 * tenant and the user instead of doing it twice.
 */
export const pageCaller = cache(async (): Promise<{ tenant: HostTenant; caller: Caller | null }> => {
  const [headerList, cookieStore] = await Promise.all([headers(), cookies()]);
  const tenant = await resolveHostTenant(headerList.get("host"));
  const claims = await readToken(sessionCookie((n) => cookieStore.get(n)?.value));
  return { tenant, caller: await callerFromClaims(claims, tenant) };
});

export async function pageClaims(): Promise<SessionClaims | null> {
  const cookieStore = await cookies();
  return readToken(sessionCookie((n) => cookieStore.get(n)?.value));
}

