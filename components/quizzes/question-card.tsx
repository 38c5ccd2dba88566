"use client";

import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { RichText } from "@/components/learning/rich-text";
import { marksText } from "@/components/quizzes/format";
import type { LearnerQuestionView } from "@/components/quizzes/quiz-api";

/**
 * One question: its number and marks as the heading that names it (a region "Question 3"), its stem, and
 * what goes under it (the input while taking, the review after). A fill-in-the-blanks stem is its input's.
 */
export function QuestionCard({
  number,
  mark,
  question,
  headingId,
  status,
  stemHtml,
  children,
}: {
  number: number;
  mark: number;
  question: LearnerQuestionView;
  headingId: string;
  /** In place of the marks: "1.5 out of 2 marks", "Waiting for grading". */
  status?: ReactNode;
  /** The stem to show instead of the question's (the review's blanks); by default a fill-in-the-blanks input draws it. */
  stemHtml?: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 3 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2, flexWrap: "wrap", mb: 1 }}>
        <Typography variant="h6" component="h2" id={headingId}>
          Question {number}
        </Typography>
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          {status ?? marksText(mark)}
        </Typography>
      </Box>
      {stemHtml !== undefined ? (
        <RichText html={stemHtml} />
      ) : (
        question.type !== "fill_in_blanks" && <RichText html={question.stem} />
      )}
      <Box sx={{ mt: 2 }}>{children}</Box>
    </Paper>
  );
}
