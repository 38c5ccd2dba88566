import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

// The statements the LRS's hot requests send (lib/db.ts queryRows), as builders: the app runs them, and
// the benchmark's ceiling (scripts/bench/ceiling-xapi.ts) imports them to send the same SQL.

/** The columns the LRS writes for a new statement (seq and voided take their defaults). */
export interface StatementRow {
  organizationId: string;
  id: string;
  stored: Date;
  document: Record<string, unknown>;
  verbId: string;
  actorKeys: string[];
  relatedAgentKeys: string[];
  activityId: string | null;
  relatedActivityIds: string[];
  registration: string | null;
  voidsId: string | null;
  refId: string | null;
  clientId: string | null;
  attachmentHashes: string[];
}

export interface LrsClientRow {
  id: string;
  organizationId: string;
  key: string;
  name: string;
  scopes: string[];
  xapiVersion: string;
  secretHash: string;
  lastUsedAt: Date | null;
}

/** The active client of this key on the organization of this host (every LRS request's first statement). */
export function lrsClientSql(subdomain: string, key: string): Prisma.Sql {
  return Prisma.sql`SELECT c."id", c."organizationId", c."key", c."name", c."scopes", c."xapiVersion", c."secretHash", c."lastUsedAt"
    FROM "LrsClient" c JOIN "Organization" o ON o."id" = c."organizationId"
    WHERE c."key" = ${key} AND c."revokedAt" IS NULL AND o."subdomain" = ${subdomain} AND o."status" = 'active'`;
}

/** The statements of the batch's ids that are stored already (a statement is stored once). */
export function knownStatementsSql(organizationId: string, ids: string[]): Prisma.Sql {
  return Prisma.sql`SELECT "id", "document" FROM "XapiStatement"
    WHERE "organizationId" = ${organizationId}::uuid AND "id" = ANY(${ids}::uuid[])`;
}

/**
 * A batch in one statement of one text whatever its size (planned once per connection): the rows as one
 * JSON array, read back with jsonb_to_recordset in the array's order (seq follows it). `skipStored`: an
 * id stored already is left as it is (the LMS's own statements, whose ids come from the event).
 */
export function insertStatementsSql(rows: StatementRow[], { skipStored = false } = {}): Prisma.Sql {
  return Prisma.sql`INSERT INTO "XapiStatement" ("organizationId", "id", "stored", "document", "verbId", "actorKeys",
      "relatedAgentKeys", "activityId", "relatedActivityIds", "registration", "voidsId", "refId", "clientId", "attachmentHashes")
    SELECT r."organizationId", r."id", r."stored", r."document", r."verbId", r."actorKeys", r."relatedAgentKeys",
      r."activityId", r."relatedActivityIds", r."registration", r."voidsId", r."refId", r."clientId", r."attachmentHashes"
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r("organizationId" uuid, "id" uuid,
      "stored" timestamptz, "document" jsonb, "verbId" text, "actorKeys" text[], "relatedAgentKeys" text[],
      "activityId" text, "relatedActivityIds" text[], "registration" uuid, "voidsId" uuid,
      "refId" uuid, "clientId" uuid, "attachmentHashes" text[])
    ${skipStored ? Prisma.sql`ON CONFLICT ("organizationId", "id") DO NOTHING` : Prisma.empty}`;
}
