import "server-only";
import type { UserImport } from "@/lib/generated/prisma/client";
import type { ImportMapping, ImportStatus } from "@/lib/schemas/imports";
import { missingFields } from "@/lib/server/imports/mapping";

// An import as the API and the pages show it. The progress bar reads `progress`; `summary` says in one
// sentence where the import stands (what was applied, when cancelled).

export interface ImportProgressJson {
  /** "check": the dry run (the API's name for it, lib/schemas/imports.ts). */
  phase: "check" | "run" | null;
  done: number;
  total: number;
  /** Rows per second since the phase began. */
  rate: number | null;
  /** Seconds until the phase ends at that rate. */
  seconds_left: number | null;
}

export interface ImportJson {
  id: string;
  organization_id: string;
  file_name: string;
  file_size: number;
  encoding: string;
  delimiter: string;
  headers: string[];
  mapping: ImportMapping;
  missing_fields: string[];
  status: ImportStatus;
  total_rows: number;
  check: { checked_at: string; create: number; update: number; unchanged: number; reject: number } | null;
  run: {
    started_at: string | null;
    finished_at: string | null;
    created: number;
    updated: number;
    unchanged: number;
    rejected: number;
    failed: number;
    not_applied: number;
  } | null;
  progress: ImportProgressJson;
  cancel_requested: boolean;
  error: string | null;
  summary: string;
  created_at: string;
}

const n = (value: number) => value.toLocaleString("en-US");

export function importJson(row: UserImport, now = new Date()): ImportJson {
  const status = row.status as ImportStatus;
  const phase = status === "checking" ? "check" : status === "running" ? "run" : null;
  const elapsed = row.phaseStartedAt ? (now.getTime() - row.phaseStartedAt.getTime()) / 1000 : 0;
  const rate = phase && elapsed > 0 && row.processedRows > 0 ? row.processedRows / elapsed : null;
  const done = phase
    ? row.processedRows
    : status === "completed" || status === "checked"
      ? row.totalRows
      : row.processedRows;
  const ran = row.startedAt !== null;
  const applied = row.createdCount + row.updatedCount + row.unchangedCount + row.rejectedCount + row.failedCount;
  return {
    id: row.id,
    organization_id: row.organizationId,
    file_name: row.fileName,
    file_size: row.fileSize,
    encoding: row.encoding,
    delimiter: row.delimiter,
    headers: row.headers as string[],
    mapping: row.mapping as ImportMapping,
    missing_fields: missingFields(row.mapping as ImportMapping),
    status,
    total_rows: row.totalRows,
    check:
      row.checkedAt && row.checkCreate !== null
        ? {
            checked_at: row.checkedAt.toISOString(),
            create: row.checkCreate,
            update: row.checkUpdate ?? 0,
            unchanged: row.checkUnchanged ?? 0,
            reject: row.checkReject ?? 0,
          }
        : null,
    run: ran
      ? {
          started_at: row.startedAt?.toISOString() ?? null,
          finished_at: row.finishedAt?.toISOString() ?? null,
          created: row.createdCount,
          updated: row.updatedCount,
          unchanged: row.unchangedCount,
          rejected: row.rejectedCount,
          failed: row.failedCount,
          not_applied: row.totalRows - applied,
        }
      : null,
    progress: {
      phase,
      done,
      total: row.totalRows,
      rate: rate === null ? null : Math.round(rate * 10) / 10,
      seconds_left: rate ? Math.max(0, Math.round((row.totalRows - row.processedRows) / rate)) : null,
    },
    cancel_requested: row.cancelRequested,
    error: row.error,
    summary: summaryOf(row, status),
    created_at: row.createdAt.toISOString(),
  };
}

function summaryOf(row: UserImport, status: ImportStatus): string {
  const applied = `${n(row.createdCount)} created, ${n(row.updatedCount)} updated, ${n(row.unchangedCount)} unchanged, ${n(row.rejectedCount)} rejected, ${n(row.failedCount)} failed`;
  const done = row.createdCount + row.updatedCount + row.unchangedCount + row.rejectedCount + row.failedCount;
  switch (status) {
    case "receiving":
    case "uploaded":
      return `${n(row.totalRows)} rows read: review the mapping, then make a dry run`;
    case "checking":
      return `Dry run: ${n(row.processedRows)} of ${n(row.totalRows)} rows done`;
    case "checked":
      return `Dry run: ${n(row.checkCreate ?? 0)} to create, ${n(row.checkUpdate ?? 0)} to update, ${n(row.checkUnchanged ?? 0)} unchanged, ${n(row.checkReject ?? 0)} rejected; nothing is applied until you run the import`;
    case "running":
      return `Importing: ${n(done)} of ${n(row.totalRows)} rows done (${applied})`;
    case "completed":
      return `Imported ${n(row.totalRows)} rows: ${applied}`;
    case "cancelled":
      return row.startedAt
        ? `Cancelled after ${n(done)} of ${n(row.totalRows)} rows: ${applied}; the other ${n(row.totalRows - done)} rows were not applied`
        : "Cancelled before anything was applied";
    case "failed":
      return `The import stopped after ${n(done)} of ${n(row.totalRows)} rows (${applied}): ${row.error ?? "an unexpected error"}`;
  }
}
