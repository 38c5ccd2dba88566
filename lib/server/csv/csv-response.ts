import "server-only";
import { attachmentDisposition } from "@/lib/security-headers";

/**
 * Every CSV download's answer: UTF-8 text, an attachment with this name, never cached. Its body ends with
 * the request: when the reader goes away, the file's source (a cursor holding a pooled connection) is
 * stopped even if the server never cancels the body itself.
 */
export function csvDownload(request: Request, body: ReadableStream<Uint8Array>, filename: string): Response {
  return new Response(endingWithRequest(body, request.signal), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": attachmentDisposition(filename),
      "cache-control": "no-store",
    },
  });
}

/** A download's file name for today (UTC): `report-learners-2026-12-03.csv`. */
export function datedFileName(name: string, now = new Date()): string {
  return `${name}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * The body, read through, ended when the signal aborts: the reader of the body sees its end, and the body's
 * source is cancelled whether a read is pending or not. Reading on demand only (no queue of its own) keeps
 * memory as flat as the source's.
 */
export function endingWithRequest(body: ReadableStream<Uint8Array>, signal: AbortSignal): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let ended = false;
  let outer: ReadableStreamDefaultController<Uint8Array> | undefined;
  const end = async (reason?: unknown) => {
    if (ended) return;
    ended = true;
    signal.removeEventListener("abort", onAbort);
    try {
      outer?.close();
    } catch {
      // Already cancelled by its reader.
    }
    await reader.cancel(reason).catch(() => undefined);
  };
  const onAbort = () => void end(signal.reason);
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        outer = controller;
        if (signal.aborted) onAbort();
        else signal.addEventListener("abort", onAbort, { once: true });
      },
      async pull(controller) {
        const next = await reader.read();
        if (ended) return;
        if (next.done) {
          ended = true;
          signal.removeEventListener("abort", onAbort);
          controller.close();
        } else controller.enqueue(next.value);
      },
      cancel: (reason) => end(reason),
    },
    { highWaterMark: 0 },
  );
}
