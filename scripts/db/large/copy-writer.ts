import { once } from "node:events";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { quoteIdent } from "../../../server/database/pg-url";

// COPY … FROM STDIN in PostgreSQL's text format: tab-separated columns, \N for NULL. Rows are gathered
// into ~256 KB chunks so the stream is written a few thousand times rather than millions.

const CHUNK_BYTES = 256 * 1024;
const SPECIAL = /[\\\t\n\r]/;

export type CopyValue = string | number | boolean | null | undefined;

/** A value as COPY's text format spells it. Timestamps are passed already formatted (see timestamp()). */
export function copyField(value: CopyValue): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value === "boolean") return value ? "t" : "f";
  if (typeof value === "number") return String(value);
  return SPECIAL.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) => ({ "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" })[c]!)
    : value;
}

/** A TIMESTAMP(3) column value (Prisma stores UTC without a zone). */
export function timestamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 23);
}

export class CopyWriter {
  private chunk = "";
  private rows = 0;
  private readonly stream;
  private readonly done: Promise<unknown>;

  constructor(client: pg.Client, table: string, columns: readonly string[]) {
    const columnList = columns.map(quoteIdent).join(", ");
    this.stream = client.query(copyFrom(`COPY ${quoteIdent(table)} (${columnList}) FROM STDIN`));
    this.done = once(this.stream, "finish");
    // An error before finish (a bad row) rejects `done`; surface it there rather than as an unhandled event.
    this.done.catch(() => undefined);
  }

  /** Adds one row; resolves at once unless the chunk was flushed into a full stream. */
  row(values: readonly CopyValue[]): Promise<void> | undefined {
    let line = "";
    for (let i = 0; i < values.length; i += 1) line += (i ? "\t" : "") + copyField(values[i]);
    this.chunk += line + "\n";
    this.rows += 1;
    return this.chunk.length >= CHUNK_BYTES ? this.flush() : undefined;
  }

  private async flush(): Promise<void> {
    const data = this.chunk;
    this.chunk = "";
    if (!this.stream.write(data)) await Promise.race([once(this.stream, "drain"), this.done]);
  }

  /** Sends the rest and waits until PostgreSQL has taken every row; returns the row count. */
  async end(): Promise<number> {
    if (this.chunk) this.stream.write(this.chunk);
    this.chunk = "";
    this.stream.end();
    await this.done;
    return this.rows;
  }
}
