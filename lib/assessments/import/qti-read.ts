import { QuestionRefused } from "@/lib/assessments/import/result";
import { parseNumber } from "@/lib/assessments/import/text";
import { attr, child, children, text, type XmlNode } from "@/lib/scorm/xml";

// Reading pieces of a QTI 3.0 item: raw XML by element, its text, and the numeric conditions our export
// writes (shared by a numeric item and a numeric gap).

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The raw inner XML of the first element named `tag` with `identifier` (or the first at all). */
export function inner(xml: string, tag: string, identifier?: string): string {
  const open = identifier
    ? new RegExp(`<${tag}\\b[^>]*\\bidentifier="${escapeRegExp(identifier)}"[^>]*>`)
    : new RegExp(`<${tag}\\b[^>]*>`);
  const start = open.exec(xml);
  if (!start) return "";
  const from = start.index + start[0].length;
  const end = xml.indexOf(`</${tag}>`, from);
  return end < 0 ? "" : xml.slice(from, end).trim();
}

export const list = (node: XmlNode, name: string) => children(node, name);

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
/** Raw XML text as plain text: its entity and character references read. */
export const decodeXml = (raw: string) =>
  raw.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, name: string) =>
    name.startsWith("#x") || name.startsWith("#X")
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith("#")
        ? String.fromCodePoint(parseInt(name.slice(1), 10))
        : XML_ENTITIES[name.toLowerCase()]!,
  );
/** Raw XML as plain text: its tags dropped, its references read. */
export const plainText = (raw: string) => decodeXml(raw.replace(/<[^>]*>/g, "").trim());

export const round = (n: number) => Number(n.toPrecision(12));

export type NumericAnswer = { value: number; tolerance: number } | { min: number; max: number };

/**
 * One branch of our export's numeric conditions: its test (an absolute-tolerance equal, a gte/lte range,
 * or true) and the points it sets SCORE to (a numeric item) or adds to it (a gap).
 */
export function numericBranch(branch: XmlNode, i: number): { answer: NumericAnswer; points: number } {
  const set = child(branch, "qti-set-outcome-value");
  const sum = child(set, "qti-sum");
  const points = Number(text(child(sum ?? set, "qti-base-value")));
  if (!Number.isFinite(points)) throw new QuestionRefused(`Condition ${i + 1} does not give a number of points`);
  const equal = child(branch, "qti-equal");
  if (equal) {
    const value = parseNumber(text(child(equal, "qti-base-value")));
    const tolerance = parseNumber((attr(equal, "tolerance") ?? "0").split(/\s+/)[0]!);
    if (value === null || tolerance === null)
      throw new QuestionRefused(`Condition ${i + 1} is not a number with a tolerance`);
    return { answer: { value, tolerance }, points };
  }
  const and = child(branch, "qti-and");
  if (and) {
    const min = parseNumber(text(child(child(and, "qti-gte"), "qti-base-value")));
    const max = parseNumber(text(child(child(and, "qti-lte"), "qti-base-value")));
    if (min === null || max === null) throw new QuestionRefused(`Condition ${i + 1} is not a range of numbers`);
    return { answer: { min, max }, points };
  }
  if (text(child(branch, "qti-base-value")) === "true")
    return { answer: { min: -Number.MAX_VALUE, max: Number.MAX_VALUE }, points };
  throw new QuestionRefused(`Condition ${i + 1} of its response processing is not one this import reads`);
}
