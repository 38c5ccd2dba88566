"use client";

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { durationText, formatNumber, GRADING_METHOD_TEXT } from "@/components/quizzes/format";
import type { AttemptSummaryJson, MyQuizJson } from "@/components/quizzes/quiz-api";
import { VisuallyHidden } from "@/components/ui/visually-hidden";
import { dayAndTime } from "@/lib/format-dates";

/** The quiz before an attempt: its rules, the learner's attempts and score, Start or Continue. */
export function QuizSummary({
  summary,
  starting,
  error,
  onStart,
  onReview,
}: {
  summary: MyQuizJson & { quiz: NonNullable<MyQuizJson["quiz"]> };
  starting: boolean;
  /** The server's refusal of the last start (not open yet, closed, no attempts left…). */
  error: string | null;
  onStart: () => void;
  onReview: (attemptId: string) => void;
}) {
  const { quiz, attempts, lesson_percent } = summary;
  const inProgress = attempts.some((a) => a.state === "in_progress");
  const used = attempts.length;
  const rules = [
    quiz.time_limit_seconds ? `Time limit: ${durationText(quiz.time_limit_seconds)}` : "No time limit",
    quiz.max_attempts === null ? `Attempts: ${used} used, no limit` : `Attempts: ${used} of ${quiz.max_attempts} used`,
    GRADING_METHOD_TEXT[quiz.grading_method],
    quiz.pass_mark_percent !== null ? `Pass mark: ${formatNumber(quiz.pass_mark_percent)}%` : null,
    quiz.opens_at ? `Opens ${dayAndTime(quiz.opens_at)}` : null,
    quiz.closes_at ? `Closes ${dayAndTime(quiz.closes_at)}` : null,
  ].filter((rule): rule is string => rule !== null);
  return (
    <Paper variant="outlined" sx={{ p: 3, display: "flex", flexDirection: "column", gap: 2 }}>
      <Typography variant="h6" component="h2">
        Quiz
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {rules.map((rule) => (
          <li key={rule}>
            <Typography>{rule}</Typography>
          </li>
        ))}
      </Box>
      {lesson_percent !== null && (
        <Typography sx={{ fontWeight: 600 }}>Your score for this quiz: {formatNumber(lesson_percent)}%</Typography>
      )}
      {attempts.length > 0 && <AttemptsTable attempts={attempts} onReview={onReview} />}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Box>
        {/* Left enabled when no attempt is left or the quiz is not open: the server says why it refuses. */}
        <Button variant="contained" onClick={onStart} disabled={starting}>
          {inProgress ? "Continue attempt" : used > 0 ? "Start another attempt" : "Start attempt"}
        </Button>
      </Box>
    </Paper>
  );
}

function AttemptsTable({
  attempts,
  onReview,
}: {
  attempts: AttemptSummaryJson[];
  onReview: (attemptId: string) => void;
}) {
  return (
    <Table size="small" aria-label="Your attempts">
      <TableHead>
        <TableRow>
          <TableCell>Attempt</TableCell>
          <TableCell>State</TableCell>
          <TableCell>Score</TableCell>
          <TableCell>
            <VisuallyHidden>Review</VisuallyHidden>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {attempts.map((a) => (
          <TableRow key={a.id}>
            <TableCell>{a.number}</TableCell>
            <TableCell>{stateText(a)}</TableCell>
            <TableCell>
              {a.score !== null ? `${formatNumber(a.score)} / ${formatNumber(a.max_score)}` : "Not shown yet"}
            </TableCell>
            <TableCell>
              {a.state !== "in_progress" && (
                <Button size="small" onClick={() => onReview(a.id)} aria-label={`Review attempt ${a.number}`}>
                  Review
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function stateText(a: AttemptSummaryJson): string {
  if (a.state === "in_progress") return "In progress";
  if (a.state === "needs_grading") return "Waiting for grading";
  return a.submitted_at ? `Submitted ${dayAndTime(a.submitted_at)}` : "Submitted";
}
