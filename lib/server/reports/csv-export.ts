import "server-only";
import { readInBatches } from "@/lib/db";
import { csvRows, csvStream, type CsvRow } from "@/lib/server/csv/csv-stream";
import type { CountedList, ListStatement } from "@/lib/server/reports/list";

/** An export stops here; narrow the filters for more. */
export const REPORT_EXPORT_LIMIT = 200_000;
const BATCH = 2000;

/**
 * A breakdown as CSV, in the list's own order. Its statement runs once, read through a cursor a batch at a
 * time while the file is sent: a large report never sits in memory whole, and the last batch costs what the
 * first did. The scope was checked before this is called.
 */
export function csvExport<R extends object>(
  header: string[],
  list: ListStatement | CountedList,
  fields: (row: R) => CsvRow,
): Promise<ReadableStream<Uint8Array>> {
  const build = typeof list === "function" ? list : list.rows;
  const query = build({ limit: REPORT_EXPORT_LIMIT, offset: 0 });
  return csvStream({ header, batches: csvRows(readInBatches<R>(query, BATCH), fields) });
}
