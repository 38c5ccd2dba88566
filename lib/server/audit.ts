import "server-only";
import { db, queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { uuid7 } from "@/lib/server/uuid7";
import type { TenantContext } from "@/lib/tenancy/context";

export interface AuditEntry {
  organizationId: string | null;
  actorId: string | null;
  /** The API key the actor acted through: the log names the key rather than its creator. */
  actorApiKeyId?: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  data?: Prisma.InputJsonValue;
  ip?: string | null;
}

/** Who did it, for an entry: the caller, and the API key when they acted through one. */
export function auditActor(
  ctx: Pick<TenantContext, "userId" | "apiKey">,
): Pick<AuditEntry, "actorId" | "actorApiKeyId"> {
  return { actorId: ctx.userId, actorApiKeyId: ctx.apiKey?.id ?? null };
}

export async function audit(entry: AuditEntry, tx: Prisma.TransactionClient = db()): Promise<void> {
  await tx.auditLog.create({ data: { ...entry, data: entry.data ?? {} } });
}

/** Many entries in one statement (a bulk action records one entry per person it changed). */
export async function auditMany(entries: AuditEntry[], tx: Prisma.TransactionClient = db()): Promise<void> {
  if (entries.length === 0) return;
  // The entries as one JSON document: thousands of them (an import's batch) cost one parameter, not ten each.
  const rows = entries.map((e) => ({
    id: uuid7(),
    organizationId: e.organizationId,
    actorId: e.actorId,
    actorApiKeyId: e.actorApiKeyId ?? null,
    action: e.action,
    entityType: e.entityType,
    entityId: e.entityId ?? null,
    data: e.data ?? {},
    ip: e.ip ?? null,
  }));
  await queryRows(
    Prisma.sql`INSERT INTO "AuditLog" ("id", "organizationId", "actorId", "actorApiKeyId", "action", "entityType", "entityId", "data", "ip")
    SELECT x."id", x."organizationId", x."actorId", x."actorApiKeyId", x."action", x."entityType", x."entityId", x."data", x."ip"
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS x("id" uuid, "organizationId" uuid, "actorId" uuid, "actorApiKeyId" uuid, "action" text, "entityType" text, "entityId" text, "data" jsonb, "ip" text)`,
    tx,
  );
}
