import "server-only";
import type { DisplayOrder } from "@/lib/assessments/display-order";
import { gradeResponse } from "@/lib/assessments/grading";
import { learnerQuestionView, type LearnerQuestionView } from "@/lib/assessments/learner-view";
import { percentOf, reviewAllows } from "@/lib/assessments/quiz-rules";
import { correctAnswerOf, feedbackFor, type CorrectAnswer, type Feedback } from "@/lib/assessments/review-view";
import { db } from "@/lib/db";
import { requireOwnAttempt } from "@/lib/server/quizzes/access";
import { answerMarks, contentOfRow, type AttemptQuestionRow } from "@/lib/server/quizzes/attempt-json";
import { loadAttemptQuestions, submitIfOverdue } from "@/lib/server/quizzes/attempts";
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

export async function getAttemptReview(ctx: TenantContext, attemptId: string): Promise<AttemptReviewJson> {
  const now = new Date();
  const attempt = await submitIfOverdue(await requireOwnAttempt(ctx, attemptId), now);
  const moment = { inProgress: attempt.state === "in_progress", now, closesAt: attempt.quiz.closesAt };
  const shows = {
    marks: reviewAllows(attempt.quiz.reviewMarks, moment),
    correct_answers: reviewAllows(attempt.quiz.reviewCorrectAnswers, moment),
    feedback: reviewAllows(attempt.quiz.reviewFeedback, moment),
  };
  const rows = await loadAttemptQuestions(db(), attempt);
  // While the attempt is taken, "immediately" shows a question's part once it is answered.
  const settled = (answered: boolean) => !moment.inProgress || answered;
  return {
    id: attempt.id,
    number: attempt.number,
    state: attempt.state,
    shows,
    ...(shows.marks && !moment.inProgress
      ? { score: attempt.score, percent: attempt.score === null ? null : percentOf(attempt.score, attempt.maxScore) }
      : {}),
    max_score: attempt.maxScore,
    questions: rows.map((row) => {
      const content = contentOfRow(row);
      const response = row.answer?.response ?? null;
      const show = settled(row.answer !== null);
      return {
        position: row.position,
        mark: row.maxMark,
        question: learnerQuestionView(content, row.displayOrder as DisplayOrder),
        response,
        ...(shows.marks && show ? marksOf(row, moment.inProgress) : {}),
        ...(shows.feedback && show
          ? { feedback: { ...feedbackFor(content, response), comment: row.answer?.overrideComment ?? null } }
          : {}),
        ...(shows.correct_answers && show ? { correct_answer: correctAnswerOf(content) } : {}),
      };
    }),
  };
}
