import { describe, expect, it } from "vitest";
import { datedFileName, endingWithRequest } from "@/lib/server/csv/csv-response";

/** A body that never ends, noting when its source is stopped. */
function endless(): { body: ReadableStream<Uint8Array>; stopped: () => boolean } {
  let stopped = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(new TextEncoder().encode("row\r\n"));
    },
    cancel() {
      stopped = true;
    },
  });
  return { body, stopped: () => stopped };
}

describe("a CSV download's body", () => {
  it("passes the body on as it is read", async () => {
    const source = new Response("a,b\r\n1,2\r\n").body!;
    const text = await new Response(endingWithRequest(source, new AbortController().signal)).text();
    expect(text).toBe("a,b\r\n1,2\r\n");
  });

  it("stops its source when the request is aborted, though nobody cancels the body", async () => {
    const request = new AbortController();
    const { body, stopped } = endless();
    const reader = endingWithRequest(body, request.signal).getReader();
    expect((await reader.read()).done).toBe(false);
    request.abort();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stopped()).toBe(true);
    // Its reader sees the file end rather than waiting for ever.
    expect((await reader.read()).done).toBe(true);
  });

  it("stops a source whose read is still pending when the request is aborted", async () => {
    const request = new AbortController();
    let stopped = false;
    const slow = new ReadableStream<Uint8Array>({
      pull: () => new Promise<void>(() => undefined),
      cancel() {
        stopped = true;
      },
    });
    const reader = endingWithRequest(slow, request.signal).getReader();
    const pending = reader.read();
    request.abort();
    expect((await pending).done).toBe(true);
    expect(stopped).toBe(true);
  });

  it("stops its source at once when the request was aborted before the answer", async () => {
    const { body, stopped } = endless();
    endingWithRequest(body, AbortSignal.abort());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stopped()).toBe(true);
  });

  it("stops its source when its reader cancels it", async () => {
    const { body, stopped } = endless();
    const reader = endingWithRequest(body, new AbortController().signal).getReader();
    await reader.read();
    await reader.cancel();
    expect(stopped()).toBe(true);
  });
});

describe("a download's file name", () => {
  it("is the name and the UTC day", () => {
    expect(datedFileName("report-learners", new Date("2026-12-03T23:30:00-05:00"))).toBe(
      "report-learners-2026-12-04.csv",
    );
  });
});
