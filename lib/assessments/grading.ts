import {
  questionResponseSchemas,
  type QuestionContent,
  type QuestionContentOf,
  type QuestionResponse,
  type QuestionType,
} from "@/lib/schemas/questions";
import { FRACTION_TOLERANCE, type Gap } from "@/lib/schemas/question-types";

// Grading a response against a question version's content: a pure function, the same for a quiz's
// submission, a regrade and a test. The answer is a fraction of the question's mark in [0, 1]; null for an
// essay, which a person grades. A response that does not have its type's shape scores 0, as a blank does.
// Rules (docs/assessments.md "Grading"): choices add their fractions (negatives take away, the total is
// clamped to [0, 1]); short and numeric answers take the first answer, in the order written, that matches.

export function gradeResponse(content: QuestionContent, response: unknown): number | null {
  if (content.type === "essay") return null;
  const parsed = questionResponseSchemas[content.type].safeParse(response);
  if (!parsed.success) return 0;
  return clamp(gradeParsed(content, parsed.data as never));
}

function gradeParsed<T extends Exclude<QuestionType, "essay">>(
  content: QuestionContentOf<T>,
  response: QuestionResponse<T>,
): number {
  // Each case narrows both by the shared type tag.
  const c = content as QuestionContent;
  const r = response as Record<string, unknown>;
  switch (c.type) {
    case "single_choice":
      return c.choices.find((choice) => choice.id === r.choice_id)?.fraction ?? 0;
    case "multiple_response": {
      const chosen = new Set(r.choice_ids as string[]);
      const sum = c.choices
        .filter((choice) => chosen.has(choice.id))
        .reduce((total, choice) => total + choice.fraction, 0);
      // The right fractions add up to 1 within the schema's slack (0.33333 three times): all of them is 1.
      return sum >= 1 - FRACTION_TOLERANCE ? 1 : sum;
    }
    case "true_false":
      return r.value === c.correct ? 1 : 0;
    case "short_answer":
      return gradeShortAnswer(c, r.text as string);
    case "numeric":
      return gradeNumeric(c, r.text as string);
    case "matching": {
      const matches = r.matches as Record<string, string>;
      return (
        c.pairs.filter((pair) => Object.hasOwn(matches, pair.id) && matches[pair.id] === pair.answer).length /
        c.pairs.length
      );
    }
    case "ordering":
      return gradeOrdering(c, r.order as string[]);
    case "fill_in_blanks":
      return gradeGaps(c.gaps, r.gaps as Record<string, string>);
    default:
      return 0;
  }
}

export function clamp(fraction: number): number {
  return Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
}

const normalizeSpaces = (text: string) => text.trim().replace(/\s+/gu, " ");

/** A short answer's pattern as a regular expression: `*` any text, `\*` a star, everything else itself. */
export function shortAnswerPattern(pattern: string, caseSensitive: boolean): RegExp {
  const text = normalizeSpaces(pattern);
  let source = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "\\" && text[i + 1] === "*") {
      source += "\\*";
      i++;
    } else if (ch === "*") source += ".*";
    else source += ch.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, caseSensitive ? "su" : "siu");
}

function gradeShortAnswer(
  body: { answers: { text: string; fraction: number }[]; case_sensitive: boolean },
  text: string,
): number {
  const typed = normalizeSpaces(text);
  if (!typed) return 0;
  return body.answers.find((a) => shortAnswerPattern(a.text, body.case_sensitive).test(typed))?.fraction ?? 0;
}

const NUMBER_THEN_UNIT = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)\s*(.*)$/su;

/**
 * A numeric response in the answers' unit: the number, divided by its unit's multiplier ("150 cm" with
 * cm × 100 → 1.5). Null when it is no number, names an unknown unit, or lacks a required one.
 */
export function parseNumericResponse(
  text: string,
  units: { unit: string; multiplier: number }[],
  unitRequired: boolean,
): number | null {
  const match = NUMBER_THEN_UNIT.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]);
  const unit = match[2]!.trim();
  if (!Number.isFinite(value)) return null;
  if (!unit) return unitRequired ? null : value;
  const known = units.find((u) => u.unit === unit);
  return known ? value / known.multiplier : null;
}

type NumericAnswer = { value?: number; tolerance?: number; min?: number; max?: number; fraction: number };

/** Whether `x` is within the answer; a hair of slack for binary rounding (0.1 + 0.2, 150 / 100). */
export function numericAnswerMatches(answer: NumericAnswer, x: number): boolean {
  if (answer.value !== undefined) {
    const slack = 1e-9 * Math.max(1, Math.abs(answer.value));
    return Math.abs(x - answer.value) <= (answer.tolerance ?? 0) + slack;
  }
  const low = answer.min!;
  const high = answer.max!;
  const slack = 1e-9 * Math.max(1, Math.abs(low), Math.abs(high));
  return x >= low - slack && x <= high + slack;
}

function gradeNumeric(
  body: { answers: NumericAnswer[]; units: { unit: string; multiplier: number }[]; unit_required: boolean },
  text: string,
): number {
  const x = parseNumericResponse(text, body.units, body.unit_required);
  if (x === null) return 0;
  return body.answers.find((a) => numericAnswerMatches(a, x))?.fraction ?? 0;
}

function gradeOrdering(body: QuestionContentOf<"ordering">, order: string[]): number {
  const ids = body.items.map((item) => item.id);
  const position = new Map<string, number>();
  order.forEach((id, i) => {
    if (!position.has(id)) position.set(id, i);
  });
  switch (body.grading) {
    case "all_or_nothing":
      return order.length === ids.length && ids.every((id, i) => order[i] === id) ? 1 : 0;
    case "absolute_position":
      return ids.filter((id, i) => order[i] === id).length / ids.length;
    case "relative_next": {
      // Each right neighbour: an item followed, in the response, by the item that follows it.
      let right = 0;
      for (let i = 0; i + 1 < ids.length; i++) {
        const here = position.get(ids[i]!);
        if (here !== undefined && order[here + 1] === ids[i + 1]) right++;
      }
      return right / (ids.length - 1);
    }
  }
}

function gradeGap(gap: Gap, typed: string | undefined): number {
  if (typed === undefined) return 0;
  if (gap.type === "short_answer") return gradeShortAnswer(gap, typed);
  if (gap.type === "numeric") return gradeNumeric(gap, typed);
  return Math.max(0, gap.choices.find((choice) => choice.id === typed)?.fraction ?? 0);
}

/** The gaps' fractions, weighted. */
function gradeGaps(gaps: Gap[], typed: Record<string, string>): number {
  const total = gaps.reduce((sum, gap) => sum + gap.weight, 0);
  const earned = gaps.reduce(
    (sum, gap) => sum + gap.weight * gradeGap(gap, Object.hasOwn(typed, gap.id) ? typed[gap.id] : undefined),
    0,
  );
  return earned / total;
}
