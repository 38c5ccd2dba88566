// CSV as spreadsheets read it (RFC 4180): fields quoted when they need it, quotes doubled. The one encoder of
// every CSV file the app writes (lib/server/csv/csv-stream.ts streams them).
// A text field that a spreadsheet would run as a formula (=, +, -, @, tab, CR at its start) gets a leading
// apostrophe: an exported file must not execute what someone typed into it. Numbers are not text: -1 stays -1.

/** =, +, -, @, tab, CR (compared as character codes: this runs for every cell of a large export). */
const FORMULA_START = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d]);
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * A value the database already wrote as text that is not someone's text (a number as "85.0" or "-0.4",
 * a date, an id, an enum's name): written as it is, never neutralised, like a number.
 */
export class CsvPlain {
  constructor(readonly text: string) {}
}

export type CsvValue = string | number | bigint | boolean | CsvPlain | null | undefined;

/** Lines end with CRLF (RFC 4180), or with LF where a file has always had LF. */
export type CsvNewline = "\r\n" | "\n";

/** Excel reads a CSV as UTF-8 only when it starts with the byte order mark. */
export const CSV_BOM = "\uFEFF";

function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (typeof value === "string") text = FORMULA_START.has(value.charCodeAt(0)) ? `'${value}` : value;
  else if (value instanceof CsvPlain) text = value.text;
  else text = String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(fields: readonly CsvValue[], newline: CsvNewline = "\r\n"): string {
  let line = fields.length > 0 ? csvField(fields[0]) : "";
  for (let i = 1; i < fields.length; i += 1) line += `,${csvField(fields[i])}`;
  return line + newline;
}

/** How every file starts: the byte order mark, then the header row. */
export function csvHead(header: readonly string[], newline: CsvNewline = "\r\n"): string {
  return `${CSV_BOM}${csvLine(header, newline)}`;
}
