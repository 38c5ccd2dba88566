import { parse as parseRange } from "range-parser";

// One HTTP byte range (RFC 9110 §14) against a file of `size` bytes, read by range-parser. Multiple
// ranges are answered with the whole file, which the RFC allows; players only ever ask for one.

export type ByteRange = { start: number; end: number };

/** null: no (usable) Range header, serve everything; "unsatisfiable": answer 416. */
function parseByteRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const { code, type, ranges } = parseRange(size, header);
  if (type !== "bytes" || ranges.length > 1) return null;
  if (ranges[0]) return { start: ranges[0].start, end: ranges[0].end };
  // Nothing to serve: a well-formed range past the end is a 416; a malformed header is ignored (RFC 9110).
  return code & UNSATISFIABLE ? "unsatisfiable" : null;
}

/** range-parser's code bit for a well-formed range that lies outside the file. */
const UNSATISFIABLE = 2;

/**
 * The response for a stored file under `headers` (content type, caching, …): the whole file, the one
 * range asked for (206), or 416. `head` answers the same headers without the bytes.
 */
export function rangedResponse(
  object: { size: number; stream: (range?: ByteRange) => ReadableStream<Uint8Array> },
  rangeHeader: string | null,
  headers: Headers,
  head = false,
): Response {
  headers.set("accept-ranges", "bytes");
  const range = parseByteRange(rangeHeader, object.size);
  if (range === "unsatisfiable") {
    headers.set("content-range", `bytes */${object.size}`);
    return new Response(null, { status: 416, headers });
  }
  if (!range) {
    headers.set("content-length", String(object.size));
    return new Response(head ? null : object.stream(), { status: 200, headers });
  }
  headers.set("content-range", `bytes ${range.start}-${range.end}/${object.size}`);
  headers.set("content-length", String(range.end - range.start + 1));
  return new Response(head ? null : object.stream(range), { status: 206, headers });
}
