import "server-only";
import { csvLine } from "@/lib/csv";
import { attachmentDisposition } from "@/lib/security-headers";
import type { CountedList, ListStatement } from "@/lib/server/reports/list";
import { runBatch } from "@/lib/server/reports/list";

/** An export stops here; narrow the filters for more. */
export const REPORT_EXPORT_LIMIT = 200_000;
const BATCH = 2000;

/**
 * A breakdown as CSV (UTF-8 with a byte-order mark, so spreadsheets read accents right), read in batches
 * while it is sent: a large report never sits in memory whole. The scope was checked before this is called.
 */
export function csvExport<R extends object>(
  header: string[],
  build: ListStatement | CountedList,
  fields: (row: R) => (string | number | boolean | null | undefined)[],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`));
    },
    async pull(controller) {
      const rows = await runBatch<R>(build, { limit: Math.min(BATCH, REPORT_EXPORT_LIMIT - offset), offset });
      const text = rows.map((r) => csvLine(fields(r))).join("");
      if (text) controller.enqueue(encoder.encode(text));
      offset += rows.length;
      if (rows.length < BATCH || offset >= REPORT_EXPORT_LIMIT) controller.close();
    },
  });
}

/** The download's headers: a CSV attachment named after the report and the day. */
export function csvHeaders(name: string): Record<string, string> {
  const day = new Date().toISOString().slice(0, 10);
  return {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": attachmentDisposition(`${name}-${day}.csv`),
    "cache-control": "no-store",
  };
}
