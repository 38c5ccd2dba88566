import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isId } from "@/lib/schemas/id";
import type { QuizSettingsInput, QuizSlotInput } from "@/lib/schemas/quizzes";
import { audit, auditActor } from "@/lib/server/audit";
import { managedBanksWhere } from "@/lib/server/questions/access";
import { quizSettingsSelect, requireQuizEditor, type QuizSettingsRow } from "@/lib/server/quizzes/access";
import type { TenantContext } from "@/lib/tenancy/context";

// A quiz's settings and slots, for its course's editors. A PUT states the whole quiz: the settings and the
// slots in order, written in one transaction. Attempts already started keep what they drew (their own
// questions and versions), so changing the slots changes only the attempts that start afterwards.

export interface QuizSlotJson {
  position: number;
  kind: "fixed" | "random";
  question_id: string | null;
  /** A pinned version; null: the current version when an attempt starts. */
  version: number | null;
  bank_id: string | null;
  include_sub_banks: boolean;
  tags: string[];
  count: number;
  mark: number;
}

export interface QuizReviewJson {
  marks: QuizSettingsRow["reviewMarks"];
  correct_answers: QuizSettingsRow["reviewCorrectAnswers"];
  feedback: QuizSettingsRow["reviewFeedback"];
}

export interface QuizSettingsJson {
  id: string;
  course_id: string;
  lesson_id: string;
  time_limit_seconds: number | null;
  max_attempts: number | null;
  grading_method: QuizSettingsRow["gradingMethod"];
  pass_mark_percent: number | null;
  shuffle_answers: boolean;
  questions_per_page: number;
  review: QuizReviewJson;
  opens_at: string | null;
  closes_at: string | null;
  updated_at: string;
}

export interface QuizJson extends QuizSettingsJson {
  slots: QuizSlotJson[];
  /** The marks an attempt is worth: each slot's mark times the questions it holds. */
  max_score: number;
}

export function quizSettingsJson(q: QuizSettingsRow): QuizSettingsJson {
  return {
    id: q.id,
    course_id: q.courseId,
    lesson_id: q.lessonId,
    time_limit_seconds: q.timeLimitSeconds,
    max_attempts: q.maxAttempts,
    grading_method: q.gradingMethod,
    pass_mark_percent: q.passMarkPercent,
    shuffle_answers: q.shuffleAnswers,
    questions_per_page: q.questionsPerPage,
    review: { marks: q.reviewMarks, correct_answers: q.reviewCorrectAnswers, feedback: q.reviewFeedback },
    opens_at: q.opensAt?.toISOString() ?? null,
    closes_at: q.closesAt?.toISOString() ?? null,
    updated_at: q.updatedAt.toISOString(),
  };
}

const slotSelect = {
  position: true,
  kind: true,
  questionId: true,
  questionVersion: true,
  bankId: true,
  includeSubBanks: true,
  tags: true,
  drawCount: true,
  mark: true,
} satisfies Prisma.QuizSlotSelect;

export async function quizJson(organizationId: string, quiz: QuizSettingsRow): Promise<QuizJson> {
  const slots = await db().quizSlot.findMany({
    where: { organizationId, quizId: quiz.id },
    select: slotSelect,
    orderBy: { position: "asc" },
  });
  return {
    ...quizSettingsJson(quiz),
    slots: slots.map((s) => ({
      position: s.position,
      kind: s.kind,
      question_id: s.questionId,
      version: s.questionVersion,
      bank_id: s.bankId,
      include_sub_banks: s.includeSubBanks,
      tags: s.tags,
      count: s.drawCount,
      mark: s.mark,
    })),
    max_score: slots.reduce((sum, s) => sum + s.mark * s.drawCount, 0),
  };
}

export async function getQuiz(ctx: TenantContext, courseId: string, lessonId: string): Promise<QuizJson> {
  const lesson = await requireQuizEditor(ctx, courseId, lessonId);
  const quiz = await db().quiz.findFirst({
    where: { organizationId: lesson.organizationId, courseId, lessonId },
    select: quizSettingsSelect,
  });
  if (!quiz) throw new AppError("NOT_FOUND", "This quiz has not been set up yet: PUT its settings and questions");
  return quizJson(lesson.organizationId, quiz);
}

