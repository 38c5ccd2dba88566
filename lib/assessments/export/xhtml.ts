import { XMLValidator } from "fast-xml-parser";

// Rich text (the sanitizer's HTML) as XHTML, which QTI's item bodies are: void elements closed, &nbsp;
// as a character reference, a bare & escaped. What is still not well-formed XML after that is reported, not guessed at.

const VOID = /<(br|hr|img|wbr|col|area|source|track)\b([^>]*?)\s*\/?>/gi;
const XML_ENTITIES = new Set(["amp", "lt", "gt", "quot", "apos"]);

/** The HTML as XHTML, or null where it is not well-formed XML once its void elements are closed. */
export function toXhtml(html: string): string | null {
  let unknownEntity = false;
  const xhtml = html
    .replace(/&(?![A-Za-z][A-Za-z0-9]*;|#\d+;|#x[0-9A-Fa-f]+;)/g, "&amp;")
    .replace(/]]>/g, "]]&gt;")
    .replace(VOID, (_tag, name: string, attributes: string) => `<${name}${attributes}/>`)
    .replace(/&([A-Za-z][A-Za-z0-9]*);/g, (entity, name: string) => {
      if (XML_ENTITIES.has(name)) return entity;
      if (name === "nbsp") return "&#160;";
      unknownEntity = true;
      return entity;
    });
  if (unknownEntity || XMLValidator.validate(`<div>${xhtml}</div>`) !== true) return null;
  return xhtml;
}
