"use client";

import { MultipleResponseInput, SingleChoiceInput, TrueFalseInput } from "@/components/quizzes/inputs/choice-inputs";
import { GapsInput } from "@/components/quizzes/inputs/gaps-input";
import type { QuestionInputProps } from "@/components/quizzes/inputs/input-props";
import { MatchingInput } from "@/components/quizzes/inputs/matching-input";
import { OrderingInput } from "@/components/quizzes/inputs/ordering-input";
import { EssayInput, NumericInput, ShortAnswerInput } from "@/components/quizzes/inputs/text-inputs";

/** The input of the question's type. */
export function QuestionInput(props: QuestionInputProps) {
  const { question } = props;
  switch (question.type) {
    case "single_choice":
      return <SingleChoiceInput {...props} question={question} />;
    case "multiple_response":
      return <MultipleResponseInput {...props} question={question} />;
    case "true_false":
      return <TrueFalseInput {...props} question={question} />;
    case "short_answer":
      return <ShortAnswerInput {...props} question={question} />;
    case "numeric":
      return <NumericInput {...props} question={question} />;
    case "matching":
      return <MatchingInput {...props} question={question} />;
    case "ordering":
      return <OrderingInput {...props} question={question} />;
    case "fill_in_blanks":
      return <GapsInput {...props} question={question} />;
    case "essay":
      return <EssayInput {...props} question={question} />;
  }
}

/** Whether a response answers its question (an untouched or emptied one does not). */
export function isAnswered(response: Record<string, unknown> | null | undefined): boolean {
  if (!response) return false;
  return Object.values(response).some((value) => {
    if (typeof value === "string") return value.trim() !== "";
    if (Array.isArray(value)) return value.length > 0;
    if (typeof value === "object" && value !== null) return Object.values(value).some((v) => String(v).trim() !== "");
    return value !== undefined && value !== null;
  });
}
