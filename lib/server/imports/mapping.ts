import { IMPORT_FIELDS, REQUIRED_IMPORT_FIELDS, type ImportField, type ImportMapping } from "@/lib/schemas/imports";

// Which column of a file holds which field. Our own names (and their usual spellings) are matched
// automatically; an organization's saved default (field → column name) comes first.

const ALIASES: Record<ImportField, string[]> = {
  email: ["email", "e_mail", "email_address", "mail"],
  first_name: ["first_name", "firstname", "given_name", "first"],
  last_name: ["last_name", "lastname", "surname", "family_name", "last"],
  username: ["username", "user_name", "login"],
  role: ["role"],
  password: ["password"],
  groups: ["groups", "group"],
  courses: ["courses", "course"],
  completed_on: ["completed_on", "completed_at", "completion_date", "completed_date", "date_completed"],
  status: ["status"],
};

/** "E-mail Address" → "e_mail_address" */
function normalizeColumnName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "_")
    .replace(/^_+|_+$/g, "");
}

/** The mapping of a new file: the saved default's column names first, then our names and aliases. */
export function autoMapping(
  header: readonly string[],
  saved: Partial<Record<ImportField, string>> | null,
): ImportMapping {
  const names = header.map(normalizeColumnName);
  const used = new Set<number>();
  const mapping: ImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    const savedName = saved?.[field];
    let index = savedName ? names.indexOf(normalizeColumnName(savedName)) : -1;
    if (index === -1 || used.has(index)) index = names.findIndex((n, i) => !used.has(i) && ALIASES[field].includes(n));
    mapping[field] = index === -1 ? null : index;
    if (index !== -1) used.add(index);
  }
  return mapping;
}

/** The mapping as column names, as an organization saves it for its next files. */
export function mappingByName(header: readonly string[], mapping: ImportMapping): Partial<Record<ImportField, string>> {
  const out: Partial<Record<ImportField, string>> = {};
  for (const field of IMPORT_FIELDS) {
    const index = mapping[field];
    if (index !== null && index !== undefined && header[index] !== undefined) out[field] = header[index];
  }
  return out;
}

/** Required fields the mapping leaves out. */
export function missingFields(mapping: ImportMapping): ImportField[] {
  return REQUIRED_IMPORT_FIELDS.filter((f) => mapping[f] === null || mapping[f] === undefined);
}

/**
 * The cell of `field` in a row ("" when unmapped or past the row's end). A leading apostrophe before a
 * formula character is the one our exports add (lib/csv.ts): it is taken off, so an exported file
 * imports back unchanged.
 */
export function cellOf(cells: readonly string[], mapping: ImportMapping, field: ImportField): string {
  const index = mapping[field];
  const value = index === null || index === undefined ? "" : (cells[index] ?? "");
  return (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value).trim();
}
