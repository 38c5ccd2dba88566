import "server-only";
import { deadlineOf, lessonScorePercent, percentOf, reviewAllows } from "@/lib/assessments/quiz-rules";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { attemptSelect, requireOwnAttempt, requireQuizViewer, type AttemptRow } from "@/lib/server/quizzes/access";
import { attemptJson, attemptQuestionSelect, type AttemptJson } from "@/lib/server/quizzes/attempt-json";
import { drawQuestions } from "@/lib/server/quizzes/draw";
import { finishAttempt, isOverdue, syncQuizLessonProgress, withAttemptLocked } from "@/lib/server/quizzes/finish";
import { lockEnrollments } from "@/lib/server/progress/recompute";
import { quizSettingsJson, type QuizSettingsJson } from "@/lib/server/quizzes/settings";
import { recordQuizAttemptStarted } from "@/lib/server/xapi/quiz-tracking";
import type { TenantContext } from "@/lib/tenancy/context";

// A learner's attempts: start or resume, read, submit. Every read or write of an attempt in progress
// past its deadline submits it first (and a job does for the attempts nobody comes back to), so the time
// limit holds whether the tab was reloaded, closed, or never came back.

type Tx = Prisma.TransactionClient;

export interface StartedAttemptJson extends AttemptJson {
  /**
   * This window's hold on the attempt: its saves and its submission carry it. Starting or resuming in
   * another tab or device takes the next one, and this window's next save is refused as replaced.
   */
  session: number;
}

export async function loadAttemptQuestions(tx: Tx, attempt: Pick<AttemptRow, "id" | "organizationId">) {
  return tx.quizAttemptQuestion.findMany({
    where: { organizationId: attempt.organizationId, attemptId: attempt.id },
    select: attemptQuestionSelect,
    orderBy: { position: "asc" },
  });
}

/**
 * POST …/lessons/{lessonId}/quiz/attempts: the attempt in progress, resumed (the same questions in the same
 * order), or a new one when the quiz is open and the attempt limit allows. Either way this window now holds
 * it (`session`).
 */
export async function startAttempt(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
): Promise<StartedAttemptJson> {
  const taker = await requireQuizViewer(ctx, courseId, lessonId);
  if (!taker.enrollmentId)
    throw new AppError("CONFLICT", "Quizzes are taken by enrolled learners only: enroll in this course first");
  const quiz = taker.quiz;
  if (!quiz) throw new AppError("CONFLICT", "This quiz has no questions yet");
  const { organizationId } = taker;
  const userId = ctx.userId;
  const now = new Date();
  const inProgress = { organizationId, quizId: quiz.id, userId, state: "in_progress" as const };
  // An attempt past its deadline is submitted on its own first: refusing a new one must not undo that.
  const overdue = await db().quizAttempt.findFirst({ where: inProgress, select: attemptSelect });
  if (overdue) await submitIfOverdue(overdue, now);
  const enrollmentId = taker.enrollmentId;
  return db().$transaction(async (tx) => {
    // Two starts at once (a double click, two tabs) wait for each other: the second resumes the first's attempt.
    await lockEnrollments(tx, organizationId, [enrollmentId]);
    const open = await tx.quizAttempt.findFirst({ where: inProgress, select: attemptSelect });
    if (open) {
      const resumed = await withAttemptLocked(tx, open, async (current) => {
        if (current.state !== "in_progress") return null;
        return tx.quizAttempt.update({
          where: { organizationId, id: current.id },
          data: { sessionGeneration: { increment: 1 } },
          select: attemptSelect,
        });
      });
      if (resumed) return started(tx, resumed, now);
    }
    if (quiz.opensAt && now < quiz.opensAt)
      throw new AppError("CONFLICT", `This quiz opens at ${quiz.opensAt.toISOString()}`);
    if (quiz.closesAt && now >= quiz.closesAt)
      throw new AppError("CONFLICT", `This quiz closed at ${quiz.closesAt.toISOString()}`);
    const taken = await tx.quizAttempt.count({ where: { organizationId, quizId: quiz.id, userId } });
    if (quiz.maxAttempts !== null && taken >= quiz.maxAttempts)
      throw new AppError(
        "CONFLICT",
        `You have used all ${quiz.maxAttempts} attempt${quiz.maxAttempts === 1 ? "" : "s"} this quiz allows`,
      );
    const questions = await drawQuestions(tx, quiz);
    const attempt = await tx.quizAttempt.create({
      data: {
        organizationId,
        quizId: quiz.id,
        userId,
        number: taken + 1,
        startedAt: now,
        deadline: deadlineOf(now, quiz.timeLimitSeconds, quiz.closesAt),
        maxScore: questions.reduce((sum, q) => sum + q.maxMark, 0),
      },
      select: attemptSelect,
    });
    await tx.quizAttemptQuestion.createMany({
      data: questions.map((q) => ({
        organizationId,
        attemptId: attempt.id,
        slotId: q.slotId,
        position: q.position,
        page: q.page,
        questionVersionId: q.questionVersionId,
        displayOrder: q.displayOrder as Prisma.InputJsonObject,
        maxMark: q.maxMark,
      })),
    });
    await recordQuizAttemptStarted(tx, organizationId, attempt.id);
    await syncQuizLessonProgress(tx, attempt, now);
    return started(tx, attempt, now);
  });
}

