import { describe, expect, it } from "vitest";
import { csvOf, csvRows, csvStream, type CsvRow } from "@/lib/server/csv/csv-stream";

async function text(stream: ReadableStream<Uint8Array>): Promise<{ text: string; pieces: number }> {
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let all = "";
  let pieces = 0;
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    pieces += 1;
    all += decoder.decode(next.value, { stream: true });
  }
  return { text: all + decoder.decode(), pieces };
}

describe("the CSV writer", () => {
  it("writes the byte order mark, the header and each batch's rows, neutralised and quoted", async () => {
    async function* batches(): AsyncGenerator<CsvRow[]> {
      yield [["=1+2", 3]];
      yield [];
      yield [
        ["a,b", null],
        ["-x", -4],
      ];
    }
    const body = await csvStream({ header: ["name", "count"], batches: batches() });
    expect((await text(body)).text).toBe("\uFEFFname,count\r\n'=1+2,3\r\n\"a,b\",\r\n'-x,-4\r\n");
  });

  it("ends lines with LF when the file asks", async () => {
    expect((await text(await csvOf(["a"], [["x"]]))).text).toBe("\uFEFFa\r\nx\r\n");
    async function* one(): AsyncGenerator<CsvRow[]> {
      yield [["x", "y"]];
    }
    const body = await csvStream({ header: ["a", "b"], batches: one(), newline: "\n" });
    expect((await text(body)).text).toBe("\uFEFFa,b\nx,y\n");
  });

  it("reads the first batch before answering: a failing source is an error, not a cut-off file", async () => {
    async function* failing(): AsyncGenerator<CsvRow[]> {
      throw new Error("relation does not exist");
    }
    await expect(csvStream({ header: ["a"], batches: failing() })).rejects.toThrow("relation does not exist");
  });

  it("sends many small batches in pieces of about 64 KB, reading only as the reader asks", async () => {
    let read = 0;
    async function* many(): AsyncGenerator<CsvRow[]> {
      for (let i = 0; i < 10_000; i += 1) {
        read += 1;
        yield [[`row ${String(i).padStart(5, "0")}`, "x".repeat(100)]];
      }
    }
    const body = await csvStream({ header: ["name", "filler"], batches: many() });
    const reader = body.getReader();
    await reader.read();
    // One piece asked for (and one ready behind it): far from the whole source.
    expect(read).toBeLessThan(1500);
    await reader.cancel();
  });

  it("stops the source when the reader goes away", async () => {
    let stopped = false;
    async function* endless(): AsyncGenerator<CsvRow[]> {
      try {
        for (;;) yield [["x".repeat(1000)]];
      } finally {
        stopped = true;
      }
    }
    const reader = (await csvStream({ header: ["a"], batches: endless() })).getReader();
    await reader.read();
    await reader.cancel();
    expect(stopped).toBe(true);
  });

  it("turns a source's records into rows", async () => {
    async function* records(): AsyncGenerator<{ n: number; name: string }[]> {
      yield [
        { n: 1, name: "one" },
        { n: 2, name: "@two" },
      ];
    }
    const body = await csvStream({ header: ["n", "name"], batches: csvRows(records(), (r) => [r.n, r.name]) });
    expect((await text(body)).text).toBe("\uFEFFn,name\r\n1,one\r\n2,'@two\r\n");
  });
});
