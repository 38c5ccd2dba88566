import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "./csv";

describe("CSV", () => {
  it("quotes what needs quoting (RFC 4180) and ends lines with CRLF", () => {
    expect(csvLine(["a", "b,c", 'say "hi"', "two\nlines", null, 3])).toBe('a,"b,c","say ""hi""","two\nlines",,3\r\n');
  });

  it("defuses text a spreadsheet would run as a formula", () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("@sum")).toBe("'@sum");
    expect(csvField(-1)).toBe("-1");
  });
});
