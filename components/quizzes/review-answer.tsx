"use client";

import type { ReactNode } from "react";
import { formatNumber } from "@/components/quizzes/format";
import type { LearnerQuestionView, ReviewQuestionJson } from "@/components/quizzes/quiz-api";
import { RichInline } from "@/components/quizzes/rich-inline";

type CorrectAnswer = NonNullable<ReviewQuestionJson["correct_answer"]>;
type R = Record<string, unknown>;

const list = (items: ReactNode[]) =>
  items.length === 0 ? (
    "No answer"
  ) : (
    <>
      {items.map((item, i) => (
        <span key={i}>
          {i > 0 && "; "}
          {item}
        </span>
      ))}
    </>
  );

type Part = { id: string; text: string };

const textIn = (parts: readonly Part[], id: unknown): ReactNode => {
  const part = parts.find((c) => c.id === id);
  return part ? <RichInline html={part.text} /> : String(id);
};

/** The choices or items a response names by id. */
const partsOf = (question: LearnerQuestionView): Part[] =>
  "choices" in question ? question.choices : "items" in question ? question.items : [];

const choiceText = (question: LearnerQuestionView, id: unknown): ReactNode => textIn(partsOf(question), id);

/** What the learner answered, in words. */
export function ResponseText({ question, response }: { question: LearnerQuestionView; response: unknown }): ReactNode {
  const r = (response ?? null) as R | null;
  if (!r) return "No answer";
  switch (question.type) {
    case "single_choice":
      return typeof r.choice_id === "string" ? choiceText(question, r.choice_id) : "No answer";
    case "multiple_response":
      return list(((r.choice_ids as string[] | undefined) ?? []).map((id) => choiceText(question, id)));
    case "true_false":
      return typeof r.value === "boolean" ? (r.value ? "True" : "False") : "No answer";
    case "short_answer":
    case "numeric":
      return typeof r.text === "string" && r.text.trim() ? r.text : "No answer";
    case "essay":
      return typeof r.text === "string" && r.text.trim() ? (
        <span style={{ whiteSpace: "pre-wrap" }}>{r.text}</span>
      ) : (
        "No answer"
      );
    case "matching": {
      const matches = (r.matches ?? {}) as Record<string, string>;
      return list(
        question.prompts
          .filter((p) => matches[p.id])
          .map((p) => (
            <>
              <RichInline html={p.prompt} /> → {matches[p.id]}
            </>
          )),
      );
    }
    case "ordering":
      return list(((r.order as string[] | undefined) ?? []).map((id) => choiceText(question, id)));
    case "fill_in_blanks": {
      const gaps = (r.gaps ?? {}) as Record<string, string>;
      return list(
        question.gaps.map((gap, i) => (
          <>
            Blank {i + 1}:{" "}
            {gap.type === "choice" ? (gaps[gap.id] ? textIn(gap.choices, gaps[gap.id]) : "—") : gaps[gap.id] || "—"}
          </>
        )),
      );
    }
  }
}

/** The right answer the review shows, in words. */
export function CorrectAnswerText({
  question,
  correct,
}: {
  question: LearnerQuestionView;
  correct: CorrectAnswer;
}): ReactNode {
  if ("choice_ids" in correct) return list(correct.choice_ids.map((id) => choiceText(question, id)));
  if ("value" in correct) return correct.value ? "True" : "False";
  if ("texts" in correct) return correct.texts.join(" or ");
  if ("numbers" in correct)
    return correct.numbers
      .map((n) =>
        "value" in n
          ? `${formatNumber(n.value)}${n.tolerance ? ` (± ${formatNumber(n.tolerance)})` : ""}`
          : `${formatNumber(n.min)} to ${formatNumber(n.max)}`,
      )
      .join(" or ");
  if ("matches" in correct && question.type === "matching")
    return list(
      question.prompts.map((p) => (
        <>
          <RichInline html={p.prompt} /> → {correct.matches[p.id]}
        </>
      )),
    );
  if ("order" in correct) return list(correct.order.map((id) => choiceText(question, id)));
  if ("gaps" in correct && question.type === "fill_in_blanks")
    return list(
      question.gaps.map((gap, i) => (
        <>
          Blank {i + 1}:{" "}
          {gap.type === "choice"
            ? list((correct.gaps[gap.id] ?? []).map((id) => textIn(gap.choices, id)))
            : (correct.gaps[gap.id] ?? []).join(" or ")}
        </>
      )),
    );
  return null;
}
