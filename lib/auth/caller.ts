import "server-only";
import { parse as parseCookie } from "cookie";
import { apiKeySession } from "@/lib/auth/api-key-caller";
import { isApiKeySecret } from "@/lib/auth/api-key-secret";
import { lookupTenantAndUser, type TenantAndUser } from "@/lib/auth/caller-lookup";
import { AppError } from "@/lib/errors";
import { env } from "@/lib/env";
import { bearerToken, readToken, SESSION_COOKIE_NAMES, type SessionClaims } from "@/lib/auth/token";
import { noteRequestIdentity } from "@/lib/log/request-context";
import { isId } from "@/lib/schemas/id";
import { sessionLifetimeSeconds } from "@/lib/schemas/organization-settings";
import type { UserProfile } from "@/lib/server/selects";
import {
  signedInContext,
  visitorContext,
  type RequestContext,
  type TenantContext,
  type VisitorContext,
} from "@/lib/tenancy/context";
import { hostTarget, type HostTarget } from "@/lib/tenancy/host";
import { resolveHostOrganization, unknownOrganization } from "@/lib/tenancy/organization";

export interface Caller {
  ctx: TenantContext;
  user: UserProfile;
  /**
   * The Session the request's token belongs to ("This device" on My Profile; what logout ends); null for
   * an API key, which has none.
   */
  sessionId: string | null;
}

export interface RequestSession {
  /** The caller's context: caller.ctx when signed in, else a visitor's on the same host. */
  ctx: RequestContext;
  /** The signed-in caller, or null for anonymous visitors (and sessions not good here). */
  caller: Caller | null;
}

/** A visitor's context on this host, without looking at any session (sign-in, registration, password reset). */
export async function hostContext(host: string | null | undefined): Promise<VisitorContext> {
  return visitorContext(await resolveHostOrganization(host));
}

/**
 * The host's tenant and the signed-in caller. A token is only good on the host it was issued for, for a
 * user and an organization that are still active, while its Session row exists (logout and "sign out"
 * delete it), until the user's password is reset (sessionVersion) and within the organization's session
 * lifetime (its settings, read on every request).
 * With a token for this host, the organization and the user come from one statement; without, only the
 * organization is looked up. An unknown subdomain is a 404 either way.
 */
export async function resolveSession(
  host: string | null | undefined,
  claims: SessionClaims | null,
  lookup: CallerLookup = lookupTenantAndUser,
): Promise<RequestSession> {
  const session = await resolveHostAndCaller(host, claims, lookup);
  // The request log names the organization and the user a request acted for.
  noteRequestIdentity(session.ctx.organizationId, session.ctx.userId);
  return session;
}

async function resolveHostAndCaller(
  host: string | null | undefined,
  claims: SessionClaims | null,
  lookup: CallerLookup,
): Promise<RequestSession> {
  const target = hostTarget(host, env.APP_DOMAIN, env.CONTENT_DOMAIN);
  const userId = claimedUserId(target, claims);
  if (userId === null) return { ctx: await hostContext(host), caller: null };
  const subdomain = target.kind === "tenant" ? target.subdomain : null;
  return sessionOf(subdomain, claims, await lookup(subdomain, userId, claimedSessionId(claims)));
}

/** The token's session id when it has a well-formed one (else no session row can match). */
export function claimedSessionId(claims: SessionClaims | null): string | null {
  return claims?.sid !== undefined && isId(claims.sid) ? claims.sid : null;
}

/** The user a token names when it was issued for this host, else null (no lookup of a user is due). */
export function claimedUserId(target: HostTarget, claims: SessionClaims | null): string | null {
  if (target.kind === "invalid" || target.kind === "content" || !claims) return null;
  const subdomain = target.kind === "tenant" ? target.subdomain : null;
  return claims.tenant === (subdomain ?? "") && isId(claims.sub) ? claims.sub : null;
}

/**
 * The session, from the organization and the user the lookup found: an unknown subdomain is a 404, and a
 * token counts only for an active user of an active organization, at its session version, within the
 * organization's session lifetime. `claims` null, or a lookup without a user: an anonymous visitor.
 */
export function sessionOf(
  subdomain: string | null,
  claims: SessionClaims | null,
  { organization, user }: TenantAndUser,
): RequestSession {
  if (subdomain !== null && !organization) throw unknownOrganization(subdomain);
  const anonymous = { ctx: visitorContext(organization), caller: null };

  if (!claims || !user) return anonymous;
  if ((organization?.id ?? null) !== claims.org) return anonymous;
  if (user.status !== "active" || user.sessionVersion !== claims.sv) return anonymous;
  if (user.sessionId === null || user.sessionId !== claims.sid) return anonymous;
  if (user.organizationId !== claims.org) return anonymous;
  if (organization && organization.status !== "active") return anonymous;
  if (
    organization &&
    claims.at !== undefined &&
    Date.now() / 1000 - claims.at > sessionLifetimeSeconds(organization.settings)
  )
    return anonymous;

  const { sessionVersion: _sv, sessionId, ...profile } = user;
  const ctx = signedInContext(organization, profile);
  return { ctx, caller: { ctx, user: profile, sessionId: sessionId ?? null } };
}

