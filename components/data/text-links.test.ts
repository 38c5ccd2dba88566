import { describe, expect, it } from "vitest";
import { splitTextLinks } from "./text-links";

describe("splitTextLinks", () => {
  it("finds web and e-mail addresses and keeps the text around them", () => {
    expect(splitTextLinks("Slides: https://example.com/a?b=1, or www.example.org. Mail ann@example.com!")).toEqual([
      { text: "Slides: " },
      { text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { text: ", or " },
      { text: "www.example.org", href: "https://www.example.org" },
      { text: ". Mail " },
      { text: "ann@example.com", href: "mailto:ann@example.com" },
      { text: "!" },
    ]);
  });

  it("leaves text without addresses whole, HTML included (it is shown as text)", () => {
    expect(splitTextLinks("<b>bold</b> <script>alert(1)</script>")).toEqual([
      { text: "<b>bold</b> <script>alert(1)</script>" },
    ]);
    expect(splitTextLinks("")).toEqual([]);
  });

  it("links no other scheme: javascript: and ftp: stay text", () => {
    const parts = splitTextLinks("javascript:alert(1) ftp://files.example.com/x");
    expect(parts.filter((p) => p.href)).toEqual([]);
    expect(parts.map((p) => p.text).join("")).toBe("javascript:alert(1) ftp://files.example.com/x");
  });

  it("keeps a closing bracket out of the link", () => {
    expect(splitTextLinks("(see https://example.com/page)")).toEqual([
      { text: "(see " },
      { text: "https://example.com/page", href: "https://example.com/page" },
      { text: ")" },
    ]);
  });
});
