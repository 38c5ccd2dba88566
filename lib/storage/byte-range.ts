// One HTTP byte range (RFC 9110 §14) against a file of `size` bytes. Multiple ranges are answered with
// the whole file, which the RFC allows; players only ever ask for one.

export type ByteRange = { start: number; end: number };

/** null: no (usable) Range header, serve everything; "unsatisfiable": answer 416. */
export function parseByteRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return "unsatisfiable";
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return null;
  return { start, end };
}

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
