import { weightsFromShares } from "@/lib/assessments/gap-weights";
import { list, numericBranch, plainText, round, type NumericAnswer } from "@/lib/assessments/import/qti-read";
import { QuestionRefused } from "@/lib/assessments/import/result";
import { parseNumber } from "@/lib/assessments/import/text";
import type { QuestionContentInput } from "@/lib/schemas/questions";
import { attr, child, text, type XmlNode } from "@/lib/scorm/xml";

// A QTI item whose interactions are all text entries and inline choices → fill in the blanks: each
// interaction a gap in its place in the text ([[g1]], [[g2]]… in the order of the text). A gap's points come
// from its own response declaration's mapping (a string or an inline choice) or from our export's numeric
// conditions for it (a float); its share of the mark is what it earns fully right, and the gaps' weights
// are those shares in lowest terms. An item with no points at all (correct responses only) gives each gap
// weight 1 and its correct response fraction 1, and says so. A gap with points beside one without is refused: how they
// add up is not written anywhere this import can read.

const GAP_INTERACTION =
  /<qti-(text-entry|inline-choice)-interaction\b([^>]*?)(?:\/>|>([\s\S]*?)<\/qti-\1-interaction>)/g;

export const isGapKind = (kind: string) => kind === "text-entry" || kind === "inline-choice";

/** Points when the file gives them; else whether it is the correct response. */
type Scored<T> = T & { points: number | null; right: boolean };
type ReadGap =
  | { type: "choice"; shuffle: boolean; choices: Scored<{ id: string; text: string }>[] }
  | { type: "short_answer"; case_sensitive: boolean; answers: Scored<{ text: string }>[] }
  | { type: "numeric"; answers: Scored<NumericAnswer>[] };

const values = (declaration: XmlNode) =>
  list(child(declaration, "qti-correct-response"), "qti-value").map((v) => text(v));

/** The mapping's entries in the file's order (a key written twice stays twice, as answers here may be). */
function mappingOf(declaration: XmlNode): { key: string; points: number; caseSensitive: string | null }[] | null {
  const mapping = child(declaration, "qti-mapping");
  if (!mapping) return null;
  return list(mapping, "qti-map-entry").map((e) => ({
    key: attr(e, "map-key") ?? "",
    points: Number(attr(e, "mapped-value") ?? "0"),
    caseSensitive: attr(e, "case-sensitive"),
  }));
}

/** Our export's conditions for one numeric gap: run when it is answered, each adding its points. */
function numericBranches(root: XmlNode, response: string): XmlNode[] {
  const rules = list(child(root, "qti-response-processing"), "qti-response-condition");
  const own = rules.find((rule) => {
    const tested = child(child(child(child(rule, "qti-response-if"), "qti-not"), "qti-is-null"), "qti-variable");
    return attr(tested, "identifier") === response;
  });
  const nested = child(child(own, "qti-response-if"), "qti-response-condition");
  if (!nested) return [];
  return [child(nested, "qti-response-if"), ...list(nested, "qti-response-else-if")].filter(Boolean);
}

