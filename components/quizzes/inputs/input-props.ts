import type { LearnerQuestionView, QuizResponse } from "@/components/quizzes/quiz-api";

/** The learner view of a type (single and multiple choice share one shape). */
type ViewOf<T extends LearnerQuestionView["type"]> = LearnerQuestionView extends infer Q
  ? Q extends { type: infer U }
    ? T extends U
      ? Q
      : never
    : never
  : never;

/** What every question's input gets: its question, the response given so far, and where to report a change. */
export interface QuestionInputProps<T extends LearnerQuestionView["type"] = LearnerQuestionView["type"]> {
  question: ViewOf<T>;
  response: QuizResponse | null;
  /** `typing`: text being typed, saved after a short pause (and on blur) rather than at each key. */
  onChange: (response: QuizResponse, typing?: boolean) => void;
  /** The input lost focus: text waiting for its pause is saved now. */
  onBlur: () => void;
  /** The id of the question's heading, which names its controls' group. */
  labelledBy: string;
  /** A prefix for the ids the input makes (unique per question). */
  idPrefix: string;
  disabled: boolean;
}
