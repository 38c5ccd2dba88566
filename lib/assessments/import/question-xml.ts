import { XMLParser } from "fast-xml-parser";

// How the question file readers (Moodle XML, QTI items and their manifest) read XML: attributes as `@_…`,
// texts as written (no number parsing), HTML entities expanded. The XML cannot reach outside itself: a
// file declaring a DOCTYPE or entities is refused by its reader before it is parsed.

export const questionXmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: true,
  textNodeName: "#text",
});

/** A DOCTYPE or an entity declaration: what could read files or expand without limit. */
export const declaresEntities = (xml: string): boolean => /<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml);