function readGap(
  root: XmlNode,
  kind: string,
  response: string,
  attributes: string,
  body: string,
  place: number,
): ReadGap {
  const declaration = list(root, "qti-response-declaration").find((d) => attr(d, "identifier") === response);
  if (!declaration) throw new QuestionRefused(`Gap ${place} (${response}) has no response declaration`);
  const correct = values(declaration);
  const mapping = mappingOf(declaration);
  if (kind === "inline-choice") {
    const choices = [
      ...body.matchAll(/<qti-inline-choice\b[^>]*\bidentifier="([^"]*)"[^>]*>([\s\S]*?)<\/qti-inline-choice>/g),
    ].map(([, id = "", raw = ""]) => ({
      id: id.replace(/^C_/, "").slice(0, 40),
      text: plainText(raw),
      points: mapping ? (mapping.find((e) => e.key === id)?.points ?? 0) : null,
      right: correct.includes(id),
    }));
    return { type: "choice", shuffle: /\bshuffle="true"/.test(attributes), choices };
  }
  const baseType = attr(declaration, "base-type");
  if (baseType === "float" || baseType === "integer") {
    const branches = numericBranches(root, response);
    if (branches.length)
      return {
        type: "numeric",
        answers: branches.map((b, i) => {
          const { answer, points } = numericBranch(b, i);
          return { ...answer, points, right: false };
        }),
      };
    const value = parseNumber(correct[0] ?? "");
    if (value === null) throw new QuestionRefused(`Gap ${place} is a number with no correct response to grade by`);
    return { type: "numeric", answers: [{ value, tolerance: 0, points: null, right: true }] };
  }
  if (baseType !== "string")
    throw new QuestionRefused(`Gap ${place} has base type ${baseType}, which no gap here takes`);
  const escape = (key: string) => key.replace(/\*/g, "\\*");
  if (!mapping)
    return {
      type: "short_answer",
      case_sensitive: true,
      answers: correct.map((v) => ({ text: escape(v), points: null, right: true })),
    };
  const sensitive = new Set(mapping.map((e) => e.caseSensitive ?? "true"));
  if (sensitive.size > 1)
    throw new QuestionRefused(`Gap ${place}: its answers differ in case sensitivity, which one gap here cannot`);
  return {
    type: "short_answer",
    case_sensitive: sensitive.has("true"),
    answers: mapping.map((e) => ({ text: escape(e.key), points: e.points, right: false })),
  };
}

const scoredParts = (gap: ReadGap): { points: number | null; right: boolean }[] =>
  gap.type === "choice" ? gap.choices : gap.answers;

/** The item's text with its gaps' markers, and its gaps, as the create schema takes them. */
type GapsInput = Extract<QuestionContentInput, { type: "fill_in_blanks" }>["gaps"];

export function readGaps(root: XmlNode, body: string, notes: string[]): { stem: string; gaps: GapsInput } {
  const read: ReadGap[] = [];
  const stem = body.replace(GAP_INTERACTION, (_m, kind: string, attributes: string, inside: string | undefined) => {
    const response = /\bresponse-identifier="([^"]*)"/.exec(attributes)?.[1] ?? "";
    read.push(readGap(root, kind, response, attributes, inside ?? "", read.length + 1));
    return `[[g${read.length}]]`;
  });
  const scored = read.map((gap) => scoredParts(gap).some((p) => p.points !== null));
  if (scored.some(Boolean) && !scored.every(Boolean))
    throw new QuestionRefused(
      "Some of its gaps have points and some only a correct response: how they add up is unclear",
    );
  const shares = scored.every(Boolean) ? read.map((gap) => Math.max(...scoredParts(gap).map((p) => p.points!))) : null;
  shares?.forEach((share, i) => {
    if (!(share > 0)) throw new QuestionRefused(`Gap ${i + 1} earns no points for any answer`);
  });
  if (!shares)
    notes.push(
      "Its gaps have no points in the file (no mapping): each is an equal share of the mark, its correct response fully right",
    );
  const weights = shares ? weightsFromShares(shares) : read.map(() => 1);
  const fraction = ({ points, right }: { points: number | null; right: boolean }, i: number) =>
    points === null ? (right ? 1 : 0) : round(points / shares![i]!);
  const gaps: GapsInput = read.map((gap, i) => {
    const base = { id: `g${i + 1}`, weight: weights[i]! };
    if (gap.type === "choice")
      return {
        ...base,
        type: "choice" as const,
        shuffle: gap.shuffle,
        choices: gap.choices.map((c) => ({ id: c.id, text: c.text, fraction: fraction(c, i) })),
      };
    const answers = gap.answers.map(({ points, right, ...a }) => ({ ...a, fraction: fraction({ points, right }, i) }));
    if (gap.type === "short_answer")
      return {
        ...base,
        type: "short_answer" as const,
        case_sensitive: gap.case_sensitive,
        answers: answers as { text: string; fraction: number }[],
      };
    return { ...base, type: "numeric" as const, answers: answers as (NumericAnswer & { fraction: number })[] };
  });
  return { stem, gaps };
}
