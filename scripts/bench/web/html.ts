// What a page's HTML carries: its size unpacked, and whether its inline React Server Components data
// (the `self.__next_f.push` scripts) holds any element tree twice, which the browser would parse twice.

/** Trees shorter than this (a link, an icon) may repeat without cost worth naming. */
const MIN_TREE_CHARS = 200;

export interface HtmlFigures {
  bytes: number;
  /** The repeated trees' text, longest first (empty when none repeats). */
  repeatedTrees: string[];
}

export function htmlFigures(html: string): HtmlFigures {
  return { bytes: Buffer.byteLength(html), repeatedTrees: repeatedTrees(flightData(html)) };
}

/** The inline RSC data, as the browser reassembles it. */
export function flightData(html: string): string {
  let data = "";
  for (const match of html.matchAll(/self\.__next_f\.push\((\[.*?\])\)<\/script>/gs)) {
    const chunk = JSON.parse(match[1]!) as [number, string?];
    if (typeof chunk[1] === "string") data += chunk[1];
  }
  return data;
}

/**
 * Every element (`["$",…]`) of at least MIN_TREE_CHARS that occurs more than once, but Next's own router
 * node of a segment when it holds no markup: every level of a page's address has one, alike wherever the
 * level has no boundaries of its own, and it draws nothing itself (its segment's content is sent once).
 */
export function repeatedTrees(data: string): string[] {
  const seen = new Map<string, number>();
  for (let start = data.indexOf('["$"'); start >= 0; start = data.indexOf('["$"', start + 1)) {
    const end = closingBracket(data, start);
    if (end < 0 || end - start + 1 < MIN_TREE_CHARS) continue;
    const tree = data.slice(start, end + 1);
    if (isEmptySegmentRouter(tree)) continue;
    seen.set(tree, (seen.get(tree) ?? 0) + 1);
  }
  const repeated = [...seen].filter(([, count]) => count > 1).map(([tree]) => tree);
  // A repeated tree's own subtrees repeat with it: name only the outermost ones.
  return repeated
    .filter((tree) => !repeated.some((other) => other !== tree && other.includes(tree)))
    .sort((a, b) => b.length - a.length);
}

/** A segment's router element (it names its parallel route) without an HTML element anywhere inside. */
function isEmptySegmentRouter(tree: string): boolean {
  return tree.includes('"parallelRouterKey"') && !/\["\$","[a-z]/.test(tree);
}

/** The index of the bracket that closes the array opening at `start`, skipping strings; -1 if none. */
function closingBracket(data: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < data.length; i++) {
    const c = data[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "[") depth++;
    else if (c === "]" && --depth === 0) return i;
  }
  return -1;
}
