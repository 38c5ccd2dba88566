import { describe, expect, it } from "vitest";
import { CsvPlain } from "@/lib/csv";
import { CopyTextReader } from "@/lib/server/csv/copy-text";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("COPY's text format, read back", () => {
  it("splits rows and cells, reads \\N as NULL and undoes the backslash escapes", () => {
    const reader = new CopyTextReader(["text", "plain", "text"]);
    expect(reader.push(bytes("a\\\\b\\tc\\nd\\re\t-0.25\t\\N\n=x\t\\N\t\\\\N\n"))).toEqual([
      ["a\\b\tc\nd\re", new CsvPlain("-0.25"), null],
      ["=x", null, "\\N"],
    ]);
    reader.finish();
  });

  it("keeps a row cut between pieces, even inside a UTF-8 character, for the next piece", () => {
    const reader = new CopyTextReader(["text", "text"]);
    const all = bytes("Zürich\tone\nsecond\trow\n");
    expect(reader.push(all.subarray(0, 2))).toEqual([]);
    expect(reader.push(all.subarray(2, 12))).toEqual([["Zürich", "one"]]);
    expect(reader.push(all.subarray(12))).toEqual([["second", "row"]]);
    reader.finish();
  });

  it("an empty string is a cell, not a NULL", () => {
    expect(new CopyTextReader(["text", "text"]).push(bytes("\t\\N\n"))).toEqual([["", null]]);
  });

  it("says so when the output stops in the middle of a row", () => {
    const reader = new CopyTextReader(["text"]);
    reader.push(bytes("whole\ncut"));
    expect(() => reader.finish()).toThrow("COPY output ended in the middle of a row");
  });
});
