import "server-only";
import { timingSafeEqual } from "node:crypto";
import { db, queryRows } from "@/lib/db";
import { env } from "@/lib/env";
import { hostTarget } from "@/lib/tenancy/host";
import { hashLrsSecret } from "@/lib/server/xapi/clients";
import { XapiError } from "@/lib/server/xapi/errors";
import { lrsClientSql, type LrsClientRow } from "@/lib/server/xapi/statement-sql";
import { cmi5SessionContext, CMI5_SESSION_USER_PREFIX } from "@/lib/server/cmi5/session-auth";
import type { Cmi5SessionGrant } from "@/lib/server/cmi5/session-gate";
import type { XapiVersion } from "@/lib/xapi/validate";

// Who is asking the LRS: the organization of the request's host (as every route resolves it,
// lib/tenancy/host.ts) and an LRS client of that organization, by Basic auth. Cookies are never read:
// the xAPI endpoint is called from content on other origins, with credentials in the Authorization header.

/** The first argument of every LRS service: the organization and the client acting in it. */
export interface LrsContext {
  organizationId: string;
  clientId: string;
  clientKey: string;
  clientName: string;
  scopes: ReadonlySet<string>;
  /** The version the client's content speaks: a request that names none is refused in its terms. */
  xapiVersion: XapiVersion;
  /** The origin the request was made on, for the authority's account home page and the `more` links. */
  origin: string;
  /** Set for a cmi5 session's credential (docs/cmi5.md): its statements and documents are checked. */
  cmi5?: Cmi5SessionGrant;
}

const TOUCH_MS = 60_000;

function basicCredentials(header: string | null): { user: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The request's LRS context, or a 401 (no or wrong credentials, a revoked client, another organization's). */
export async function lrsContext(req: { url: string; headers: Headers }): Promise<LrsContext> {
  const target = hostTarget(req.headers.get("host"), env.APP_DOMAIN, env.CONTENT_DOMAIN);
  if (target.kind !== "tenant") throw new XapiError(404, "The LRS is served on an organization's own address");
  const credentials = basicCredentials(req.headers.get("authorization"));
  if (!credentials) throw new XapiError(401, "Authenticate with the LRS client's key and secret (HTTP Basic)");
  if (credentials.user.startsWith(CMI5_SESSION_USER_PREFIX))
    return cmi5SessionContext(target.subdomain, credentials, originOf(req));
  // Every LRS request's first statement, hand-written (lib/db.ts queryRows) as the API's caller lookup is.
  const [client] = await queryRows<LrsClientRow>(lrsClientSql(target.subdomain, credentials.user));
  if (!client || !sameHash(client.secretHash, hashLrsSecret(credentials.password)))
    throw new XapiError(401, "Unknown LRS client key or wrong secret for this organization");
  if (!client.lastUsedAt || Date.now() - client.lastUsedAt.getTime() > TOUCH_MS)
    await db().lrsClient.updateMany({
      where: { id: client.id, organizationId: client.organizationId },
      data: { lastUsedAt: new Date() },
    });
  return {
    organizationId: client.organizationId,
    clientId: client.id,
    clientKey: client.key,
    clientName: client.name,
    scopes: new Set(client.scopes),
    xapiVersion: client.xapiVersion === "1.0.3" ? "1.0" : "2.0",
    origin: originOf(req),
  };
}

function originOf(req: { url: string; headers: Headers }): string {
  const url = new URL(req.url);
  const proto = env.TRUST_PROXY ? req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() : undefined;
  return `${proto ?? url.protocol.replace(":", "")}://${req.headers.get("host") ?? url.host}`;
}
