import "server-only";
import type { DisplayOrder } from "@/lib/assessments/display-order";
import { learnerQuestionView, type LearnerQuestionView } from "@/lib/assessments/learner-view";
import { contentOf } from "@/lib/assessments/question-content";
import { percentOf, reviewAllows } from "@/lib/assessments/quiz-rules";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AttemptRow } from "@/lib/server/quizzes/access";

// What a learner is sent of their attempt: its clock, its questions as the learner view has them, and
// their own saved answers. Never a fraction, a right answer, a feedback, a question's id or version: those
// are the review's (review.ts), and only when the quiz's review policy allows.

export const attemptQuestionSelect = {
  id: true,
  position: true,
  page: true,
  maxMark: true,
  displayOrder: true,
  questionVersion: {
    select: { type: true, name: true, stem: true, body: true, defaultMark: true, generalFeedback: true },
  },
  answer: {
    select: {
      response: true,
      sequence: true,
      savedAt: true,
      fraction: true,
      marks: true,
      overrideMarks: true,
      overrideComment: true,
      checkedAt: true,
    },
  },
} satisfies Prisma.QuizAttemptQuestionSelect;
export type AttemptQuestionRow = Prisma.QuizAttemptQuestionGetPayload<{ select: typeof attemptQuestionSelect }>;

export interface SavedAnswerJson {
  response: unknown;
  sequence: number;
  saved_at: string;
  /** Checked during the attempt: its review parts are shown and it no longer changes. */
  checked: boolean;
}

export interface AttemptQuestionJson {
  position: number;
  page: number;
  /** The marks the question is worth. */
  mark: number;
  question: LearnerQuestionView;
  answer: SavedAnswerJson | null;
}

export interface AttemptJson {
  id: string;
  course_id: string;
  lesson_id: string;
  number: number;
  state: AttemptRow["state"];
  started_at: string;
  /** Server time after which nothing is saved and the attempt is submitted; null: no time limit. */
  deadline: string | null;
  /** The server's clock when it answered, so a client counts down against the deadline without trusting its own. */
  server_time: string;
  submitted_at: string | null;
  pages: number;
  max_score: number;
  /** The quiz shows a review part immediately: an answered question may be checked while the attempt is taken. */
  can_check: boolean;
  /** Shown once the review policy lets the learner see marks; null until then. */
  score: number | null;
  percent: number | null;
  questions: AttemptQuestionJson[];
}

export const contentOfRow = (row: AttemptQuestionRow) => contentOf(row.questionVersion);

/** The marks an answer counts for: a person's grade over the automatic one. */
export const answerMarks = (answer: AttemptQuestionRow["answer"]): number | null =>
  answer ? (answer.overrideMarks ?? answer.marks) : null;

/** Whether the quiz shows any part of the review while an attempt is taken. */
export const showsReviewImmediately = (quiz: AttemptRow["quiz"]): boolean =>
  [quiz.reviewMarks, quiz.reviewCorrectAnswers, quiz.reviewFeedback].includes("immediately");

export function attemptJson(attempt: AttemptRow, rows: AttemptQuestionRow[], now: Date): AttemptJson {
  const marksShown =
    attempt.score !== null &&
    reviewAllows(attempt.quiz.reviewMarks, {
      inProgress: attempt.state === "in_progress",
      now,
      closesAt: attempt.quiz.closesAt,
    });
  return {
    id: attempt.id,
    course_id: attempt.quiz.courseId,
    lesson_id: attempt.quiz.lessonId,
    number: attempt.number,
    state: attempt.state,
    started_at: attempt.startedAt.toISOString(),
    deadline: attempt.deadline?.toISOString() ?? null,
    server_time: now.toISOString(),
    submitted_at: attempt.submittedAt?.toISOString() ?? null,
    pages: Math.max(1, ...rows.map((r) => r.page)),
    max_score: attempt.maxScore,
    can_check: attempt.state === "in_progress" && showsReviewImmediately(attempt.quiz),
    score: marksShown ? attempt.score : null,
    percent: marksShown ? percentOf(attempt.score ?? 0, attempt.maxScore) : null,
    questions: rows.map((row) => ({
      position: row.position,
      page: row.page,
      mark: row.maxMark,
      question: learnerQuestionView(contentOfRow(row), row.displayOrder as DisplayOrder),
      answer: row.answer
        ? {
            response: row.answer.response,
            sequence: row.answer.sequence,
            saved_at: row.answer.savedAt.toISOString(),
            checked: row.answer.checkedAt !== null,
          }
        : null,
    })),
  };
}
