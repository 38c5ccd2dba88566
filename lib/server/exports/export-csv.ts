import "server-only";
import { db } from "@/lib/db";
import type { ExportKind, ExportQuery } from "@/lib/schemas/exports";
import { isId } from "@/lib/schemas/id";
import { copyRows } from "@/lib/server/csv/copy-rows";
import { datedFileName } from "@/lib/server/csv/csv-response";
import { csvStream } from "@/lib/server/csv/csv-stream";
import { exportStatement } from "@/lib/server/exports/sql";
import { organizationNotFound } from "@/lib/server/organizations/access";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { can, requirePermission } from "@/lib/tenancy/permissions";

// The CSV exports: PostgreSQL reads the rows with COPY … TO STDOUT and the CSV writer passes them on as they
// come, so memory stays flat whatever the size. Admins export their own organization; the superadmin
// names one, or exports every organization at once from the apex.

export interface CsvExport {
  filename: string;
  body: ReadableStream<Uint8Array>;
}

/** The organization the caller exports (its subdomain names the file), or null for every organization (the superadmin on the apex). */
async function exportOrganization(
  ctx: TenantContext,
  query: ExportQuery,
): Promise<{ id: string; subdomain: string } | null> {
  requirePermission(ctx, "import-export:use", "Only administrators can export the organization's data");
  const wanted = query.organization_id;
  if (!can(ctx, "organizations:manage:all")) {
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
  const { header, kinds, copy } = exportStatement(kind, { organizationId: organization?.id ?? null });
  // LF line ends: the exports have always had them (PostgreSQL wrote them), and earlier files compare equal.
  const body = await csvStream({ header, batches: copyRows(copy, kinds), newline: "\n" });
  const prefix = organization?.subdomain ?? "all-organizations";
  return { filename: datedFileName(`${prefix}-${kind}`), body };
}
