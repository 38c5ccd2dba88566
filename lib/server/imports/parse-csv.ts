import { pipeline, Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { AppError } from "@/lib/errors";
import { MAX_IMPORT_BYTES, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from "@/lib/schemas/imports";

// Reads an uploaded CSV as it arrives, never whole: bytes → text (UTF-8 with or without its BOM, or
// Windows-1252, told apart by the first bytes above ASCII) → csv-parse (comma, semicolon or tab, told by
// the header line; quoted fields may hold delimiters, quotes and line breaks) → records. Anything wrong
// with the file is a 4xx AppError with a sentence the admin can act on.

export type CsvEncoding = "utf-8" | "windows-1252";

export interface CsvFile {
  header: string[];
  delimiter: string;
  /** The data rows (at least one cell not empty), in order. Read it to its end. */
  rows: AsyncIterable<string[]>;
  /** Known once `rows` is read: pure ASCII counts as UTF-8. */
  encoding(): CsvEncoding;
  /** Bytes read so far (all of them once `rows` is read). */
  bytes(): number;
}

export interface CsvLimits {
  maxBytes?: number;
  maxRows?: number;
}

const invalid = (message: string) => new AppError("VALIDATION_FAILED", message, { fieldErrors: { file: [message] } });

/** Opens a CSV file from its bytes: resolves once the header is read. */
export async function openCsv(source: AsyncIterable<Uint8Array>, limits: CsvLimits = {}): Promise<CsvFile> {
  const maxBytes = limits.maxBytes ?? MAX_IMPORT_BYTES;
  const maxRows = limits.maxRows ?? MAX_IMPORT_ROWS;
  const state = { encoding: undefined as CsvEncoding | undefined, bytes: 0 };
  const text = decode(source, state, maxBytes)[Symbol.asyncIterator]();

  // The header line decides the delimiter: read text until its end (a header has no quoted line breaks).
  let head = "";
  let done = false;
  while (!/[\r\n]/.test(head) && head.length < 256 * 1024) {
    const next = await text.next();
    if (next.done) {
      done = true;
      break;
    }
    head += next.value;
  }
  if (head.trim() === "" && done)
    throw invalid(
      "The file is empty: it needs a header line (email, first_name, last_name, …) and one line per person",
    );
  const delimiter = detectDelimiter(head.split(/\r\n|\r|\n/)[0] ?? "");

  async function* rest(): AsyncGenerator<string> {
    yield head;
    if (done) return;
    for (;;) {
      const next = await text.next();
      if (next.done) return;
      yield next.value;
    }
  }
  const parser = parse({
    delimiter,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    max_record_size: 1024 * 1024,
  });
  pipeline(Readable.from(rest()), parser, () => undefined);
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;

  const first = await nextRecord(records);
  if (!first)
    throw invalid(
      "The file is empty: it needs a header line (email, first_name, last_name, …) and one line per person",
    );
  if (first.length > MAX_IMPORT_COLUMNS)
    throw invalid(`The file has ${first.length} columns; at most ${MAX_IMPORT_COLUMNS} are read`);
  const header = first.map((name, i) => name.trim() || `Column ${i + 1}`);

  async function* rows(): AsyncGenerator<string[]> {
    let count = 0;
    for (;;) {
      const record = await nextRecord(records);
      if (!record) break;
      count += 1;
      if (count > maxRows)
        throw invalid(`The file has more than ${maxRows.toLocaleString("en-US")} rows: split it into smaller files`);
      if (record.length > MAX_IMPORT_COLUMNS)
        throw invalid(`Row ${count} has ${record.length} columns; at most ${MAX_IMPORT_COLUMNS} are read`);
      yield record;
    }
    if (count === 0) throw invalid("The file has a header line but no rows below it");
  }
  return { header, delimiter, rows: rows(), encoding: () => state.encoding ?? "utf-8", bytes: () => state.bytes };
}

async function nextRecord(records: AsyncIterator<string[]>): Promise<string[] | undefined> {
  try {
    const next = await records.next();
    return next.done ? undefined : next.value;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof CsvError) throw invalid(`The file is not valid CSV: ${csvProblem(error)}`);
    throw invalid("The file could not be read");
  }
}

function csvProblem(error: CsvError): string {
  const line = (error as CsvError & { lines?: number }).lines;
  const where = line ? ` (line ${line})` : "";
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return `a quoted field is never closed${where}: every " that opens a field needs one that closes it`;
    case "CSV_INVALID_CLOSING_QUOTE":
    case "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE":
      return `a quote inside a field is not doubled${where}: write "" for a quote inside a quoted field`;
    case "CSV_MAX_RECORD_SIZE":
      return `a row is larger than 1 MB${where}`;
    default:
      return `${error.message.replace(/\.$/, "")}`;
  }
}

/** The delimiter the header line uses most, outside quotes: comma, semicolon or tab (comma if none). */
export function detectDelimiter(line: string): string {
  const counts = new Map<string, number>([
    [",", 0],
    [";", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ",";
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

/**
 * Bytes → text. A UTF-8 BOM is dropped and means UTF-8; otherwise the first chunk holding a byte above
 * ASCII decides: valid UTF-8 there means UTF-8 (then held to it: a broken sequence later is an error),
 * else Windows-1252 (every byte is a character). UTF-16 and binary files are refused.
 */
async function* decode(
  source: AsyncIterable<Uint8Array>,
  state: { encoding?: CsvEncoding; bytes: number },
  maxBytes: number,
): AsyncGenerator<string> {
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  const cp1252 = { decode: decodeWindows1252 };
  let first = true;
  for await (const input of source) {
    let chunk = input instanceof Uint8Array ? input : new Uint8Array(input);
    state.bytes += chunk.length;
    if (state.bytes > maxBytes)
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB: split it into smaller files`,
      );
    if (chunk.length === 0) continue;
    if (first) {
      first = false;
      if ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff)) {
        throw invalid("The file is UTF-16: save it as CSV UTF-8 (or Windows-1252) and upload it again");
      }
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
        state.encoding = "utf-8";
        chunk = chunk.subarray(3);
      }
    }
    if (chunk.includes(0)) throw invalid("This is not a CSV file: it holds binary content");
    if (!state.encoding) {
      const high = chunk.findIndex((b) => b >= 0x80);
      if (high === -1) {
        yield cp1252.decode(chunk);
        continue;
      }
      state.encoding = isUtf8(chunk.subarray(high)) ? "utf-8" : "windows-1252";
    }
    yield state.encoding === "utf-8" ? decodeUtf8(utf8, chunk, true) : cp1252.decode(chunk);
  }
  if (state.encoding === "utf-8") {
    const tail = decodeUtf8(utf8, new Uint8Array(0), false);
    if (tail) yield tail;
  }
}

// Windows-1252 is Latin-1 but for 0x80–0x9F, where it has €, curly quotes, dashes… (Node's TextDecoder
// reads that range as Latin-1's control characters, so the table is ours).
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString("latin1")
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

function decodeUtf8(decoder: TextDecoder, chunk: Uint8Array, stream: boolean): string {
  try {
    return decoder.decode(chunk, { stream });
  } catch {
    throw invalid(
      "The file mixes encodings: it began as UTF-8 but holds bytes that are not; save it as CSV UTF-8 and upload it again",
    );
  }
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}
