import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

export interface AuditEntry {
  organizationId: string | null;
  actorId: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  data?: Prisma.InputJsonValue;
  ip?: string | null;
}

export async function audit(entry: AuditEntry, tx: Prisma.TransactionClient = db()): Promise<void> {
  await tx.auditLog.create({ data: { ...entry, data: entry.data ?? {} } });
}

/** Many entries in one statement (a bulk action records one entry per person it changed). */
export async function auditMany(entries: AuditEntry[], tx: Prisma.TransactionClient = db()): Promise<void> {
  if (entries.length === 0) return;
  await tx.auditLog.createMany({ data: entries.map((entry) => ({ ...entry, data: entry.data ?? {} })) });
}
