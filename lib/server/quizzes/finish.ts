import "server-only";
import { gradeResponse } from "@/lib/assessments/grading";
import { lessonScorePercent, percentOf, successOf } from "@/lib/assessments/quiz-rules";
import { queryRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { ATTEMPT_NOT_FOUND, type AttemptRow } from "@/lib/server/quizzes/access";
import {
  answerMarks,
  attemptQuestionSelect,
  contentOfRow,
  type AttemptQuestionRow,
} from "@/lib/server/quizzes/attempt-json";
import { saveLessonProgress } from "@/lib/server/progress/recompute";
import { recountAttempt } from "@/lib/server/quizzes/statistics-sums";
import { recordQuizAttemptFinished } from "@/lib/server/xapi/quiz-tracking";

// Ending an attempt and what follows from it: its answers graded (essays wait for a person), its score,
// and the lesson's progress, as SCORM's attempts feed it: a finished attempt completes the lesson; the
// grading method picks the score among the graded attempts, and the pass mark makes it passed or failed.
// Completion and success are kept apart: an attempt waiting for an essay's grade completes the lesson
// but decides nothing until it is graded.

type Tx = Prisma.TransactionClient;

type AttemptOwnRow = Omit<AttemptRow, "quiz">;

/**
 * Runs `write` in the caller's transaction with the learner's enrollment and then the attempt locked (the
 * one order every writer takes, so a save and a start cannot deadlock), on the attempt as it is then: its
 * own row read under the lock, its quiz as the caller read it.
 */
export async function withAttemptLocked<T>(
  tx: Tx,
  attempt: AttemptRow,
  write: (current: AttemptRow) => Promise<T>,
): Promise<T> {
  const { organizationId } = attempt;
  // The enrollment found and locked in one statement, with the lock lockEnrollments takes.
  await queryRows(
    Prisma.sql`SELECT id FROM "Enrollment" WHERE "organizationId" = ${organizationId}::uuid
      AND "courseId" = ${attempt.quiz.courseId}::uuid AND "userId" = ${attempt.userId}::uuid FOR NO KEY UPDATE`,
    tx,
  );
  const [own] = await queryRows<AttemptOwnRow>(
    Prisma.sql`SELECT id, "organizationId", "quizId", "userId", number, state::text AS state, "startedAt", deadline,
      "submittedAt", score, "maxScore", "sessionGeneration"
    FROM "QuizAttempt" WHERE "organizationId" = ${organizationId}::uuid AND id = ${attempt.id}::uuid FOR UPDATE`,
    tx,
  );
  if (!own) throw new AppError("NOT_FOUND", ATTEMPT_NOT_FOUND);
  return write({ ...own, quiz: attempt.quiz });
}

/** The 409's message for a write that came after the time limit: the server submitted the attempt instead. */
export const TIME_UP = "The time limit has passed: the attempt was submitted with the answers saved before it";

export const isOverdue = (attempt: Pick<AttemptRow, "state" | "deadline">, now: Date): boolean =>
  attempt.state === "in_progress" && attempt.deadline !== null && now > attempt.deadline;

/**
 * Grades and ends an attempt in progress, then brings the lesson's progress up to date. Answers the
 * attempt as it now stands and its questions in order, for the caller to show without reading them again.
 */
export async function finishAttempt(
  tx: Tx,
  attempt: AttemptRow,
  now: Date,
): Promise<{ attempt: AttemptRow; rows: AttemptQuestionRow[] }> {
  const { organizationId } = attempt;
  const rows = await tx.quizAttemptQuestion.findMany({
    where: { organizationId, attemptId: attempt.id },
    select: { ...attemptQuestionSelect, id: true },
    orderBy: { position: "asc" },
  });
  const graded = rows.flatMap((row) => {
    if (!row.answer) return [];
    const fraction = gradeResponse(contentOfRow(row), row.answer.response);
    const marks = fraction === null ? null : fraction * row.maxMark;
    return [{ id: row.id, fraction, marks, overrideMarks: row.answer.overrideMarks }];
  });
  // Every answer's grade in one statement: a class submitting at a deadline waits on round trips, not on grading.
  if (graded.length > 0)
    await queryRows(
      Prisma.sql`UPDATE "QuizAnswer" an SET "fraction" = g."fraction", "marks" = g."marks"
        FROM unnest(${graded.map((g) => g.id)}::uuid[], ${graded.map((g) => g.fraction)}::float8[],
                    ${graded.map((g) => g.marks)}::float8[]) AS g("id", "fraction", "marks")
        WHERE an."organizationId" = ${organizationId}::uuid AND an."attemptQuestionId" = g."id"
        RETURNING an."id"`,
      tx,
    );
  const needsGrading = graded.some((g) => g.fraction === null && g.overrideMarks === null);
  const score = graded.reduce((sum, g) => sum + (g.overrideMarks ?? g.marks ?? 0), 0);
  const settled = await writeSettlement(tx, attempt, needsGrading ? "needs_grading" : "graded", score, now);
  await recordQuizAttemptFinished(tx, attempt, now);
  await syncQuizLessonProgress(tx, attempt, now);
  // Last: the statistics' rows, which a class submitting at once shares (a shard among a few), stay
  // locked only until the commit.
  await recountAttempt(tx, organizationId, attempt.id);
  return { attempt: settled, rows };
}

/** The attempt's score from its answers as they stand, and its state. */
export async function settleAttempt(
  tx: Tx,
  attempt: AttemptRow,
  state: "graded" | "needs_grading",
  now: Date,
): Promise<void> {
  const { organizationId } = attempt;
  const rows = await tx.quizAttemptQuestion.findMany({
    where: { organizationId, attemptId: attempt.id },
    select: { answer: attemptQuestionSelect.answer },
  });
  const score = rows.reduce((sum, row) => sum + (answerMarks(row.answer) ?? 0), 0);
  await writeSettlement(tx, attempt, state, score, now);
}

async function writeSettlement(
  tx: Tx,
  attempt: AttemptRow,
  state: "graded" | "needs_grading",
  score: number,
  now: Date,
): Promise<AttemptRow> {
  const submittedAt = attempt.submittedAt ?? now;
  await tx.quizAttempt.updateMany({
    where: { organizationId: attempt.organizationId, id: attempt.id },
    data: { state, score, submittedAt },
  });
  return { ...attempt, state, score, submittedAt };
}

/**
 * The learner's progress in the quiz's lesson, from their finished attempts (not for a withdrawn
 * enrollment). Its callers hold the enrollment's lock already (withAttemptLocked, or a start).
 */
export async function syncQuizLessonProgress(tx: Tx, attempt: AttemptRow, now: Date): Promise<void> {
  const { organizationId, quiz } = attempt;
  // One round trip: the learner's enrollment, their finished attempts and the lesson's status as it stands.
  const [standing] = await queryRows<{
    enrollmentId: string;
    lessonStatus: string | null;
    finished: { number: number; state: string; score: number | null; maxScore: number }[];
  }>(
    Prisma.sql`SELECT e.id AS "enrollmentId", lp.status::text AS "lessonStatus",
      COALESCE((SELECT json_agg(json_build_object('number', a.number, 'state', a.state, 'score', a.score, 'maxScore', a."maxScore"))
        FROM "QuizAttempt" a
        WHERE a."organizationId" = e."organizationId" AND a."quizId" = ${quiz.id}::uuid AND a."userId" = e."userId"
          AND a.state IN ('graded', 'needs_grading')), '[]'::json) AS finished
    FROM "Enrollment" e
    LEFT JOIN "LessonProgress" lp ON lp."organizationId" = e."organizationId" AND lp."enrollmentId" = e.id
      AND lp."lessonId" = ${quiz.lessonId}::uuid
    WHERE e."organizationId" = ${organizationId}::uuid AND e."courseId" = ${quiz.courseId}::uuid
      AND e."userId" = ${attempt.userId}::uuid AND e.status <> 'withdrawn'`,
    tx,
  );
  if (!standing) return;
  const { enrollmentId, finished } = standing;
  const graded = finished
    .filter((a) => a.state === "graded")
    .map((a) => ({ number: a.number, percent: percentOf(a.score ?? 0, a.maxScore) }));
  const percent = lessonScorePercent(quiz.gradingMethod, graded);
  const keys = { courseId: quiz.courseId, enrollmentId, lessonId: quiz.lessonId };
  const done = finished.length > 0;
  await saveLessonProgress(
    tx,
    organizationId,
    keys,
    {
      status: done ? "completed" : "in_progress",
      successStatus: percent === null ? null : successOf(percent, quiz.passMarkPercent),
      scoreScaled: percent === null ? null : percent / 100,
      ...(done && standing.lessonStatus !== "completed" ? { completedAt: now } : {}),
    },
    // The attempt's own "completed" statement reports the lesson's completion (quiz-tracking.ts).
    { now, recount: true, completionStatement: false },
  );
}
