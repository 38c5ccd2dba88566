// CSV as spreadsheets read it (RFC 4180): fields quoted when they need it, quotes doubled, CRLF lines.
// A field that a spreadsheet would run as a formula (=, +, -, @, tab, CR at its start) gets a leading
// apostrophe: an exported log must not execute what someone typed into it.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(fields: (string | number | boolean | null | undefined)[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}
