/** One entry of a page row: a page number, or a gap between the first/last pages and the current ones. */
export type PageEntry = number | "start-ellipsis" | "end-ellipsis";

const range = (start: number, end: number) => Array.from({ length: Math.max(end - start + 1, 0) }, (_, i) => start + i);

/**
 * The pages MUI's Pagination shows (usePagination with one boundary page and one sibling each side): the
 * first and last pages, the current one with its neighbours, and a gap where pages are left out.
 */
export function pageEntries(page: number, count: number): PageEntry[] {
  const boundary = 1;
  const siblings = 1;
  const startPages = range(1, Math.min(boundary, count));
  const endPages = range(Math.max(count - boundary + 1, boundary + 1), count);
  const siblingsStart = Math.max(Math.min(page - siblings, count - boundary - siblings * 2 - 1), boundary + 2);
  const siblingsEnd = Math.min(
    Math.max(page + siblings, boundary + siblings * 2 + 2),
    endPages.length > 0 ? endPages[0]! - 2 : count - 1,
  );
  return [
    ...startPages,
    ...(siblingsStart > boundary + 2
      ? (["start-ellipsis"] as const)
      : boundary + 1 < count - boundary
        ? [boundary + 1]
        : []),
    ...range(siblingsStart, siblingsEnd),
    ...(siblingsEnd < count - boundary - 1
      ? (["end-ellipsis"] as const)
      : count - boundary > boundary
        ? [count - boundary]
        : []),
    ...endPages,
  ];
}
