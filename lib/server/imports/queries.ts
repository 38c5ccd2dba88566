import "server-only";
import { csvLine } from "@/lib/csv";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  IMPORT_PREVIEW_ROWS,
  type DryRunOutcome,
  type ListImportRowsQuery,
  type ListImportsQuery,
  type RunOutcome,
} from "@/lib/schemas/imports";
import type { Page } from "@/lib/schemas/pagination";
import { importScope, requireImport } from "@/lib/server/imports/access";
import { importJson, type ImportJson } from "@/lib/server/imports/serialize";
import type { TenantContext } from "@/lib/tenancy/context";

export interface ImportDetailJson extends ImportJson {
  /** The file's first rows, as read. */
  preview: string[][];
}

/** GET /api/admin/imports/{importId}: the import, its progress and the first rows of its file. */
export async function getImport(ctx: TenantContext, importId: string): Promise<ImportDetailJson> {
  const row = await requireImport(ctx, importId);
  const preview = await db().userImportRow.findMany({
    where: { organizationId: row.organizationId, importId: row.id, rowNumber: { lte: IMPORT_PREVIEW_ROWS } },
    orderBy: { rowNumber: "asc" },
    select: { cells: true },
  });
  return { ...importJson(row), preview: preview.map((p) => p.cells as string[]) };
}

/** GET /api/admin/imports: the history, newest first. */
export async function listImports(ctx: TenantContext, query: ListImportsQuery): Promise<Page<ImportJson>> {
  const where: Prisma.UserImportWhereInput = {
    ...importScope(ctx, query.organization_id),
    status: { not: "receiving" },
  };
  const [rows, total] = await Promise.all([
    db().userImport.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
    db().userImport.count({ where }),
  ]);
  return { items: rows.map((r) => importJson(r)), page: query.page, page_size: query.page_size, total };
}

export interface ImportRowJson {
  row: number;
  email: string;
  cells: string[];
  /** The real run's outcome once the row is applied, else the dry run's outcome (null before one). */
  outcome: DryRunOutcome | RunOutcome | null;
  reason: string | null;
  applied: boolean;
}

type RowRecord = {
  rowNumber: number;
  cells: Prisma.JsonValue;
  checkOutcome: string | null;
  checkReason: string | null;
  outcome: string | null;
  reason: string | null;
  appliedAt: Date | null;
};

function rowJson(r: RowRecord, emailIndex: number | null | undefined): ImportRowJson {
  const cells = r.cells as string[];
  return {
    row: r.rowNumber,
    email: emailIndex === null || emailIndex === undefined ? "" : (cells[emailIndex] ?? "").trim(),
    cells,
    outcome: (r.outcome ?? r.checkOutcome) as DryRunOutcome | RunOutcome | null,
    reason: r.outcome ? r.reason : r.checkReason,
    applied: r.appliedAt !== null,
  };
}

const ROW_SELECT = {
  rowNumber: true,
  cells: true,
  checkOutcome: true,
  checkReason: true,
  outcome: true,
  reason: true,
  appliedAt: true,
} as const;

/** Which rows an outcome filter means: a run outcome (created…), a dry-run outcome (create…), or not applied yet. */
function outcomeWhere(outcome: ListImportRowsQuery["outcome"]): Prisma.UserImportRowWhereInput {
  if (!outcome) return {};
  if (outcome === "pending") return { appliedAt: null };
  if (["created", "updated", "rejected", "failed"].includes(outcome) || outcome === "unchanged") {
    return outcome === "unchanged"
      ? { OR: [{ outcome: "unchanged" }, { appliedAt: null, checkOutcome: "unchanged" }] }
      : { outcome };
  }
  return { appliedAt: null, checkOutcome: outcome };
}

/** GET /api/admin/imports/{importId}/rows: the rows and their outcome, filtered, in file order. */
export async function listImportRows(
  ctx: TenantContext,
  importId: string,
  query: ListImportRowsQuery,
): Promise<Page<ImportRowJson>> {
  const imp = await requireImport(ctx, importId);
  const where: Prisma.UserImportRowWhereInput = {
    organizationId: imp.organizationId,
    importId: imp.id,
    ...outcomeWhere(query.outcome),
  };
  const [rows, total] = await Promise.all([
    db().userImportRow.findMany({
      where,
      orderBy: { rowNumber: "asc" },
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
      select: ROW_SELECT,
    }),
    db().userImportRow.count({ where }),
  ]);
  const emailIndex = (imp.mapping as Record<string, number | null>).email;
  return { items: rows.map((r) => rowJson(r, emailIndex)), page: query.page, page_size: query.page_size, total };
}

/** Rows read per query while the report is sent. */
const REPORT_BATCH = 2000;

/**
 * GET /api/admin/imports/{importId}/report: every row's outcome and reason as CSV, then the file's own
 * columns, read in batches while it is sent.
 */
export async function importReport(
  ctx: TenantContext,
  importId: string,
): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
  const imp = await requireImport(ctx, importId);
  const headers = imp.headers as string[];
  const emailIndex = (imp.mapping as Record<string, number | null>).email;
  const encoder = new TextEncoder();
  let after = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode(`\uFEFF${csvLine(["row", "email", "outcome", "reason", "applied", ...headers])}`),
      );
    },
    async pull(controller) {
      const rows = await db().userImportRow.findMany({
        where: { organizationId: imp.organizationId, importId: imp.id, rowNumber: { gt: after } },
        orderBy: { rowNumber: "asc" },
        take: REPORT_BATCH,
        select: ROW_SELECT,
      });
      const text = rows
        .map((r) => {
          const j = rowJson(r, emailIndex);
          const cells = headers.map((_, i) =>
            i === (imp.mapping as Record<string, number | null>).password
              ? j.cells[i]
                ? "(hidden)"
                : ""
              : (j.cells[i] ?? ""),
          );
          return csvLine([j.row, j.email, j.outcome ?? "", j.reason ?? "", j.applied ? "yes" : "no", ...cells]);
        })
        .join("");
      if (text) controller.enqueue(encoder.encode(text));
      after = rows.at(-1)?.rowNumber ?? after;
      if (rows.length < REPORT_BATCH) controller.close();
    },
  });
  const base =
    imp.fileName
      .replace(/\.[^.]*$/, "")
      .replace(/[^\w.-]+/g, "-")
      .slice(0, 80) || "import";
  return { fileName: `${base}-report.csv`, body };
}
