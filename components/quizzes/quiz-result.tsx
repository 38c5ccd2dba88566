"use client";

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { formatNumber } from "@/components/quizzes/format";
import { QuestionCard } from "@/components/quizzes/question-card";
import { reviewPath, type AttemptReviewJson, type ReviewQuestionJson } from "@/components/quizzes/quiz-api";
import { ReviewDetails, reviewStatus } from "@/components/quizzes/review-details";
import { useApi } from "@/lib/client/swr";
import { failureMessage } from "@/lib/client/spec-calls";

/** Until the server has submitted an attempt at its deadline (the client's clock may be a little early). */
const IN_PROGRESS_POLL_MS = 2_000;

/** A finished attempt: its score when the review policy shows it, then each question as the review has it. */
export function QuizResult({ attemptId, onBack }: { attemptId: string; onBack: () => void }) {
  const { data, error } = useApi<AttemptReviewJson>(reviewPath(attemptId), {
    refreshInterval: (latest) => (latest?.state === "in_progress" ? IN_PROGRESS_POLL_MS : 0),
    revalidateOnFocus: false,
  });
  if (error && !data)
    return (
      <Alert severity="error" role="alert" action={<Button onClick={onBack}>Back</Button>}>
        {failureMessage(error, "Failed to load the attempt's review")}
      </Alert>
    );
  if (!data || data.state === "in_progress")
    return <Skeleton variant="rounded" height={160} role="status" aria-label="Loading the attempt's result" />;
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 3, display: "flex", flexDirection: "column", gap: 1.5 }}>
        <Typography variant="h6" component="h2">
          Attempt {data.number} submitted
        </Typography>
        <ScoreLine review={data} />
        <Box>
          <Button variant="contained" onClick={onBack}>
            Back to the quiz
          </Button>
        </Box>
      </Paper>
      {data.questions.map((q) => (
        <ReviewedQuestion key={q.position} question={q} />
      ))}
    </Box>
  );
}

function ScoreLine({ review }: { review: AttemptReviewJson }) {
  const waiting = review.state === "needs_grading";
  return (
    <>
      {review.shows.marks && review.score !== undefined && review.score !== null && (
        <Typography sx={{ fontWeight: 600 }}>
          {waiting ? "Your score so far" : "Your score"}: {formatNumber(review.score)} out of{" "}
          {formatNumber(review.max_score)}
          {review.percent !== undefined && review.percent !== null && ` (${formatNumber(review.percent)}%)`}
        </Typography>
      )}
      {waiting && (
        <Alert severity="info">
          Waiting for grading: a person grades your written answers, and your score follows once they have.
        </Alert>
      )}
      {!waiting && !review.shows.marks && (
        <Typography sx={{ color: "text.secondary" }}>Your answers are in. The quiz does not show marks yet.</Typography>
      )}
    </>
  );
}

const MARKER = /\[\[([A-Za-z0-9_-]{1,40})\]\]/g;

function ReviewedQuestion({ question: q }: { question: ReviewQuestionJson }) {
  const view = q.question;
  const gapNumbers = view.type === "fill_in_blanks" ? view.gaps.map((g) => g.id) : [];
  const stemHtml =
    view.type === "fill_in_blanks"
      ? view.stem.replace(MARKER, (marker, id: string) =>
          gapNumbers.includes(id) ? `[Blank ${gapNumbers.indexOf(id) + 1}]` : marker,
        )
      : undefined;
  const status = reviewStatus(q);
  return (
    <QuestionCard
      number={q.position}
      mark={q.mark}
      question={view}
      headingId={`quiz-review-q${q.position}`}
      status={status}
      stemHtml={stemHtml}
    >
      <ReviewDetails question={q} />
    </QuestionCard>
  );
}
