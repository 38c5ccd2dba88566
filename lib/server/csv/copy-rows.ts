import "server-only";
import { copyOut } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { CopyTextReader, type CopyColumnKind } from "@/lib/server/csv/copy-text";
import type { CsvBatches } from "@/lib/server/csv/csv-stream";

/**
 * The rows of `COPY (SELECT …) TO STDOUT` (text format), a batch per piece PostgreSQL sends: the fastest
 * source for a large export. `kinds` says, column by column, which hold someone's text. Stopping early
 * (the reader went away) destroys the COPY's stream, which closes its connection.
 */
export async function* copyRows(query: Prisma.Sql, kinds: readonly CopyColumnKind[]): CsvBatches {
  const reader = new CopyTextReader(kinds);
  for await (const piece of await copyOut(query)) {
    const rows = reader.push(piece as Buffer);
    if (rows.length > 0) yield rows;
  }
  reader.finish();
}
