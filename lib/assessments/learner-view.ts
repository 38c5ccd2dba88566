import type { DisplayOrder } from "@/lib/assessments/display-order";
import type { QuestionContent } from "@/lib/schemas/questions";

// What a learner taking a quiz is shown of a question: what it asks and what can be answered, in the
// attempt's order. Built field by field from the content, never by removing fields from it, so nothing a
// type gains later (a fraction, a feedback, guidance for graders, a right answer) reaches the browser
// unless it is written here. The question's name is an author's label and may say the answer: not shown.

export interface LearnerChoice {
  id: string;
  text: string;
}

export type LearnerQuestionView =
  | { type: "single_choice" | "multiple_response"; stem: string; choices: LearnerChoice[] }
  | { type: "true_false"; stem: string }
  | { type: "short_answer"; stem: string }
  | { type: "numeric"; stem: string; units: string[]; unit_required: boolean }
  | { type: "matching"; stem: string; prompts: { id: string; prompt: string }[]; answers: string[] }
  | { type: "ordering"; stem: string; items: LearnerChoice[] }
  | { type: "fill_in_blanks"; stem: string; gaps: LearnerGap[] }
  | { type: "essay"; stem: string; min_words: number | null; max_words: number | null };

export type LearnerGap =
  | { id: string; type: "short_answer" }
  | { id: string; type: "numeric"; units: string[]; unit_required: boolean }
  | { id: string; type: "choice"; choices: LearnerChoice[] };

/** `ids` in the attempt's order, for the parts that still exist; parts the order does not name follow. */
function inOrder<T extends { id: string }>(parts: readonly T[], ids: readonly string[] | undefined): T[] {
  if (!ids) return [...parts];
  const byId = new Map(parts.map((p) => [p.id, p]));
  const named = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  return [...named, ...parts.filter((p) => !ids.includes(p.id))];
}

const choice = (c: { id: string; text: string }): LearnerChoice => ({ id: c.id, text: c.text });

export function learnerQuestionView(content: QuestionContent, order: DisplayOrder): LearnerQuestionView {
  const stem = content.stem;
  switch (content.type) {
    case "single_choice":
    case "multiple_response":
      return { type: content.type, stem, choices: inOrder(content.choices, order.choices).map(choice) };
    case "true_false":
      return { type: "true_false", stem };
    case "short_answer":
      return { type: "short_answer", stem };
    case "numeric":
      return { type: "numeric", stem, units: content.units.map((u) => u.unit), unit_required: content.unit_required };
    case "matching": {
      const offered = [...new Set([...content.pairs.map((p) => p.answer), ...content.distractors])];
      const answers = order.answers ? order.answers.filter((a) => offered.includes(a)) : offered.sort();
      return {
        type: "matching",
        stem,
        prompts: inOrder(content.pairs, order.prompts).map((p) => ({ id: p.id, prompt: p.prompt })),
        answers: [...answers, ...offered.filter((a) => !answers.includes(a))],
      };
    }
    case "ordering":
      // Without a stored order the items are sorted by id rather than shown in the right order.
      return {
        type: "ordering",
        stem,
        items: (order.items ? inOrder(content.items, order.items) : [...content.items].sort(byId)).map(choice),
      };
    case "fill_in_blanks":
      return {
        type: "fill_in_blanks",
        stem,
        gaps: content.gaps.map((gap): LearnerGap => {
          if (gap.type === "choice")
            return { id: gap.id, type: "choice", choices: inOrder(gap.choices, order.gaps?.[gap.id]).map(choice) };
          if (gap.type === "numeric")
            return {
              id: gap.id,
              type: "numeric",
              units: gap.units.map((u) => u.unit),
              unit_required: gap.unit_required,
            };
          return { id: gap.id, type: "short_answer" };
        }),
      };
    case "essay":
      return { type: "essay", stem, min_words: content.min_words ?? null, max_words: content.max_words ?? null };
  }
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
