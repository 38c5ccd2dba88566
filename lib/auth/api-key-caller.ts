import "server-only";
import {
  organizationAndUserColumns,
  SESSION_TOUCH_SECONDS,
  tenantAndUserFromRow,
  type TenantAndUserRow,
} from "@/lib/auth/caller-lookup";
import { hashApiKeySecret, isWellFormedApiKeySecret } from "@/lib/auth/api-key-secret";
import { consumeBucket } from "@/lib/auth/rate-limit";
import { queryRows } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { visitorContext, type ApiKeyActor, type TenantContext } from "@/lib/tenancy/context";
import { signedInContext } from "@/lib/tenancy/context";
import { isApiKeyScope } from "@/lib/tenancy/api-key-scopes";
import { unknownOrganization } from "@/lib/tenancy/organization";
import type { Permission } from "@/lib/tenancy/role-permissions";
import type { RequestSession } from "@/lib/auth/caller";

// An API key as the caller (docs/api.md#api-keys): the same resolution as a session token's, with the key
// found by its secret's hash instead of a session. One statement reads the host's organization, the key
// and its creator, and moves the key's last use on at most once a minute; nothing is cached, so a key
// revoked on one node is refused by every node on its next request.

const keyRowSql = (subdomain: string, secretHash: string) => Prisma.sql`WITH "touched" AS (
  UPDATE "ApiKey" SET "lastUsedAt" = now() AT TIME ZONE 'UTC'
  WHERE "secretHash" = ${secretHash} AND "revokedAt" IS NULL
    AND ("expiresAt" IS NULL OR "expiresAt" > now() AT TIME ZONE 'UTC')
    AND "organizationId" = (SELECT "id" FROM "Organization" WHERE "subdomain" = ${subdomain})
    AND ("lastUsedAt" IS NULL OR "lastUsedAt" < now() AT TIME ZONE 'UTC' - make_interval(secs => ${SESSION_TOUCH_SECONDS}))
  RETURNING 1)
SELECT ${organizationAndUserColumns}, NULL::uuid AS "sessionId",
  k."id" AS "keyId", k."name" AS "keyName", k."scopes" AS "keyScopes", k."organizationId" AS "keyOrganizationId",
  (k."revokedAt" IS NULL AND (k."expiresAt" IS NULL OR k."expiresAt" > now() AT TIME ZONE 'UTC')) AS "keyLive"
FROM (SELECT 1) AS "one"
LEFT JOIN "Organization" o ON o."subdomain" = ${subdomain}
LEFT JOIN "ApiKey" k ON k."secretHash" = ${secretHash}
LEFT JOIN "User" u ON u."id" = k."createdById" AND u."organizationId" = k."organizationId"`;

type KeyRow = TenantAndUserRow & {
  keyId: string | null;
  keyName: string | null;
  keyScopes: string[] | null;
  keyOrganizationId: string | null;
  keyLive: boolean | null;
};

/**
 * The session an API key gives on a tenant's host: a context acting with its creator's id and role
 * within the key's scopes. A key that is unknown, revoked, expired, of another organization, or whose
 * creator or organization is no longer active gives an anonymous visitor's (so a 401 where sign-in is
 * needed). A live key over its rate limit is a 429.
 */
export async function apiKeySession(subdomain: string, secret: string): Promise<RequestSession> {
  const secretHash = isWellFormedApiKeySecret(secret) ? hashApiKeySecret(secret) : null;
  const [row] = await queryRows<KeyRow>(keyRowSql(subdomain, secretHash ?? ""));
  const { organization, user } = tenantAndUserFromRow(row!);
  if (!organization) throw unknownOrganization(subdomain);
  const anonymous: RequestSession = { ctx: visitorContext(organization), caller: null };
  if (!secretHash || !row?.keyId || !row.keyLive || row.keyOrganizationId !== organization.id) return anonymous;
  if (!user || user.status !== "active" || organization.status !== "active") return anonymous;

  await enforceRateLimit(row.keyId);
  const apiKey: ApiKeyActor = { id: row.keyId, name: row.keyName!, scopes: scopesOf(row.keyScopes ?? []) };
  const { sessionVersion: _sv, sessionId: _sid, ...profile } = user;
  const ctx: TenantContext = { ...signedInContext(organization, profile), apiKey };
  return { ctx, caller: { ctx, user: profile, sessionId: null } };
}

/** A stored scope no longer offered to keys is not honoured. */
function scopesOf(stored: readonly string[]): ReadonlySet<Permission> {
  return new Set(stored.filter(isApiKeyScope));
}

async function enforceRateLimit(keyId: string): Promise<void> {
  const wait = await consumeBucket({
    key: `api-key:${keyId}`,
    limit: env.API_KEY_RATE_LIMIT,
    windowSeconds: env.API_KEY_RATE_WINDOW_SECONDS,
  });
  if (wait > 0)
    throw new AppError("RATE_LIMITED", `Too many requests with this API key: try again in ${wait} seconds`, {
      headers: { "Retry-After": String(wait) },
    });
}
