import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AuditLogFilters } from "@/lib/schemas/audit";
import { auditEntrySelect, auditWhere, describeEntries, type AuditEntryJson } from "@/lib/server/audit-log/queries";
import { csvRows, csvStream, type CsvRow } from "@/lib/server/csv/csv-stream";
import type { TenantContext } from "@/lib/tenancy/context";

/** An export stops here; narrow the filters for more. */
export const AUDIT_EXPORT_LIMIT = 100_000;
const BATCH = 1000;

const HEADER = [
  "time",
  "organization",
  "actor",
  "actor_email",
  "action",
  "description",
  "target_type",
  "target_id",
  "target",
  "ip",
  "details",
];

const cells = (e: AuditEntryJson): CsvRow => [
  e.created_at,
  e.organization?.subdomain ?? "",
  e.actor?.name ?? e.actor?.id ?? "",
  e.actor?.email ?? "",
  e.action,
  e.action_label,
  e.target_type,
  e.target_id ?? "",
  e.target_label ?? "",
  e.ip ?? "",
  JSON.stringify(e.details),
];

/**
 * The filtered log as CSV, newest first, read a page at a time while it is sent (a large log never sits in
 * memory whole). The permission and the scope are checked before the first byte.
 */
export async function exportAuditLog(
  ctx: TenantContext,
  filters: AuditLogFilters,
): Promise<ReadableStream<Uint8Array>> {
  const where = await auditWhere(ctx, filters);
  return csvStream({ header: HEADER, batches: csvRows(describedPages(where), cells) });
}

async function* describedPages(where: Prisma.AuditLogWhereInput): AsyncGenerator<AuditEntryJson[]> {
  for await (const rows of newestFirst(where)) yield describeEntries(rows);
}

/**
 * The entries, newest first, a page at a time: each page starts after the last entry of the one before
 * (created earlier, or at the same millisecond with a smaller id), so a page deep in the log costs what the
 * first did.
 */
async function* newestFirst(where: Prisma.AuditLogWhereInput) {
  let sent = 0;
  let last: { createdAt: Date; id: string } | undefined;
  while (sent < AUDIT_EXPORT_LIMIT) {
    const rows = await db().auditLog.findMany({
      where: last
        ? {
            AND: [
              where,
              { createdAt: { lte: last.createdAt } },
              { OR: [{ createdAt: { lt: last.createdAt } }, { id: { lt: last.id } }] },
            ],
          }
        : where,
      select: auditEntrySelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: Math.min(BATCH, AUDIT_EXPORT_LIMIT - sent),
    });
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH) return;
    sent += rows.length;
    last = rows.at(-1);
  }
}
