import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { GradeQuizAnswerInput } from "@/lib/schemas/quizzes";
import { audit, auditActor } from "@/lib/server/audit";
import { requireCourseEditor } from "@/lib/server/courses/access";
import { attemptSelect, requireGradableAttempt, requireQuizEditor, requireQuizId } from "@/lib/server/quizzes/access";
import { finishAttempt, settleAttempt, syncQuizLessonProgress, withAttemptLocked } from "@/lib/server/quizzes/finish";
import { recountAttempt } from "@/lib/server/quizzes/statistics-sums";
import { recordQuizAnswerGraded } from "@/lib/server/xapi/quiz-tracking";
import type { TenantContext } from "@/lib/tenancy/context";

// What the course's editors do with finished attempts: grade an answer by hand (an essay waiting in the
// grading queue, or an override of an automatic grade), audited; list the queue; and regrade a quiz's
// finished attempts after a question was corrected. Each keeps the lesson's progress in step.

export interface GradedAnswerJson {
  attempt_id: string;
  position: number;
  marks: number;
  state: "graded" | "needs_grading";
  score: number;
}

/** PUT /api/quiz-attempts/{attemptId}/answers/{position}/grade. */
export async function gradeAnswer(
  ctx: TenantContext,
  attemptId: string,
  position: number,
  input: GradeQuizAnswerInput,
): Promise<GradedAnswerJson> {
  const attempt = await requireGradableAttempt(ctx, attemptId);
  const now = new Date();
  return db().$transaction((tx) =>
    withAttemptLocked(tx, attempt, async (current) => {
      const { organizationId } = current;
      if (current.state === "in_progress")
        throw new AppError("CONFLICT", "This attempt is still being taken: grade it once it is submitted");
      const question = await tx.quizAttemptQuestion.findFirst({
        where: { organizationId, attemptId: current.id, position },
        select: { id: true, maxMark: true, answer: { select: { marks: true } } },
      });
      if (!question) throw new AppError("NOT_FOUND", `This attempt has no question ${position}`);
      if (input.marks > question.maxMark + 1e-9)
        throw new AppError("BAD_REQUEST", `marks: this question is worth at most ${question.maxMark}`);
      const override = {
        overrideMarks: input.marks,
        overrideComment: input.comment || null,
        overriddenById: ctx.userId,
        overriddenAt: now,
      };
      await tx.quizAnswer.upsert({
        where: { organizationId_attemptQuestionId: { organizationId, attemptQuestionId: question.id } },
        create: { organizationId, attemptQuestionId: question.id, response: {}, sequence: 0, ...override },
        update: override,
      });
      const waiting = await tx.quizAnswer.count({
        where: { organizationId, attemptQuestion: { attemptId: current.id }, fraction: null, overrideMarks: null },
      });
      const state = waiting > 0 ? "needs_grading" : "graded";
      await settleAttempt(tx, current, state, now);
      await recountAttempt(tx, organizationId, current.id);
      await recordQuizAnswerGraded(tx, current, { position, graderId: ctx.userId, now });
      await syncQuizLessonProgress(tx, current, now);
      await audit(
        {
          organizationId,
          ...auditActor(ctx),
          action: "quiz.answer.grade",
          entityType: "quiz_attempt",
          entityId: current.id,
          data: {
            position,
            marks: input.marks,
            automaticMarks: question.answer?.marks ?? null,
            userId: current.userId,
          },
        },
        tx,
      );
      const { score } = await tx.quizAttempt.findFirstOrThrow({
        where: { organizationId, id: current.id },
        select: { score: true },
      });
      return { attempt_id: current.id, position, marks: input.marks, state, score: score ?? 0 };
    }),
  );
}

export interface GradingQueueItemJson {
  attempt_id: string;
  lesson_id: string;
  user_id: string;
  number: number;
  submitted_at: string | null;
  /** The positions of the answers waiting for a person. */
  positions: number[];
}

/** GET /api/courses/{courseId}/quiz-grading: the course's attempts with answers waiting for a person, oldest first. */
export async function listGradingQueue(
  ctx: TenantContext,
  courseId: string,
): Promise<{ items: GradingQueueItemJson[] }> {
  const { organizationId } = await requireCourseEditor(ctx, courseId);
  const attempts = await db().quizAttempt.findMany({
    where: { organizationId, state: "needs_grading", quiz: { courseId } },
    select: {
      id: true,
      userId: true,
      number: true,
      submittedAt: true,
      quiz: { select: { lessonId: true } },
      questions: {
        where: { answer: { fraction: null, overrideMarks: null } },
        select: { position: true },
        orderBy: { position: "asc" },
      },
    },
    orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
    take: 500,
  });
  return {
    items: attempts.map((a) => ({
      attempt_id: a.id,
      lesson_id: a.quiz.lessonId,
      user_id: a.userId,
      number: a.number,
      submitted_at: a.submittedAt?.toISOString() ?? null,
      positions: a.questions.map((q) => q.position),
    })),
  };
}

/**
 * POST …/lessons/{lessonId}/quiz/regrade: every finished attempt of the quiz graded again. An attempt
 * keeps the version it was given unless `current` asks for each question's current version (a corrected
 * question); people's grades stay. Audited.
 */
export async function regradeQuiz(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
  current: boolean,
): Promise<{ regraded: number }> {
  const lesson = await requireQuizEditor(ctx, courseId, lessonId);
  const { organizationId } = lesson;
  const quizId = await requireQuizId(lesson);
  const attempts = await db().quizAttempt.findMany({
    where: { organizationId, quizId, state: { in: ["graded", "needs_grading"] } },
    select: attemptSelect,
  });
  const now = new Date();
  for (const attempt of attempts) {
    await db().$transaction((tx) =>
      withAttemptLocked(tx, attempt, async (row) => {
        if (current) await moveToCurrentVersions(tx, organizationId, row.id);
        await finishAttempt(tx, row, now);
      }),
    );
  }
  await audit({
    organizationId,
    ...auditActor(ctx),
    action: "quiz.regrade",
    entityType: "lesson",
    entityId: lessonId,
    data: { courseId, attempts: attempts.length, currentVersions: current },
  });
  return { regraded: attempts.length };
}

/** The attempt's questions moved to their questions' current versions (the order of parts is kept by id). */
async function moveToCurrentVersions(tx: Prisma.TransactionClient, organizationId: string, attemptId: string) {
  const rows = await tx.quizAttemptQuestion.findMany({
    where: { organizationId, attemptId },
    select: {
      id: true,
      questionVersion: { select: { questionId: true, version: true, question: { select: { currentVersion: true } } } },
    },
  });
  for (const row of rows) {
    const { questionId, version, question } = row.questionVersion;
    if (version === question.currentVersion) continue;
    const latest = await tx.questionVersion.findUniqueOrThrow({
      where: { organizationId_questionId_version: { organizationId, questionId, version: question.currentVersion } },
      select: { id: true },
    });
    await tx.quizAttemptQuestion.updateMany({
      where: { organizationId, id: row.id },
      data: { questionVersionId: latest.id },
    });
  }
}
