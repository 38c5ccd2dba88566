import { QuestionRefused } from "@/lib/assessments/import/result";

// Text as Moodle's files hold it, turned into what a question stores: fractions written as percentages,
// texts in one of Moodle's formats, category paths.

/**
 * A percentage as written ("33.33333", "-50", "100") as a fraction of the mark, exactly: the decimal point
 * is moved two places in the text, so 33.33333 becomes 0.3333333 and not 0.33333330000000003.
 */
export function fractionFromPercent(raw: string): number | null {
  const match = /^\s*([+-]?)(\d*)(?:\.(\d*))?\s*$/.exec(raw);
  if (!match || (!match[2] && !match[3])) return null;
  const [, sign = "", whole = "", decimals = ""] = match;
  const digits = (whole || "0").padStart(3, "0");
  return Number(`${sign}${digits.slice(0, -2)}.${digits.slice(-2)}${decimals}`);
}

/** A number as Moodle writes one ("1.5", "-2e3", "1,5" is not one); null otherwise. */
export function parseNumber(raw: string): number | null {
  const text = raw.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Moodle's text formats: HTML, "Moodle auto-format" (line breaks kept), plain text, Markdown. */
export type TextFormat = "html" | "moodle" | "plain" | "markdown";

/** Moodle XML's format attribute (html, moodle_auto_format, plain_text, markdown); GIFT's [html] and friends. */
export function textFormat(name: string | null | undefined, fallback: TextFormat): TextFormat {
  switch ((name ?? "").trim().toLowerCase()) {
    case "html":
      return "html";
    case "moodle":
    case "moodle_auto_format":
      return "moodle";
    case "plain":
    case "plain_text":
      return "plain";
    case "markdown":
      return "markdown";
    default:
      return fallback;
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Rich text as HTML. Moodle shows auto-format text with its HTML as it is and its line breaks as breaks,
 * and plain text escaped with its line breaks. Markdown would need a converter the app does not have:
 * the question is refused rather than shown as raw Markdown.
 */
export function toHtml(text: string, format: TextFormat): string {
  const trimmed = text.trim();
  switch (format) {
    case "html":
      return trimmed;
    case "moodle":
      return trimmed.replace(/\r?\n/g, "<br>");
    case "plain":
      return escapeHtml(trimmed).replace(/\r?\n/g, "<br>");
    case "markdown":
      throw new QuestionRefused("Its text is written in Markdown, which is not supported: export it as HTML");
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The words of an HTML text, for a name made from a question's text. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (entity, name: string) => {
      if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return String.fromCodePoint(parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** A question without a name is named after the start of its text, as Moodle names it (80 characters). */
export function defaultName(html: string, fallback: string): string {
  const words = plainText(html);
  if (!words) return fallback;
  return words.length <= 80 ? words : `${words.slice(0, 77).trimEnd()}...`;
}

/**
 * A Moodle category path ("$course$/top/Chemistry/Acids") as the banks to nest under the bank imported
 * into (["Chemistry", "Acids"]): the context ($course$, $system$, $module$, $cat1$…) and "top" are Moodle's
 * own levels, not categories of the teacher's. A "/" inside a name is written "//".
 */
export function categoryPath(raw: string): string[] {
  const parts = raw
    .trim()
    .replace(/\/\//g, "\u0000")
    .split("/")
    .map((part) => part.replace(/\u0000/g, "/").trim())
    .filter(Boolean);
  if (parts[0] && /^\$[a-z0-9]+\$$/i.test(parts[0])) parts.shift();
  if (parts[0] === "top") parts.shift();
  return parts;
}