export async function putQuiz(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
  input: QuizSettingsInput,
): Promise<QuizJson> {
  const lesson = await requireQuizEditor(ctx, courseId, lessonId);
  const { organizationId } = lesson;
  await checkSlots(ctx, input.slots);
  const settings = {
    timeLimitSeconds: input.time_limit_seconds ?? null,
    maxAttempts: input.max_attempts ?? null,
    gradingMethod: input.grading_method,
    passMarkPercent: input.pass_mark_percent ?? null,
    shuffleAnswers: input.shuffle_answers,
    questionsPerPage: input.questions_per_page,
    reviewMarks: input.review.marks,
    reviewCorrectAnswers: input.review.correct_answers,
    reviewFeedback: input.review.feedback,
    opensAt: input.opens_at ?? null,
    closesAt: input.closes_at ?? null,
  };
  const quiz = await db().$transaction(async (tx) => {
    const row = await tx.quiz.upsert({
      where: { organizationId_courseId_lessonId: { organizationId, courseId, lessonId } },
      create: { organizationId, courseId, lessonId, ...settings },
      update: settings,
      select: quizSettingsSelect,
    });
    await tx.quizSlot.deleteMany({ where: { organizationId, quizId: row.id } });
    await tx.quizSlot.createMany({
      data: input.slots.map((slot, i) => ({ organizationId, quizId: row.id, position: i + 1, ...slotColumns(slot) })),
    });
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "quiz.update",
        entityType: "lesson",
        entityId: lessonId,
        data: { courseId, slots: input.slots.length },
      },
      tx,
    );
    return row;
  });
  return quizJson(organizationId, quiz);
}

function slotColumns(slot: QuizSlotInput) {
  if (slot.kind === "fixed")
    return {
      kind: "fixed" as const,
      questionId: slot.question_id,
      questionVersion: slot.version ?? null,
      mark: slot.mark,
    };
  return {
    kind: "random" as const,
    bankId: slot.bank_id,
    includeSubBanks: slot.include_sub_banks,
    tags: slot.tags,
    drawCount: slot.count,
    mark: slot.mark,
  };
}

/** The ids a slot names under `key`, whatever its kind (a fixed slot may carry a stray bank_id). */
const named = (slots: QuizSlotInput[], key: "bank_id" | "question_id"): string[] => [
  ...new Set(slots.flatMap((s) => (typeof s[key] === "string" ? [s[key] as string] : []))),
];

/**
 * Every question and bank a slot names is one the caller manages (another organization's, or for an
 * instructor a bank they did not create, is a 404 as in the question bank API), a pinned version exists,
 * and no slot names what its kind does not use.
 */
async function checkSlots(ctx: TenantContext, slots: QuizSlotInput[]): Promise<void> {
  const banks = managedBanksWhere(ctx);
  const bankIds = named(slots, "bank_id");
  const questionIds = named(slots, "question_id");
  const malformed = [...bankIds, ...questionIds].find((id) => !isId(id));
  if (malformed) throw new AppError("NOT_FOUND", `Not found: ${malformed}`);
  const [foundBanks, foundQuestions] = await Promise.all([
    db().questionBank.findMany({ where: { AND: [banks, { id: { in: bankIds } }] }, select: { id: true } }),
    db().question.findMany({
      where: { id: { in: questionIds }, bank: banks },
      select: { id: true, currentVersion: true },
    }),
  ]);
  const missingBank = bankIds.find((id) => !foundBanks.some((b) => b.id === id));
  const missingQuestion = questionIds.find((id) => !foundQuestions.some((q) => q.id === id));
  if (missingQuestion) throw new AppError("NOT_FOUND", `Question not found: ${missingQuestion}`);
  if (missingBank) throw new AppError("NOT_FOUND", `Question bank not found: ${missingBank}`);
  const current = new Map(foundQuestions.map((q) => [q.id, q.currentVersion]));
  slots.forEach((slot, i) => {
    const stray = slot.kind === "fixed" ? "bank_id" : "question_id";
    if (slot[stray] !== undefined) throw new AppError("BAD_REQUEST", `slots.${i}: a ${slot.kind} slot has no ${stray}`);
    if (slot.kind !== "fixed") return;
    const latest = current.get(slot.question_id)!;
    if (slot.version && slot.version > latest)
      throw new AppError(
        "BAD_REQUEST",
        `Question ${slot.question_id} has no version ${slot.version} (it has ${latest})`,
      );
  });
}
