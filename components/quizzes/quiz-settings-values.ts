import type { z } from "zod";
import type { QuestionType } from "@/lib/schemas/questions";
import type { quizSettingsSchema, ReviewTiming } from "@/lib/schemas/quizzes";
import type { QuizJson } from "@/lib/server/quizzes/settings";

// The quiz settings form's values: the body of PUT …/quiz as quizSettingsSchema reads it, built from the
// quiz the API answered (or the schema's defaults before the quiz is first saved).

export type QuizFormInput = z.input<typeof quizSettingsSchema>;
export type QuizFormOutput = z.output<typeof quizSettingsSchema>;
export type SlotInput = QuizFormInput["slots"][number];

export const REVIEW_LABELS: Record<ReviewTiming, string> = {
  immediately: "Immediately",
  after_submission: "After submission",
  after_close: "After the quiz closes",
  never: "Never",
};

export const GRADING_LABELS = {
  highest: "Highest attempt",
  last: "Last attempt",
  average: "Average of the attempts",
} as const;

/** What a slot row shows of the question or bank it names (the settings API answers ids only). */
export interface SlotNames {
  questions: Record<string, { name: string; bank_name: string; type: QuestionType }>;
  banks: Record<string, string>;
}

export function formValuesOf(quiz: QuizJson | null): QuizFormInput {
  if (!quiz)
    return {
      time_limit_seconds: null,
      max_attempts: null,
      grading_method: "highest",
      pass_mark_percent: null,
      shuffle_answers: true,
      questions_per_page: 0,
      review: { marks: "after_submission", correct_answers: "after_submission", feedback: "after_submission" },
      opens_at: null,
      closes_at: null,
      slots: [],
    };
  return {
    time_limit_seconds: quiz.time_limit_seconds,
    max_attempts: quiz.max_attempts,
    grading_method: quiz.grading_method,
    pass_mark_percent: quiz.pass_mark_percent,
    shuffle_answers: quiz.shuffle_answers,
    questions_per_page: quiz.questions_per_page,
    review: { ...quiz.review },
    opens_at: quiz.opens_at,
    closes_at: quiz.closes_at,
    slots: quiz.slots.map((slot): SlotInput =>
      slot.kind === "fixed"
        ? { kind: "fixed", question_id: slot.question_id ?? "", version: slot.version, mark: slot.mark }
        : {
            kind: "random",
            bank_id: slot.bank_id ?? "",
            include_sub_banks: slot.include_sub_banks,
            tags: slot.tags,
            count: slot.count,
            mark: slot.mark,
          },
    ),
  };
}

/** Tags typed as one comma-separated line; the schema trims, lower-cases and checks them. */
export const tagsFromText = (text: string): string[] =>
  text
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
