import "server-only";
import { csvLine } from "@/lib/csv";
import { db } from "@/lib/db";
import type { AuditLogFilters } from "@/lib/schemas/audit";
import { auditEntrySelect, auditWhere, describeEntries } from "@/lib/server/audit-log/queries";
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

/**
 * The filtered log as CSV, newest first, read in batches while it is sent (a large log never sits in
 * memory whole). The permission and the scope are checked before the first byte.
 */
export async function exportAuditLog(
  ctx: TenantContext,
  filters: AuditLogFilters,
): Promise<ReadableStream<Uint8Array>> {
  const where = await auditWhere(ctx, filters);
  const encoder = new TextEncoder();
  let cursor: string | undefined;
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvLine(HEADER)}`));
    },
    async pull(controller) {
      const rows = await db().auditLog.findMany({
        where,
        select: auditEntrySelect,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: Math.min(BATCH, AUDIT_EXPORT_LIMIT - sent),
        ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      });
      const entries = await describeEntries(rows);
      const text = entries
        .map((e) =>
          csvLine([
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
          ]),
        )
        .join("");
      if (text) controller.enqueue(encoder.encode(text));
      sent += rows.length;
      cursor = rows.at(-1)?.id;
      if (rows.length < BATCH || sent >= AUDIT_EXPORT_LIMIT) controller.close();
    },
  });
}
