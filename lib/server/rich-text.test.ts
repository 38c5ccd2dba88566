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

  it("drops every other way of running script, whatever its spelling", () => {
    const inert = '<a target="_blank" rel="noopener noreferrer">x</a>';
    for (const href of [
      "jav&#x09;ascript:alert(1)",
      "&#106;avascript:alert(1)",
      " javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "//evil.example/x",
      "\\\\evil.example/x",
    ]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`), href).toBe(inert);
    }
    expect(
      sanitizeRichText('<img src=x onerror="window.__pwned=1"><svg onload="alert(1)"><script>alert(1)</script></svg>'),
    ).toBe("");
    expect(sanitizeRichText("<p>a<!-- --!><img src=x onerror=alert(1)>--></p>")).toBe("<p>a</p>");
    expect(sanitizeRichText('<noscript><p title="</noscript><img src=x onerror=alert(1)>">')).toBe("");
  });

  it("drops frames, embeds, styles, forms and tags that redirect or rebase the page", () => {
    expect(
      sanitizeRichText(
        '<iframe src="https://evil.example"></iframe><iframe srcdoc="<script>alert(1)</script>">inner</iframe>',
      ),
    ).toBe("inner");
    expect(sanitizeRichText('<object data="x.swf"></object><embed src="x">')).toBe("");
    expect(sanitizeRichText('<style>body{display:none}</style><p style="position:fixed;inset:0">x</p>')).toBe(
      "<p>x</p>",
    );
    expect(sanitizeRichText('<form action="https://evil.example"><input name="password"></form>')).toBe("");
    expect(
      sanitizeRichText(
        '<meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/x.css">',
      ),
    ).toBe("");
  });

  it("keeps written markup as text", () => {
    expect(sanitizeRichText("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")).toBe(
      "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>",
    );
  });

  it("treats an emptied editor as no text", () => {
    expect(sanitizeRichText("<p></p>")).toBe("");
    expect(sanitizeRichText("  ")).toBe("");
  });
});
