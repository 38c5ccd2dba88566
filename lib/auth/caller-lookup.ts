import "server-only";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { readOrganizationSettings, type MaintenanceNotice } from "@/lib/schemas/organization-settings";
import type { OrganizationPublic, UserProfile } from "@/lib/server/selects";

// Every signed-in request needs the host's organization and the token's user. They are independent
// lookups, so one statement fetches both: a round trip and a statement less on every API request and page.
// A page's lookup also brings what the shell shows around it, so a page costs this statement and its own.
// The token's Session row comes with them (a primary-key probe), so a session ended anywhere is refused
// on the next request on every node; the same statement moves its last use on, at most once a minute,
// through a writing CTE that touches nothing in between.

/** The organization's and the user's columns of a caller row (o and u), without the session's. */
export const organizationAndUserColumns = Prisma.sql`o."id" AS "orgId", o."name" AS "orgName", o."subdomain" AS "orgSubdomain", o."status"::text AS "orgStatus",
  o."branding" AS "orgBranding", o."settings" AS "orgSettings", o."createdAt" AS "orgCreatedAt",
  u."id" AS "userId", u."organizationId" AS "userOrganizationId", u."role"::text AS "userRole", u."firstName" AS "userFirstName",
  u."lastName" AS "userLastName", u."username" AS "userUsername", u."email" AS "userEmail", u."avatarUrl" AS "userAvatarUrl",
  u."status"::text AS "userStatus", u."lastLoginAt" AS "userLastLoginAt", u."createdAt" AS "userCreatedAt", u."sessionVersion" AS "userSessionVersion"`;

const callerColumns = Prisma.sql`${organizationAndUserColumns}, s."id" AS "sessionId"`;

/** How stale a session's last use may get before a request moves it on (a write per minute, not per request). */
export const SESSION_TOUCH_SECONDS = 60;

const touchSession = (sessionId: string | null) => Prisma.sql`WITH "touched" AS (
  UPDATE "Session" SET "lastUsedAt" = now() AT TIME ZONE 'UTC'
  WHERE "id" = ${sessionId}::uuid AND "lastUsedAt" < now() AT TIME ZONE 'UTC' - make_interval(secs => ${SESSION_TOUCH_SECONDS})
  RETURNING 1)
`;

const organizationAndUser = (
  subdomain: string | null,
  userId: string | null,
  sessionId: string | null,
) => Prisma.sql`FROM (SELECT 1) AS "one"
LEFT JOIN "Organization" o ON o."subdomain" = ${subdomain}
LEFT JOIN "User" u ON u."id" = ${userId}::uuid
LEFT JOIN "Session" s ON s."id" = ${sessionId}::uuid AND s."userId" = u."id" AND s."expiresAt" > now() AT TIME ZONE 'UTC'`;

/**
 * The organization of the subdomain (null on the apex) and the user, each null when missing. Exported so
 * the benchmark's ceiling server sends exactly this statement.
 */
export const tenantAndUserSql = (
  subdomain: string | null,
  userId: string,
  sessionId: string | null,
) => Prisma.sql`${touchSession(sessionId)}SELECT ${callerColumns}
${organizationAndUser(subdomain, userId, sessionId)}`;

/**
 * A page's caller lookup: tenantAndUserSql's row (the user only when the request has a token for this host)
 * with what the shell around every page shows besides: the user's saved colour mode and the platform's
 * maintenance notice (a section of its organization defaults).
 */
export const pageCallerSql = (
  subdomain: string | null,
  userId: string | null,
  sessionId: string | null,
) => Prisma.sql`${touchSession(sessionId)}SELECT ${callerColumns},
  u."themeMode"::text AS "userThemeMode",
  (SELECT p."value" -> 'maintenance' FROM "Setting" p WHERE p."organizationId" IS NULL AND p."key" = 'organization-defaults' LIMIT 1) AS "platformMaintenance"
${organizationAndUser(subdomain, userId, sessionId)}`;

type Nullable<T> = { [K in keyof T]: T[K] | null };

export type TenantAndUserRow = Nullable<{
  orgId: string;
  orgName: string;
  orgSubdomain: string;
  orgStatus: OrganizationPublic["status"];
  orgBranding: OrganizationPublic["branding"];
  orgSettings: OrganizationPublic["settings"];
  orgCreatedAt: Date;
  userId: string;
  userOrganizationId: string | null;
  userRole: UserProfile["role"];
  userFirstName: string;
  userLastName: string;
  userUsername: string;
  userEmail: string;
  userAvatarUrl: string | null;
  userStatus: UserProfile["status"];
  userLastLoginAt: Date | null;
  userCreatedAt: Date;
  userSessionVersion: number;
  sessionId: string;
}>;

export interface TenantAndUser {
  organization: OrganizationPublic | null;
  user: CallerUser | null;
}

/** The user with what the session checks need: the session version, and the token's live session (null: none). */
export type CallerUser = UserProfile & { sessionVersion: number; sessionId: string | null };

/** The row as the named selects (lib/server/selects.ts) would have returned it: the types keep them in step. */
export function tenantAndUserFromRow(row: TenantAndUserRow): TenantAndUser {
  const organization: OrganizationPublic | null =
    row.orgId === null
      ? null
      : {
          id: row.orgId,
          name: row.orgName!,
          subdomain: row.orgSubdomain!,
          status: row.orgStatus!,
          branding: row.orgBranding!,
          settings: row.orgSettings!,
          createdAt: row.orgCreatedAt!,
        };
  const user: CallerUser | null =
    row.userId === null
      ? null
      : {
          id: row.userId,
          organizationId: row.userOrganizationId,
          role: row.userRole!,
          firstName: row.userFirstName!,
          lastName: row.userLastName!,
          username: row.userUsername!,
          email: row.userEmail!,
          avatarUrl: row.userAvatarUrl,
          status: row.userStatus!,
          lastLoginAt: row.userLastLoginAt,
          createdAt: row.userCreatedAt!,
          sessionVersion: row.userSessionVersion!,
          sessionId: row.sessionId,
        };
  return { organization, user };
}

export async function lookupTenantAndUser(
  subdomain: string | null,
  userId: string,
  sessionId: string | null,
): Promise<TenantAndUser> {
  const [row] = await queryRows<TenantAndUserRow>(tenantAndUserSql(subdomain, userId, sessionId));
  return tenantAndUserFromRow(row!);
}

/** What the shell around a signed-in page shows besides the caller (lib/auth/page-caller.ts). */
export interface PageShellFacts {
  /** The user's saved light/dark choice (null: never chosen, or no user). */
  themeMode: "light" | "dark" | null;
  /** The platform's maintenance notice, which every host shows. */
  platformMaintenance: MaintenanceNotice;
}

type PageCallerRow = TenantAndUserRow & { userThemeMode: "light" | "dark" | null; platformMaintenance: unknown };

export async function lookupPageCaller(
  subdomain: string | null,
  userId: string | null,
  sessionId: string | null,
): Promise<TenantAndUser & { shell: PageShellFacts }> {
  const [row] = await queryRows<PageCallerRow>(pageCallerSql(subdomain, userId, sessionId));
  const { userThemeMode, platformMaintenance, ...caller } = row!;
  return {
    ...tenantAndUserFromRow(caller),
    shell: {
      themeMode: userThemeMode,
      // Read as the whole document would be: a damaged notice is no notice, as in readOrganizationSettings.
      platformMaintenance: readOrganizationSettings({ maintenance: platformMaintenance }).maintenance,
    },
  };
}
