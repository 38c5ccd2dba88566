import "server-only";
import { csvHead, csvLine, type CsvNewline, type CsvValue } from "@/lib/csv";

// The one writer of the CSV downloads: rows come from an async source (a COPY stream, pages of a cursor or of
// a keyset) in batches, and leave as the response's body, encoded by lib/csv.ts. The next batch is read only
// when the reader wants more, so memory stays flat whatever the size and a slow reader slows the source down.

export type CsvRow = readonly CsvValue[];

/** The rows of a file, a batch at a time. */
export type CsvBatches = AsyncIterable<readonly CsvRow[]>;

export interface CsvFile {
  header: readonly string[];
  batches: CsvBatches;
  newline?: CsvNewline;
}

/** Rows are sent in pieces of about this many characters rather than batch by batch. */
const PIECE_CHARS = 64 * 1024;

/**
 * The file as a byte stream. The first batch is read before this answers: a failing statement is an error
 * answer, not a cut-off file. A reader that goes away stops the source (its iterator is returned).
 */
export async function csvStream({ header, batches, newline = "\r\n" }: CsvFile): Promise<ReadableStream<Uint8Array>> {
  const source = batches[Symbol.asyncIterator]();
  const lines = (rows: readonly CsvRow[]) => rows.map((row) => csvLine(row, newline)).join("");
  const first = await source.next();
  let pending = csvHead(header, newline) + (first.done ? "" : lines(first.value));
  let done = first.done ?? false;
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let text = pending;
      pending = "";
      while (!done && text.length < PIECE_CHARS) {
        const next = await source.next();
        if (next.done) done = true;
        else text += lines(next.value);
      }
      if (text) controller.enqueue(encoder.encode(text));
      if (done) controller.close();
    },
    async cancel() {
      await source.return?.();
    },
  });
}

/** A file whose rows are already in memory (a report of one person or one course: a few hundred rows). */
export function csvOf(header: readonly string[], rows: readonly CsvRow[]): Promise<ReadableStream<Uint8Array>> {
  return csvStream({ header, batches: oneBatch(rows) });
}

async function* oneBatch(rows: readonly CsvRow[]): CsvBatches {
  yield rows;
}

/** A source's batches of records as a file's rows. */
export async function* csvRows<R>(batches: AsyncIterable<readonly R[]>, fields: (record: R) => CsvRow): CsvBatches {
  for await (const records of batches) yield records.map(fields);
}
