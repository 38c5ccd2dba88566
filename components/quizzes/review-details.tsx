"use client";

import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { RichText } from "@/components/learning/rich-text";
import { formatNumber, marksText } from "@/components/quizzes/format";
import type { ReviewQuestionJson } from "@/components/quizzes/quiz-api";
import { CorrectAnswerText, ResponseText } from "@/components/quizzes/review-answer";

/** Under a reviewed question: the learner's answer, then the right answer and feedback the review includes. */
export function ReviewDetails({
  question: q,
  showResponse = true,
}: {
  question: ReviewQuestionJson;
  showResponse?: boolean;
}) {
  const view = q.question;
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
      {showResponse && (
        <Typography component="div">
          <strong>Your answer:</strong> <ResponseText question={view} response={q.response} />
        </Typography>
      )}
      {q.correct_answer && (
        <Typography component="div">
          <strong>Right answer:</strong> <CorrectAnswerText question={view} correct={q.correct_answer} />
        </Typography>
      )}
      {q.feedback && (
        <>
          {q.feedback.specific.map((html, i) => (
            <RichText key={i} html={html} />
          ))}
          <RichText html={q.feedback.general} />
          {q.feedback.comment && (
            <Typography component="div">
              <strong>Grader&apos;s comment:</strong> {q.feedback.comment}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}

/** A reviewed question's marks in place of what it is worth, when the review shows marks. */
export function reviewStatus(q: ReviewQuestionJson): string | undefined {
  if (q.marks === undefined) return undefined;
  if (q.marks === null) return `Waiting for grading · ${marksText(q.mark)}`;
  return `${formatNumber(q.marks)} out of ${marksText(q.mark)}`;
}
