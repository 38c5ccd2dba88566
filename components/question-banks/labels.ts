import type { QuestionType } from "@/lib/schemas/questions";

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single_choice: "Single choice",
  multiple_response: "Multiple response",
  true_false: "True/false",
  short_answer: "Short answer",
  numeric: "Numeric",
  matching: "Matching",
  ordering: "Ordering",
  fill_in_blanks: "Fill in the blanks",
  essay: "Essay",
};

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
