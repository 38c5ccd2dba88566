import { CsvPlain, type CsvValue } from "@/lib/csv";

// PostgreSQL's COPY text format, read back into cells: a row per line, cells split by tabs, \N for NULL, and
// a backslash before a backslash, a tab, a newline or another control character that is part of a value.
// Only lib/csv.ts writes CSV: PostgreSQL's own CSV output would quote and neutralise in a second place.

/** What a column holds: someone's text (neutralised when written), or a value PostgreSQL formatted. */
export type CopyColumnKind = "text" | "plain";

const UNESCAPED: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" };
const ESCAPE = /\\(.)/g;

function value(field: string, kind: CopyColumnKind | undefined): CsvValue {
  if (field === "\\N") return null;
  const text = field.includes("\\") ? field.replace(ESCAPE, (_, c: string) => UNESCAPED[c] ?? c) : field;
  return kind === "plain" ? new CsvPlain(text) : text;
}

/** Turns COPY's bytes, as they arrive in pieces of any size, into rows. */
export class CopyTextReader {
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  private rest = "";

  constructor(private readonly kinds: readonly CopyColumnKind[]) {}

  /** The rows completed by this piece (a row cut at the piece's end waits for the next one). */
  push(piece: Uint8Array): CsvValue[][] {
    const text = this.rest + this.decoder.decode(piece, { stream: true });
    const end = text.lastIndexOf("\n");
    if (end < 0) {
      this.rest = text;
      return [];
    }
    this.rest = text.slice(end + 1);
    const lines = text.slice(0, end).split("\n");
    const rows: CsvValue[][] = new Array(lines.length);
    for (let r = 0; r < lines.length; r += 1) {
      const fields = lines[r]!.split("\t");
      const row: CsvValue[] = new Array(fields.length);
      for (let i = 0; i < fields.length; i += 1) row[i] = value(fields[i]!, this.kinds[i]);
      rows[r] = row;
    }
    return rows;
  }

  /** After the last piece: anything left over means the stream was cut in the middle of a row. */
  finish(): void {
    const rest = this.rest + this.decoder.decode();
    if (rest) throw new Error("COPY output ended in the middle of a row");
  }
}
