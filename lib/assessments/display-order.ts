import type { QuestionContent } from "@/lib/schemas/questions";

// The order a question's parts are shown in within one attempt, drawn once when the attempt starts and
// kept with it, so a reload shows the same order. Responses name parts by id, so the order never changes
// what a response means. Ordering items and matching answers are always shuffled (in the written order
// they would give the answer away); choices, matching prompts and gap choices only when both the quiz
// and the question say so.

export interface DisplayOrder {
  /** single_choice, multiple_response: choice ids. */
  choices?: string[];
  /** matching: pair ids (the prompts), and the answers offered (pairs' answers and distractors, each once). */
  prompts?: string[];
  answers?: string[];
  /** ordering: item ids as first shown. */
  items?: string[];
  /** fill_in_blanks: each choice gap's choice ids. */
  gaps?: Record<string, string[]>;
}

/** A random whole number in [0, n). */
export type RandomInt = (n: number) => number;

export function shuffled<T>(values: readonly T[], random: RandomInt): T[] {
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function displayOrderFor(content: QuestionContent, shuffleAnswers: boolean, random: RandomInt): DisplayOrder {
  const maybe = <T>(values: readonly T[], shuffle: boolean): T[] =>
    shuffleAnswers && shuffle ? shuffled(values, random) : [...values];
  switch (content.type) {
    case "single_choice":
    case "multiple_response":
      return { choices: maybe(content.choices, content.shuffle).map((c) => c.id) };
    case "matching": {
      const answers = [...new Set([...content.pairs.map((p) => p.answer), ...content.distractors])];
      return {
        prompts: maybe(content.pairs, content.shuffle).map((p) => p.id),
        answers: shuffled(answers, random),
      };
    }
    case "ordering":
      return {
        items: scrambled(
          content.items.map((i) => i.id),
          random,
        ),
      };
    case "fill_in_blanks": {
      const gaps: Record<string, string[]> = {};
      for (const gap of content.gaps)
        if (gap.type === "choice") gaps[gap.id] = maybe(gap.choices, gap.shuffle).map((c) => c.id);
      return { gaps };
    }
    default:
      return {};
  }
}

/** Shuffled, and never in the right order when there is another (that would be the answer). */
function scrambled(ids: string[], random: RandomInt): string[] {
  const out = shuffled(ids, random);
  const inOrder = out.every((id, i) => id === ids[i]);
  return inOrder && ids.length > 1 ? [...out.slice(1), out[0]!] : out;
}
