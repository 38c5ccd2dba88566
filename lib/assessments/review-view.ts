import { numericAnswerMatches, parseNumericResponse, shortAnswerPattern } from "@/lib/assessments/grading";
import type { QuestionContent } from "@/lib/schemas/questions";

// The parts of a question's review that a quiz's review policy may show: the right answer and the
// feedback for the response given. Marks are the attempt's own (lib/server/quizzes/review.ts); what the
// question asks is the learner view. Each part is built only when the policy allows it at that moment.

export type CorrectAnswer =
  | { choice_ids: string[] }
  | { value: boolean }
  | { texts: string[] }
  | { numbers: ({ value: number; tolerance: number } | { min: number; max: number })[] }
  | { matches: Record<string, string> }
  | { order: string[] }
  | { gaps: Record<string, string[]> }
  | null;

/** What a fully right response is, per type (the answers of fraction 1; for an essay, none). */
export function correctAnswerOf(content: QuestionContent): CorrectAnswer {
  const full = (fraction: number) => fraction >= 1 - 1e-9;
  switch (content.type) {
    case "single_choice":
      return { choice_ids: content.choices.filter((c) => full(c.fraction)).map((c) => c.id) };
    case "multiple_response":
      return { choice_ids: content.choices.filter((c) => c.fraction > 0).map((c) => c.id) };
    case "true_false":
      return { value: content.correct };
    case "short_answer":
      return { texts: content.answers.filter((a) => full(a.fraction)).map((a) => a.text) };
    case "numeric":
      return {
        numbers: content.answers
          .filter((a) => full(a.fraction))
          .map((a) =>
            a.value !== undefined ? { value: a.value, tolerance: a.tolerance ?? 0 } : { min: a.min!, max: a.max! },
          ),
      };
    case "matching":
      return { matches: Object.fromEntries(content.pairs.map((p) => [p.id, p.answer])) };
    case "ordering":
      return { order: content.items.map((i) => i.id) };
    case "fill_in_blanks":
      return {
        gaps: Object.fromEntries(
          content.gaps.map((gap) => [
            gap.id,
            gap.type === "choice"
              ? gap.choices.filter((c) => full(c.fraction)).map((c) => c.id)
              : gap.type === "short_answer"
                ? gap.answers.filter((a) => full(a.fraction)).map((a) => a.text)
                : gap.answers.filter((a) => full(a.fraction)).map((a) => String(a.value ?? `${a.min}–${a.max}`)),
          ]),
        ),
      };
    case "essay":
      return null;
  }
}

export interface Feedback {
  /** The question's feedback for everyone. */
  general: string;
  /** The feedback of what was answered (the choices picked, the answer matched), in the question's order. */
  specific: string[];
}

/** The feedback for a response (none given: the general feedback alone). */
export function feedbackFor(content: QuestionContent, response: unknown): Feedback {
  const r = (response ?? {}) as Record<string, unknown>;
  const texts = (values: (string | undefined)[]) => values.filter((v): v is string => Boolean(v));
  const specific = ((): string[] => {
    switch (content.type) {
      case "single_choice":
        return texts(content.choices.filter((c) => c.id === r.choice_id).map((c) => c.feedback));
      case "multiple_response": {
        const picked = Array.isArray(r.choice_ids) ? (r.choice_ids as unknown[]) : [];
        return texts(content.choices.filter((c) => picked.includes(c.id)).map((c) => c.feedback));
      }
      case "true_false":
        return typeof r.value === "boolean" ? texts([r.value ? content.feedback_true : content.feedback_false]) : [];
      case "short_answer": {
        const typed = typeof r.text === "string" ? r.text.trim().replace(/\s+/gu, " ") : "";
        if (!typed) return [];
        return texts([
          content.answers.find((a) => shortAnswerPattern(a.text, content.case_sensitive).test(typed))?.feedback,
        ]);
      }
      case "numeric": {
        const x =
          typeof r.text === "string" ? parseNumericResponse(r.text, content.units, content.unit_required) : null;
        return x === null ? [] : texts([content.answers.find((a) => numericAnswerMatches(a, x))?.feedback]);
      }
      case "fill_in_blanks": {
        const gaps = (r.gaps ?? {}) as Record<string, unknown>;
        return texts(
          content.gaps.flatMap((gap) =>
            gap.type === "choice" ? gap.choices.filter((c) => c.id === gaps[gap.id]).map((c) => c.feedback) : [],
          ),
        );
      }
      default:
        return [];
    }
  })();
  return { general: content.general_feedback, specific };
}
