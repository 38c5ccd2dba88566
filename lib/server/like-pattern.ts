// Patterns for LIKE and ILIKE made from what someone typed or stored: `\`, `%` and `_` in it are letters,
// not wildcards (PostgreSQL's default escape character is `\`).

/** `text` with LIKE's wildcards and escape character taken literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Matches any value containing `text`. */
export function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** Matches any value starting with `text`. */
export function likePrefix(text: string): string {
  return `${escapeLike(text)}%`;
}
