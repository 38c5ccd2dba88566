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

  describe("images", () => {
    const ORG = "3f2b6a0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
    const OTHER = "7c1e0d2f-3a4b-4c5d-9e8f-a0b1c2d3e4f5";
    const OWN = `/uploads/content-images/${ORG}/9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a.webp`;

    it("keeps the organization's own content image, with its alternative text and size", () => {
      expect(sanitizeRichText(`<p>See <img src="${OWN}" alt="A cell" width="320" height="200"></p>`, ORG)).toBe(
        `<p>See <img src="${OWN}" alt="A cell" width="320" height="200" /></p>`,
      );
      expect(sanitizeRichText(`<img src="${OWN}" alt="">`, ORG)).toBe(`<img src="${OWN}" alt="" />`);
    });

    it("drops its handlers, styles and sizes that are not whole pixels", () => {
      expect(
        sanitizeRichText(
          `<img src="${OWN}" alt="x" onerror="alert(1)" style="position:fixed" width="100%" height="1e9" srcset="https://evil.example/a.png 2x">`,
          ORG,
        ),
      ).toBe(`<img src="${OWN}" alt="x" />`);
    });

    it("drops an image from another site, a data: URL, a protocol-relative one and another organization's", () => {
      for (const src of [
        "https://evil.example/track.png",
        "http://example.com/a.webp",
        `https://evil.example${OWN}`,
        `//evil.example${OWN}`,
        "data:image/png;base64,iVBORw0KGgo=",
        "data:image/svg+xml,<svg onload=alert(1)>",
        "javascript:alert(1)",
        `/uploads/content-images/${OTHER}/9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a.webp`,
        `/uploads/content-images/${ORG}/../${OTHER}/9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a.webp`,
        `/uploads/content-images/${ORG}/9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a.webp?x=1`,
        `/uploads/content-images/${ORG}/secret.pdf`,
        `/uploads/thumbnails/${ORG}/9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a.webp`,
        `/api/courses/x/lessons/y/media`,
        "",
      ]) {
        expect(sanitizeRichText(`<p>a<img src="${src}" alt="x">b</p>`, ORG), src).toBe("<p>ab</p>");
      }
      expect(sanitizeRichText('<p>a<img alt="no source">b</p>', ORG)).toBe("<p>ab</p>");
    });

    it("keeps no image where the text has no organization (a course description)", () => {
      expect(sanitizeRichText(`<p>a<img src="${OWN}" alt="x">b</p>`)).toBe("<p>ab</p>");
    });

    it("never lets an image smuggle markup through its attributes", () => {
      expect(sanitizeRichText(`<img src="${OWN}" alt='"><script>alert(1)</script>'>`, ORG)).toBe(
        `<img src="${OWN}" alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />`,
      );
    });
  });
});