async function started(tx: Tx, attempt: AttemptRow, now: Date): Promise<StartedAttemptJson> {
  return { ...attemptJson(attempt, await loadAttemptQuestions(tx, attempt), now), session: attempt.sessionGeneration };
}

/** GET /api/quiz-attempts/{attemptId}: the learner's own attempt (submitted first when past its deadline). */
export async function getAttempt(ctx: TenantContext, attemptId: string): Promise<AttemptJson> {
  const attempt = await submitIfOverdue(await requireOwnAttempt(ctx, attemptId), new Date());
  return attemptJson(attempt, await loadAttemptQuestions(db(), attempt), new Date());
}

/** The attempt, submitted in its own transaction first when it is past its deadline. */
export async function submitIfOverdue(attempt: AttemptRow, now: Date): Promise<AttemptRow> {
  if (!isOverdue(attempt, now)) return attempt;
  return db().$transaction((tx) =>
    withAttemptLocked(tx, attempt, async (current) => {
      if (!isOverdue(current, now)) return current;
      await finishAttempt(tx, current, now);
      return tx.quizAttempt.findFirstOrThrow({
        where: { organizationId: current.organizationId, id: current.id },
        select: attemptSelect,
      });
    }),
  );
}

/** The 409s of a window that may no longer write to the attempt, in the order they are checked. */
export function refuseWrite(attempt: Pick<AttemptRow, "state" | "sessionGeneration">, session: number): void {
  if (attempt.state !== "in_progress")
    throw new AppError("CONFLICT", "This attempt has been submitted: its answers can no longer change");
  if (session < attempt.sessionGeneration)
    throw new AppError("ATTEMPT_REPLACED", "This attempt was opened in another window or on another device");
  if (session > attempt.sessionGeneration)
    throw new AppError("BAD_REQUEST", "session is not one this attempt gave: start or resume the attempt again");
}

/** POST /api/quiz-attempts/{attemptId}/submit: grades it and updates the lesson's progress. */
export async function submitAttempt(ctx: TenantContext, attemptId: string, session: number): Promise<AttemptJson> {
  const attempt = await requireOwnAttempt(ctx, attemptId);
  const now = new Date();
  const submitted = await db().$transaction((tx) =>
    withAttemptLocked(tx, attempt, async (current) => {
      refuseWrite(current, session);
      return finishAttempt(tx, current, now);
    }),
  );
  return attemptJson(submitted.attempt, submitted.rows, now);
}

export interface AttemptSummaryJson {
  id: string;
  number: number;
  state: AttemptRow["state"];
  started_at: string;
  deadline: string | null;
  submitted_at: string | null;
  max_score: number;
  /** Null until the review policy lets the learner see marks. */
  score: number | null;
}

export interface MyQuizJson {
  quiz: QuizSettingsJson | null;
  attempts: AttemptSummaryJson[];
  /** Attempts the learner may still start; null: unlimited. */
  attempts_left: number | null;
  /** The lesson's score by the grading method (0–100), once marks may be shown; null until then. */
  lesson_percent: number | null;
}

/** GET …/lessons/{lessonId}/quiz/attempts: the quiz as a learner sees it before starting, and their attempts. */
export async function listMyAttempts(ctx: TenantContext, courseId: string, lessonId: string): Promise<MyQuizJson> {
  const taker = await requireQuizViewer(ctx, courseId, lessonId);
  if (!taker.quiz) return { quiz: null, attempts: [], attempts_left: null, lesson_percent: null };
  const quiz = taker.quiz;
  const rows = await db().quizAttempt.findMany({
    where: { organizationId: taker.organizationId, quizId: quiz.id, userId: ctx.userId },
    select: attemptSelect,
    orderBy: { number: "asc" },
  });
  const now = new Date();
  const attempts = await Promise.all(rows.map((row) => submitIfOverdue(row, now)));
  const marksShown = (a: AttemptRow) =>
    a.score !== null &&
    reviewAllows(quiz.reviewMarks, { inProgress: a.state === "in_progress", now, closesAt: quiz.closesAt });
  const graded = attempts
    .filter((a) => a.state === "graded" && marksShown(a))
    .map((a) => ({ number: a.number, percent: percentOf(a.score ?? 0, a.maxScore) }));
  return {
    quiz: quizSettingsJson(quiz),
    attempts: attempts.map((a) => ({
      id: a.id,
      number: a.number,
      state: a.state,
      started_at: a.startedAt.toISOString(),
      deadline: a.deadline?.toISOString() ?? null,
      submitted_at: a.submittedAt?.toISOString() ?? null,
      max_score: a.maxScore,
      score: marksShown(a) ? a.score : null,
    })),
    attempts_left: quiz.maxAttempts === null ? null : Math.max(0, quiz.maxAttempts - attempts.length),
    lesson_percent: lessonScorePercent(quiz.gradingMethod, graded),
  };
}
