// Text PostgreSQL cannot store: a NUL character (refused in text and jsonb alike) or a lone UTF-16
// surrogate (not Unicode at all; it would be stored as a replacement character, silently changed).
// Every parsed input is checked once (parseInput in lib/http.ts), so no route can forget it.

const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = "must not contain NUL characters or unpaired surrogates";

/** The path of the first string (or object key) in `value` that cannot be stored, or null. */
export function findUnstorableText(
  value: unknown,
  path: (string | number)[] = [],
  depth = 0,
): (string | number)[] | null {
  if (typeof value === "string") return UNSTORABLE.test(value) ? path : null;
  if (depth > 64 || value === null || typeof value !== "object") return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, index], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return [...path, key];
    const found = findUnstorableText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
