import { isAnyNumber, numberText } from "@/lib/assessments/export/numbers";
import { toXhtml } from "@/lib/assessments/export/xhtml";
import { escapeXml } from "@/lib/assessments/export/xml-text";

// The pieces a QTI 3.0 item is written from, shared by the item's question types and its gaps.

export class NotXhtml extends Error {}
/** Rich text as XHTML; a text that is not well-formed skips the question. */
export function rich(html: string): string {
  const xhtml = toXhtml(html);
  if (xhtml === null) throw new NotXhtml();
  return xhtml;
}

/** Our ids may start with a digit; a QTI identifier may not. */
export const ident = (prefix: string, id: string) => `${prefix}_${id}`;
export const points = (fraction: number, mark: number) => numberText(fraction * mark);
export const float = (value: string) => `<qti-base-value base-type="float">${value}</qti-base-value>`;
export const variable = (identifier: string) => `<qti-variable identifier="${identifier}"/>`;
export const setScore = (value: string) =>
  `<qti-set-outcome-value identifier="SCORE">${float(value)}</qti-set-outcome-value>`;
/** SCORE plus an expression's value: how each gap adds its points. */
export const addToScore = (expression: string) =>
  `<qti-set-outcome-value identifier="SCORE"><qti-sum>${variable("SCORE")}${expression}</qti-sum></qti-set-outcome-value>`;

export interface Parts {
  declaration: string;
  body: string;
  processing: string;
  /** Response rules that add feedback identifiers to FEEDBACK, run after the scoring. */
  feedbackRules?: string[];
}
export type Built = Parts | { skipped: string };

export function declaration(
  cardinality: string,
  baseType: string,
  correct: string[],
  mapping = "",
  identifier = "RESPONSE",
): string {
  const values = correct.map((v) => `<qti-value>${escapeXml(v)}</qti-value>`).join("");
  return (
    `<qti-response-declaration identifier="${identifier}" cardinality="${cardinality}" base-type="${baseType}">` +
    (values ? `<qti-correct-response>${values}</qti-correct-response>` : "") +
    `${mapping}</qti-response-declaration>`
  );
}

export interface TextAnswer {
  text: string;
  fraction: number;
}
/** A short answer's exact strings (`\*` a star); null when one is a pattern with `*`, which QTI cannot compare. */
export function stringMapping(
  answers: TextAnswer[],
  caseSensitive: boolean,
  share: number,
): { mapping: string; right: string } | null {
  if (answers.some((a) => /(^|[^\\])\*/.test(a.text))) return null;
  const entries = answers.map(
    (a) =>
      `<qti-map-entry map-key="${escapeXml(a.text.replace(/\\\*/g, "*"))}" mapped-value="${points(a.fraction, share)}" case-sensitive="${caseSensitive}"/>`,
  );
  return {
    mapping: `<qti-mapping default-value="0">${entries.join("")}</qti-mapping>`,
    right: answers.find((a) => a.fraction === 1)!.text.replace(/\\\*/g, "*"),
  };
}

export interface NumberAnswer {
  value?: number;
  tolerance?: number;
  min?: number;
  max?: number;
  fraction: number;
}
/** Each numeric answer as a test of the response: an absolute-tolerance equal, a gte/lte range, or true. */
export function numberTests(answers: NumberAnswer[], response: string): string[] {
  const r = variable(response);
  return answers.map((a) => {
    if (a.value !== undefined) {
      const t = numberText(a.tolerance ?? 0);
      return `<qti-equal tolerance-mode="absolute" tolerance="${t} ${t}">${r}${float(numberText(a.value))}</qti-equal>`;
    }
    if (isAnyNumber(a)) return '<qti-base-value base-type="boolean">true</qti-base-value>';
    return `<qti-and><qti-gte>${r}${float(numberText(a.min!))}</qti-gte><qti-lte>${r}${float(numberText(a.max!))}</qti-lte></qti-and>`;
  });
}
