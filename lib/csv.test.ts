import { describe, expect, it } from "vitest";
import { csvHead, csvLine, CsvPlain, type CsvValue } from "./csv";

/** One field as csvLine writes it (a line of one field, without its line break). */
const csvField = (value: CsvValue) => csvLine([value], "\n").slice(0, -1);

describe("CSV", () => {
  it("quotes what needs quoting (RFC 4180) and ends lines with CRLF", () => {
    expect(csvLine(["a", "b,c", 'say "hi"', "two\nlines", null, 3])).toBe('a,"b,c","say ""hi""","two\nlines",,3\r\n');
  });

  it("ends lines with LF when asked", () => {
    expect(csvLine(["a", undefined, "b"], "\n")).toBe("a,,b\n");
  });

  it("starts a file with the byte order mark and the header row", () => {
    expect(csvHead(["email", "first_name"])).toBe("\uFEFFemail,first_name\r\n");
    expect(csvHead(["email", "first_name"], "\n")).toBe("\uFEFFemail,first_name\n");
  });

  it("defuses text a spreadsheet would run as a formula", () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("@sum")).toBe("'@sum");
    expect(csvField(-1)).toBe("-1");
  });

  const cases: [string, string][] = [
    ["=1+2", "'=1+2"],
    ["+1", "'+1"],
    ["-1", "'-1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTab", "'\tTab"],
    ["\rCR", `"'\rCR"`],
    ["plain", "plain"],
    ["a=b", "a=b"],
    ["ends with =", "ends with ="],
    [" =leading space", " =leading space"],
    ["", ""],
  ];
  it.each(cases)("text %j → %j", (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it("writes numbers, booleans and what the database formatted as they are, and nothing for null", () => {
    expect(csvField(new CsvPlain("-0.4"))).toBe("-0.4");
    expect(csvField(new CsvPlain("85.0"))).toBe("85.0");
    expect(csvField(new CsvPlain("2026-02-10 12:00:00"))).toBe("2026-02-10 12:00:00");
    expect(csvField(true)).toBe("true");
    expect(csvField(12n)).toBe("12");
    expect(csvField(0.85)).toBe("0.85");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });
});
