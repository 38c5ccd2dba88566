import "server-only";
import sanitizeHtml from "sanitize-html";
import { isContentImageUrl } from "@/lib/content-images";

// Rich text arrives as HTML from the editor and leaves as HTML in pages, so it is cleaned on the way in:
// only the formatting the editor can produce survives; scripts, handlers, styles and odd URLs do not.
// Images survive only in the rich text of an organization's members (lessons, questions), and only when
// they are that organization's own stored content images (lib/content-images.ts): an image
// from another site, a data: URL or another organization's image is dropped, so a page never loads
// anything from elsewhere nor shows what its readers may not fetch.

const TAGS = [
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
];

/** A width or height as the editor and Moodle write one: a whole number of pixels. */
const PIXELS = /^\d{1,5}$/;

function options(organizationId: string | null): sanitizeHtml.IOptions {
  return {
    allowedTags: organizationId ? [...TAGS, "img"] : TAGS,
    allowedAttributes: { a: ["href", "title", "target", "rel"], img: ["src", "alt", "title", "width", "height"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    transformTags: {
      // Links open in a new tab without giving the target page a handle on ours.
      a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer" }),
      img: (tagName, attribs) => ({
        tagName,
        attribs: Object.fromEntries(
          Object.entries(attribs).filter(([name, value]) =>
            name === "width" || name === "height" ? PIXELS.test(value) : true,
          ),
        ),
      }),
    },
    exclusiveFilter: (frame) =>
      frame.tag === "img" && !(organizationId && isContentImageUrl(frame.attribs.src ?? "", organizationId)),
  };
}

/**
 * Cleaned HTML. `organizationId`: the organization whose content images the text may show (lesson text
 * and questions); null where no image belongs (a course description, which the public catalog shows).
 */
export function sanitizeRichText(html: string, organizationId: string | null = null): string {
  const clean = sanitizeHtml(html, options(organizationId)).trim();
  // An editor emptied by the user still sends "<p></p>".
  return clean.replace(/<p>\s*<\/p>/g, "").trim() === "" ? "" : clean;
}
