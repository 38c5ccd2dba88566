import type { QuestionContent, QuestionType } from "@/lib/schemas/questions";

// What a new question of each type starts with: enough rows to fill in, the first choice or answer right.

export type GapKind = "short_answer" | "numeric" | "choice";

const choice = (fraction: number) => ({ text: "", fraction, feedback: "" });
const answer = (fraction: number) => ({ text: "", fraction, feedback: "" });

export function defaultGap(kind: GapKind, id: string): Record<string, unknown> {
  if (kind === "numeric")
    return {
      id,
      type: "numeric",
      weight: 1,
      answers: [{ fraction: 1, tolerance: 0, feedback: "" }],
      units: [],
      unit_required: false,
    };
  if (kind === "choice") return { id, type: "choice", weight: 1, choices: [choice(1), choice(0)], shuffle: true };
  return { id, type: "short_answer", weight: 1, answers: [answer(1)], case_sensitive: false };
}

/** The type's own fields, empty. */
export function defaultTypeFields(type: QuestionType): Record<string, unknown> {
  switch (type) {
    case "single_choice":
      return { choices: [choice(1), choice(0)], shuffle: true };
    case "multiple_response":
      return { choices: [choice(0.5), choice(0.5), choice(-1)], shuffle: true };
    case "true_false":
      return { correct: true, feedback_true: "", feedback_false: "" };
    case "short_answer":
      return { answers: [answer(1)], case_sensitive: false };
    case "numeric":
      return { answers: [{ fraction: 1, tolerance: 0, feedback: "" }], units: [], unit_required: false };
    case "matching":
      return {
        pairs: [
          { prompt: "", answer: "" },
          { prompt: "", answer: "" },
        ],
        distractors: [],
        shuffle: true,
      };
    case "ordering":
      return { items: [{ text: "" }, { text: "" }, { text: "" }], grading: "all_or_nothing" };
    case "fill_in_blanks":
      return { gaps: [defaultGap("short_answer", "gap1")] };
    case "essay":
      return { grading: { method: "comment" }, grader_info: "" };
  }
}

export interface CommonValues {
  name: string;
  stem: string;
  default_mark: number;
  general_feedback: string;
  tags: string[];
}

export const emptyCommon = (): CommonValues => ({
  name: "",
  stem: "",
  default_mark: 1,
  general_feedback: "",
  tags: [],
});

/** The form's values for a type: the fields every question has, then the type's own. */
export function valuesFor(type: QuestionType, common: CommonValues = emptyCommon()): Record<string, unknown> {
  return { type, ...common, ...defaultTypeFields(type) };
}

/** An existing question's values: its current version's content, and the question's tags. */
export function valuesOf(content: QuestionContent, tags: string[]): Record<string, unknown> {
  return { ...content, tags };
}