export function sessionCookie(get: (name: string) => string | undefined): string | undefined {
  for (const name of SESSION_COOKIE_NAMES) {
    const value = get(name);
    if (value) return value;
  }
  return undefined;
}

/** What the caller resolution reads of a request: a web Request, or the node request's headers (the SCORM commit fast path). */
export interface RequestHead {
  method: string;
  /** The request's URL or path: API keys count only on /api routes. */
  url?: string;
  headers: { get(name: string): string | null };
}

/**
 * How the host's organization and the token's user are read: lookupTenantAndUser, or a statement that
 * also reads what the request needs next in the same round trip (the SCORM commit endpoint). It must
 * return them exactly as lookupTenantAndUser would; every check below stays the same.
 */
export type CallerLookup = (
  subdomain: string | null,
  userId: string,
  sessionId: string | null,
) => Promise<TenantAndUser>;

/**
 * Route handlers: the bearer token wins over the cookie, as API clients expect. A suspended
 * organization's host answers nobody: its API refuses every call with a 403 that says why.
 */
export async function sessionFromRequest(req: RequestHead, lookup?: CallerLookup): Promise<RequestSession> {
  const host = req.headers.get("host");
  const bearer = bearerToken(req.headers.get("authorization"));
  let session: RequestSession;
  if (bearer && isApiKeySecret(bearer)) session = await apiKeyOrVisitor(host, req.url, bearer);
  else if (bearer) session = await resolveSession(host, await readToken(bearer), lookup);
  else {
    const cookies = parseCookie(req.headers.get("cookie") ?? "");
    const cookie = sessionCookie((n) => cookies[n]);
    const foreign = cookie !== undefined && isFromAnotherOrigin(req.headers, req.method);
    if (foreign && isWrite(req.method)) {
      throw new AppError("FORBIDDEN", "Cross-site request refused: send it from this organization's own pages");
    }
    session = await resolveSession(host, foreign ? null : await readToken(cookie), lookup);
  }
  if (session.ctx.organization?.status === "suspended") throw suspendedOrganization();
  return session;
}

/**
 * An API key counts on its organization's host and on its /api routes only: elsewhere (the apex, the
 * account routes under /auth) it is no credential at all, so what needs one answers 401.
 */
async function apiKeyOrVisitor(host: string | null, url: string | undefined, secret: string): Promise<RequestSession> {
  const target = hostTarget(host, env.APP_DOMAIN, env.CONTENT_DOMAIN);
  if (target.kind !== "tenant" || !isApiPath(url)) return resolveSession(host, null);
  const session = await apiKeySession(target.subdomain, secret);
  noteRequestIdentity(session.ctx.organizationId, session.ctx.userId);
  return session;
}

function isApiPath(url: string | undefined): boolean {
  if (!url) return false;
  const { pathname } = new URL(url, "http://path.invalid");
  return pathname === "/api" || pathname.startsWith("/api/");
}

/** The caller's own session: what the account routes act on. An API key has none (and never reaches them). */
export function personSessionId(caller: Caller): string {
  if (caller.sessionId === null)
    throw new AppError("UNAUTHENTICATED", "Sign in as a person: an API key cannot do this");
  return caller.sessionId;
}

export function suspendedOrganization(): AppError {
  return new AppError("FORBIDDEN", "This organization is suspended. Contact the platform administrator.");
}

const isWrite = (method: string) => method !== "GET" && method !== "HEAD" && method !== "OPTIONS";

/**
 * Cookies ride along on requests from sibling hosts (acme.… and evil.… are the same site, and so is an
 * organization's content host below the app's domain, so SameSite does not stop them). A request the
 * session cookie authenticates counts only when it comes from a page of this very host, or is a top-level
 * navigation (a link followed, whose answer no other page can read): a write from elsewhere is refused,
 * and a read from elsewhere (a script's fetch, an image, a frame) is answered as to an anonymous visitor.
 */
export function isFromAnotherOrigin(headers: { get(name: string): string | null }, method = "GET"): boolean {
  const origin = headers.get("origin");
  if (origin) {
    try {
      return new URL(origin).host !== headers.get("host");
    } catch {
      return true; // "null": a sandboxed or opaque origin
    }
  }
  const site = headers.get("sec-fetch-site");
  return (
    (site === "cross-site" || site === "same-site") && (isWrite(method) || headers.get("sec-fetch-mode") !== "navigate")
  );
}
