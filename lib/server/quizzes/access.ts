import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isId } from "@/lib/schemas/id";
import { attemptPositionSchema } from "@/lib/schemas/quizzes";
import { requireContentViewer, requireCourseEditor } from "@/lib/server/courses/access";
import { findLesson } from "@/lib/server/outline/lessons";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

// Who reaches a quiz and an attempt (docs/assessments.md "Quizzes"): a quiz's settings are its course's
// editors'; an attempt is its learner's alone (anyone else's, an administrator's included, is a 404), and
// its grading is for the course's editors. Another organization's quiz, lesson or attempt is a 404.

export const ATTEMPT_NOT_FOUND = "Quiz attempt not found";

export const quizSettingsSelect = {
  id: true,
  organizationId: true,
  courseId: true,
  lessonId: true,
  timeLimitSeconds: true,
  maxAttempts: true,
  gradingMethod: true,
  passMarkPercent: true,
  shuffleAnswers: true,
  questionsPerPage: true,
  reviewMarks: true,
  reviewCorrectAnswers: true,
  reviewFeedback: true,
  opensAt: true,
  closesAt: true,
  updatedAt: true,
} satisfies Prisma.QuizSelect;
export type QuizSettingsRow = Prisma.QuizGetPayload<{ select: typeof quizSettingsSelect }>;

export interface QuizLesson {
  organizationId: string;
  courseId: string;
  lessonId: string;
}

async function quizLesson(organizationId: string, courseId: string, lessonId: string): Promise<QuizLesson> {
  const lesson = await findLesson(db(), organizationId, courseId, lessonId);
  if (lesson.kind !== "quiz") throw new AppError("BAD_REQUEST", "This lesson is not a quiz");
  return { organizationId, courseId, lessonId };
}

/** A quiz lesson of a course the caller edits. */
export async function requireQuizEditor(ctx: TenantContext, courseId: string, lessonId: string): Promise<QuizLesson> {
  const { organizationId } = await requireCourseEditor(ctx, courseId);
  return quizLesson(organizationId, courseId, lessonId);
}

/** The id of a quiz lesson's quiz, or a 404 when its editors have not set it up yet. */
export async function requireQuizId({ organizationId, courseId, lessonId }: QuizLesson): Promise<string> {
  const quiz = await db().quiz.findFirst({ where: { organizationId, courseId, lessonId }, select: { id: true } });
  if (!quiz) throw new AppError("NOT_FOUND", "This quiz has not been set up yet");
  return quiz.id;
}

export interface QuizTaker extends QuizLesson {
  /** The caller's enrollment (not withdrawn); null for an editor who is not enrolled. */
  enrollmentId: string | null;
  quiz: QuizSettingsRow | null;
}

/** A quiz lesson the caller may open (an enrolled learner, or an editor), with its settings if it has any. */
export async function requireQuizViewer(ctx: TenantContext, courseId: string, lessonId: string): Promise<QuizTaker> {
  requirePermission(ctx, "courses:enroll:self");
  const access = await requireContentViewer(ctx, courseId);
  const lesson = await quizLesson(access.organizationId, courseId, lessonId);
  const enrolled = access.enrollment && access.enrollment.status !== "withdrawn" ? access.enrollment.id : null;
  const quiz = await db().quiz.findFirst({
    where: { organizationId: lesson.organizationId, courseId, lessonId },
    select: quizSettingsSelect,
  });
  return { ...lesson, enrollmentId: enrolled, quiz };
}

export const attemptSelect = {
  id: true,
  organizationId: true,
  quizId: true,
  userId: true,
  number: true,
  state: true,
  startedAt: true,
  deadline: true,
  submittedAt: true,
  score: true,
  maxScore: true,
  sessionGeneration: true,
  quiz: { select: quizSettingsSelect },
} satisfies Prisma.QuizAttemptSelect;
export type AttemptRow = Prisma.QuizAttemptGetPayload<{ select: typeof attemptSelect }>;

/** The caller's own attempt, or a 404 (anyone else's attempt does not exist for them). */
export async function requireOwnAttempt(
  ctx: TenantContext,
  attemptId: string,
  client: Prisma.TransactionClient = db(),
): Promise<AttemptRow> {
  requirePermission(ctx, "courses:enroll:self");
  const organizationId = tenantId(ctx);
  if (!isId(attemptId)) throw new AppError("NOT_FOUND", ATTEMPT_NOT_FOUND);
  const attempt = await client.quizAttempt.findFirst({
    where: { organizationId, id: attemptId, userId: ctx.userId },
    select: attemptSelect,
  });
  if (!attempt) throw new AppError("NOT_FOUND", ATTEMPT_NOT_FOUND);
  return attempt;
}

/** An attempt of a course the caller edits, for grading it (another course's, or organization's: 404). */
export async function requireGradableAttempt(ctx: TenantContext, attemptId: string): Promise<AttemptRow> {
  const organizationId = tenantId(ctx);
  if (!isId(attemptId)) throw new AppError("NOT_FOUND", ATTEMPT_NOT_FOUND);
  const attempt = await db().quizAttempt.findFirst({
    where: { organizationId, id: attemptId },
    select: attemptSelect,
  });
  if (!attempt) throw new AppError("NOT_FOUND", ATTEMPT_NOT_FOUND);
  await requireCourseEditor(ctx, attempt.quiz.courseId);
  return attempt;
}

/** A question's position in a path: one that cannot exist is no record, like a malformed id. */
export function attemptPosition(param: string): number {
  const parsed = attemptPositionSchema.safeParse(param);
  if (!parsed.success) throw new AppError("NOT_FOUND", `This attempt has no question ${param}`);
  return parsed.data;
}
