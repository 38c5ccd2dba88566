import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./rich-text";

describe("sanitizeRichText", () => {
  it("keeps the editor's formatting", () => {
    const html = "<h2>Intro</h2><p><strong>Bold</strong> and <em>italic</em></p><ul><li>one</li></ul>";
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("removes scripts, event handlers and inline styles", () => {
    expect(sanitizeRichText('<p onclick="x()" style="color:red">Hi<script>alert(1)</script></p>')).toBe("<p>Hi</p>");
  });

  it("drops javascript: links and makes the others open safely", () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it("treats an emptied editor as no text", () => {
    expect(sanitizeRichText("<p></p>")).toBe("");
    expect(sanitizeRichText("  ")).toBe("");
  });
});
