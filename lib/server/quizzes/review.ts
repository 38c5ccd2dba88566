import "server-only";
import type { DisplayOrder } from "@/lib/assessments/display-order";
import { gradeResponse } from "@/lib/assessments/grading";
import { learnerQuestionView, type LearnerQuestionView } from "@/lib/assessments/learner-view";
import { percentOf, reviewAllows } from "@/lib/assessments/quiz-rules";
import { correctAnswerOf, feedbackFor, type CorrectAnswer, type Feedback } from "@/lib/assessments/review-view";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { requireOwnAttempt, type AttemptRow } from "@/lib/server/quizzes/access";
import {
  answerMarks,
  attemptQuestionSelect,
  contentOfRow,
  showsReviewImmediately,
  type AttemptQuestionRow,
} from "@/lib/server/quizzes/attempt-json";
import { loadAttemptQuestions, submitIfOverdue } from "@/lib/server/quizzes/attempts";
import { writeWhileInTime } from "@/lib/server/quizzes/in-time";
import type { TenantContext } from "@/lib/tenancy/context";

// GET /api/quiz-attempts/{attemptId}/review: the learner's attempt with what the quiz's review policy lets
// them see at this moment, part by part (marks, right answers, feedback); a part not allowed is absent from
// the answer, not hidden in it.

export interface ReviewQuestionJson {
  position: number;
  mark: number;
  question: LearnerQuestionView;
  response: unknown;
  /** With marks: the fraction of the mark earned and the marks (null while an essay waits for its grade). */
  fraction?: number | null;
  marks?: number | null;
  /** With feedback: the question's general feedback, the feedback of what was answered, a grader's comment. */
  feedback?: Feedback & { comment: string | null };
  /** With right answers. */
  correct_answer?: CorrectAnswer;
}

export interface AttemptReviewJson {
  id: string;
  number: number;
  state: string;
  /** What the policy allows now. */
  shows: { marks: boolean; correct_answers: boolean; feedback: boolean };
  score?: number | null;
  max_score: number;
  percent?: number | null;
  questions: ReviewQuestionJson[];
}

/** An answer's marks: graded on the spot while the attempt is taken (immediate review), else as graded. */
function marksOf(row: AttemptQuestionRow, inProgress: boolean): { fraction: number | null; marks: number | null } {
  if (!row.answer) return { fraction: 0, marks: 0 };
  if (!inProgress) return { fraction: row.answer.fraction, marks: answerMarks(row.answer) };
  const fraction = gradeResponse(contentOfRow(row), row.answer.response);
  return { fraction, marks: fraction === null ? null : fraction * row.maxMark };
}

type Shows = AttemptReviewJson["shows"];

/** What the review policy shows of an attempt at this moment. */
function reviewShows(attempt: AttemptRow, now: Date): { shows: Shows; inProgress: boolean } {
  const moment = { inProgress: attempt.state === "in_progress", now, closesAt: attempt.quiz.closesAt };
  return {
    inProgress: moment.inProgress,
    shows: {
      marks: reviewAllows(attempt.quiz.reviewMarks, moment),
      correct_answers: reviewAllows(attempt.quiz.reviewCorrectAnswers, moment),
      feedback: reviewAllows(attempt.quiz.reviewFeedback, moment),
    },
  };
}

/**
 * One question as the review shows it. While the attempt is taken, "immediately" shows a question's parts
 * only once it is checked: its answer can no longer change, so seeing the right answer cannot change it.
 */
function reviewQuestion(row: AttemptQuestionRow, shows: Shows, inProgress: boolean): ReviewQuestionJson {
  const content = contentOfRow(row);
  const response = row.answer?.response ?? null;
  const show = !inProgress || Boolean(row.answer?.checkedAt);
  return {
    position: row.position,
    mark: row.maxMark,
    question: learnerQuestionView(content, row.displayOrder as DisplayOrder),
    response,
    ...(shows.marks && show ? marksOf(row, inProgress) : {}),
    ...(shows.feedback && show
      ? { feedback: { ...feedbackFor(content, response), comment: row.answer?.overrideComment ?? null } }
      : {}),
    ...(shows.correct_answers && show ? { correct_answer: correctAnswerOf(content) } : {}),
  };
}

export async function getAttemptReview(ctx: TenantContext, attemptId: string): Promise<AttemptReviewJson> {
  const now = new Date();
  const attempt = await submitIfOverdue(await requireOwnAttempt(ctx, attemptId), now);
  const { shows, inProgress } = reviewShows(attempt, now);
  const rows = await loadAttemptQuestions(db(), attempt);
  return {
    id: attempt.id,
    number: attempt.number,
    state: attempt.state,
    shows,
    ...(shows.marks && !inProgress
      ? { score: attempt.score, percent: attempt.score === null ? null : percentOf(attempt.score, attempt.maxScore) }
      : {}),
    max_score: attempt.maxScore,
    questions: rows.map((row) => reviewQuestion(row, shows, inProgress)),
  };
}

/**
 * POST /api/quiz-attempts/{attemptId}/answers/{position}/check: while the attempt is taken, a quiz that
 * shows a review part immediately shows it for an answered question the learner checks, and keeps that
 * answer from then on. Checking again answers the same.
 */
export async function checkAnswer(
  ctx: TenantContext,
  attemptId: string,
  position: number,
  session: number,
): Promise<ReviewQuestionJson> {
  const attempt = await requireOwnAttempt(ctx, attemptId);
  return writeWhileInTime(attempt, session, async (tx, current) => {
    const now = new Date();
    if (!showsReviewImmediately(current.quiz))
      throw new AppError("CONFLICT", "This quiz shows no feedback, marks or right answers before submission");
    const { organizationId } = current;
    const row = await tx.quizAttemptQuestion.findFirst({
      where: { organizationId, attemptId: current.id, position },
      select: attemptQuestionSelect,
    });
    if (!row) throw new AppError("NOT_FOUND", `This attempt has no question ${position}`);
    if (!row.answer) throw new AppError("CONFLICT", `Question ${position} has no saved answer to check`);
    if (!row.answer.checkedAt) {
      row.answer.checkedAt = now;
      await tx.quizAnswer.updateMany({
        where: { organizationId, attemptQuestionId: row.id },
        data: { checkedAt: now },
      });
    }
    return reviewQuestion(row, reviewShows(current, now).shows, true);
  });
}
