import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { noteRequestIdentity } from "@/lib/log/request-context";
import type { ScormContentUrls } from "@/lib/scorm/types";
import { CMI5_PATHS } from "@/lib/server/cmi5/paths";
import { mintContentToken, readContentToken, type ContentGrant } from "@/lib/server/scorm/content-token";
import { contentOrigin, hostTarget, requestOrigin, tenantOrigin } from "@/lib/tenancy/host";

// The organization's content host ({subdomain}.{CONTENT_DOMAIN}) and its routes. Nothing there reads a
// session: a request is good when its token (a path segment, lib/server/scorm/content-token.ts) is
// good, was minted for this host's organization, and that organization and the viewer are still active.
// Anything else is a 404, whatever went wrong, so the answers tell nothing about tokens or packages.

export const CONTENT_PATHS = {
  /** GET: the runtime page the player frames. */
  runtime: "/scorm/runtime/",
  /** GET/HEAD: the package's files below it. */
  files: "/scorm/files/",
  /** POST: the runtime's commits (and its beacons on unload). */
  commits: "/scorm/commits/",
  /** The runtime page's script, built with the app (public/scorm/runtime.js). */
  script: "/scorm/runtime.js",
} as const;

/** Whether a path (no query string) is one the content host serves; anything else there is a 404. */
export function isContentPath(path: string): boolean {
  return (
    path === CONTENT_PATHS.script ||
    [CONTENT_PATHS.runtime, CONTENT_PATHS.files, CONTENT_PATHS.commits, CMI5_PATHS.files].some((prefix) =>
      path.startsWith(prefix),
    )
  );
}

/** Every content URL for one visit, on the content host that mirrors `appOrigin` (scheme and port kept). */
export function contentUrls(
  subdomain: string,
  appOrigin: string,
  grant: Omit<ContentGrant, "expiresAt">,
): ScormContentUrls {
  const origin = contentOrigin(subdomain, env.CONTENT_DOMAIN, appOrigin);
  const token = mintContentToken(grant);
  return {
    origin,
    runtimeUrl: `${origin}${CONTENT_PATHS.runtime}${token}`,
    filesUrl: `${origin}${CONTENT_PATHS.files}${token}/`,
    commitUrl: grant.attemptId ? `${origin}${CONTENT_PATHS.commits}${token}` : null,
  };
}

export interface ContentRequest {
  /** The request's Host header. */
  host: string | null;
  /** X-Forwarded-Proto, when a proxy in front terminates TLS. */
  forwardedProto: string | null;
}

export interface ContentAccess {
  grant: ContentGrant;
  subdomain: string;
  /** The organization's app origin: the only page that may frame this content and talk to its runtime. */
  appOrigin: string;
}

const notFound = () => new AppError("NOT_FOUND", "Not found");

/**
 * The token's grant on this content host, without touching the database: the token must be genuine,
 * unexpired and minted for the organization this host serves (checked against the database by
 * requireActiveGrant or by the commit's own statement).
 */
export function readContentAccess(req: ContentRequest, token: string): ContentAccess {
  const target = hostTarget(req.host, env.APP_DOMAIN, env.CONTENT_DOMAIN);
  const grant = readContentToken(token);
  if (target.kind !== "content" || !grant) throw notFound();
  noteRequestIdentity(grant.organizationId, grant.userId);
  return { grant, subdomain: target.subdomain, appOrigin: appOriginOf(req, target.subdomain) };
}

/**
 * readContentAccess, and the database agrees: the host's organization is the token's and is active, the
 * viewer is still an active member, and the package is the organization's. Returns the package's storage.
 */
export async function requireActiveGrant(
  req: ContentRequest,
  token: string,
): Promise<ContentAccess & { storagePrefix: string }> {
  const access = readContentAccess(req, token);
  const { grant, subdomain } = access;
  const pkg = await db().scormPackage.findFirst({
    where: {
      id: grant.packageId,
      organizationId: grant.organizationId,
      organization: { subdomain, status: "active", users: { some: { id: grant.userId, status: "active" } } },
    },
    select: { storagePrefix: true },
  });
  if (!pkg) throw notFound();
  return { ...access, storagePrefix: pkg.storagePrefix };
}

/** The app origin of the organization whose content host was asked: same scheme and port as the request. */
function appOriginOf(req: ContentRequest, subdomain: string): string {
  return tenantOrigin(subdomain, env.APP_DOMAIN, requestOrigin(req.host, req.forwardedProto, env.APP_BASE_URL));
}

export function contentRequest(headers: { get(name: string): string | null }): ContentRequest {
  return { host: headers.get("host"), forwardedProto: headers.get("x-forwarded-proto") };
}
