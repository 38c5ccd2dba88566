import "server-only";
import { copyOut, db } from "@/lib/db";
import type { ExportKind, ExportQuery } from "@/lib/schemas/exports";
import { isId } from "@/lib/schemas/id";
import { exportCopySql } from "@/lib/server/exports/sql";
import { organizationNotFound } from "@/lib/server/organizations/access";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { can, requirePermission } from "@/lib/tenancy/permissions";

// The CSV exports (issue 15): PostgreSQL writes the file with COPY … TO STDOUT and it is passed on as it
// comes, so memory stays flat whatever the size. Admins export their own organization; the superadmin
// names one, or exports every organization at once from the apex.

export interface CsvExport {
  filename: string;
  body: ReadableStream<Uint8Array>;
}

/** Excel reads a CSV as UTF-8 only when it starts with the byte order mark. */
const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);
/** Rows are passed on in pieces of about this size rather than one by one. */
const PIECE_BYTES = 64 * 1024;

/** The organization the caller exports (its subdomain names the file), or null for every organization (the superadmin on the apex). */
async function exportOrganization(
  ctx: TenantContext,
  query: ExportQuery,
): Promise<{ id: string; subdomain: string } | null> {
  requirePermission(ctx, "import-export:use", "Only administrators can export the organization's data");
  const wanted = query.organization_id;
  if (!can(ctx.role, "organizations:manage:all")) {
    const own = tenantId(ctx);
    if (wanted && wanted !== own) throw organizationNotFound();
    return { id: own, subdomain: ctx.subdomain ?? "organization" };
  }
  const id = wanted ?? ctx.organizationId;
  if (!id) return null;
  if (!isId(id)) throw organizationNotFound();
  const organization = await db().organization.findUnique({ where: { id }, select: { id: true, subdomain: true } });
  if (!organization) throw organizationNotFound();
  return organization;
}

export async function exportCsv(ctx: TenantContext, kind: ExportKind, query: ExportQuery): Promise<CsvExport> {
  const organization = await exportOrganization(ctx, query);
  const stream = await copyOut(exportCopySql(kind, { organizationId: organization?.id ?? null }));
  const rows = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  // The first piece is read before answering: a failing statement is an error answer, not a cut-off file.
  const first = await rows.next();
  let done = first.done ?? false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(BOM);
      if (!first.done) controller.enqueue(first.value);
      if (done) controller.close();
    },
    async pull(controller) {
      const pieces: Buffer[] = [];
      let size = 0;
      while (size < PIECE_BYTES) {
        const next = await rows.next();
        if (next.done) {
          done = true;
          break;
        }
        pieces.push(next.value);
        size += next.value.length;
      }
      if (pieces.length > 0) controller.enqueue(Buffer.concat(pieces, size));
      if (done) controller.close();
    },
    async cancel() {
      // The reader went away: stop the COPY (the stream is destroyed, its connection closed).
      await rows.return?.();
    },
  });
  const prefix = organization?.subdomain ?? "all-organizations";
  return { filename: `${prefix}-${kind}-${new Date().toISOString().slice(0, 10)}.csv`, body };
}
