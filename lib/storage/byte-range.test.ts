import { describe, expect, it } from "vitest";
import { rangedResponse } from "./byte-range";

/** The status and Content-Range of a 1000-byte file's answer to a Range header. */
const served = (range: string | null) => {
  const file = { size: 1000, stream: () => new ReadableStream<Uint8Array>() };
  const response = rangedResponse(file, range, new Headers(), true);
  return [response.status, response.headers.get("content-range")];
};

describe("one byte range of a stored file", () => {
  it("reads a closed range and clamps it to the file", () => {
    expect(served("bytes=0-99")).toEqual([206, "bytes 0-99/1000"]);
    expect(served("bytes=900-2000")).toEqual([206, "bytes 900-999/1000"]);
  });

  it("reads open and suffix ranges", () => {
    expect(served("bytes=100-")).toEqual([206, "bytes 100-999/1000"]);
    expect(served("bytes=-100")).toEqual([206, "bytes 900-999/1000"]);
    expect(served("bytes=-5000")).toEqual([206, "bytes 0-999/1000"]);
  });

  it("answers unsatisfiable past the end", () => {
    expect(served("bytes=1000-")).toEqual([416, "bytes */1000"]);
    expect(served("bytes=-0")).toEqual([416, "bytes */1000"]);
  });

  it("ignores what it does not understand, serving the whole file", () => {
    for (const range of [null, "bytes=0-1,5-6", "items=0-1", "bytes=50-10", "bytes=-"])
      expect(served(range), String(range)).toEqual([200, null]);
  });
});
