import "server-only";
import sanitizeHtml from "sanitize-html";

// Rich text arrives as HTML from the editor and leaves as HTML in pages, so it is cleaned on the way in:
// only the formatting the editor can produce survives; scripts, handlers, styles and odd URLs do not.

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "code",
    "pre",
    "blockquote",
    "h2",
    "h3",
    "h4",
    "ul",
    "ol",
    "li",
    "a",
    "hr",
  ],
  allowedAttributes: { a: ["href", "title", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  transformTags: {
    // Links open in a new tab without giving the target page a handle on ours.
    a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer" }),
  },
};

export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  // An editor emptied by the user still sends "<p></p>".
  return clean.replace(/<p>\s*<\/p>/g, "").trim() === "" ? "" : clean;
}
