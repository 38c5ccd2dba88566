import "server-only";
import { db } from "@/lib/db";
import { AppError, validationError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { questionResponseSchemas, type QuestionType } from "@/lib/schemas/questions";
import type { SaveQuizAnswerInput } from "@/lib/schemas/quizzes";
import { requireOwnAttempt } from "@/lib/server/quizzes/access";
import { refuseWrite } from "@/lib/server/quizzes/attempts";
import { finishAttempt, isOverdue, withAttemptLocked } from "@/lib/server/quizzes/finish";
import type { TenantContext } from "@/lib/tenancy/context";

// Saving one answer as it is given, as the SCORM commit path saves: every save is acknowledged with the
// sequence the server keeps, so a client retries until it is, and may send a queued save late or twice.
// A save whose sequence is not above the stored one changes nothing (a retry applies once; an old save
// arriving after a newer one never overwrites it). Past the deadline nothing is saved: the attempt is
// submitted with what it had, and the save is a 409 that says so.

export interface SavedAnswerAck {
  position: number;
  /** The sequence the server now keeps for this answer (the save's own when it applied). */
  sequence: number;
  /** False when a save of the same or a later sequence was already there: nothing changed. */
  applied: boolean;
  saved_at: string;
}

const TIME_UP = "The time limit has passed: the attempt was submitted with the answers saved before it";

export async function saveAnswer(
  ctx: TenantContext,
  attemptId: string,
  position: number,
  input: SaveQuizAnswerInput,
): Promise<SavedAnswerAck> {
  const attempt = await requireOwnAttempt(ctx, attemptId);
  const now = new Date();
  const outcome = await db().$transaction((tx) =>
    withAttemptLocked(tx, attempt, async (current) => {
      if (isOverdue(current, now)) {
        await finishAttempt(tx, current, now);
        return "time_up" as const;
      }
      refuseWrite(current, input.session);
      return writeAnswer(tx, current.organizationId, current.id, position, input, now);
    }),
  );
  // Thrown after the transaction, so the submission it made stays.
  if (outcome === "time_up") throw new AppError("CONFLICT", TIME_UP);
  return outcome;
}

async function writeAnswer(
  tx: Prisma.TransactionClient,
  organizationId: string,
  attemptId: string,
  position: number,
  input: SaveQuizAnswerInput,
  now: Date,
): Promise<SavedAnswerAck> {
  const question = await tx.quizAttemptQuestion.findFirst({
    where: { organizationId, attemptId, position },
    select: {
      id: true,
      questionVersion: { select: { type: true } },
      answer: { select: { sequence: true, savedAt: true } },
    },
  });
  if (!question) throw new AppError("NOT_FOUND", `This attempt has no question ${position}`);
  const parsed = questionResponseSchemas[question.questionVersion.type as QuestionType].safeParse(input.response);
  if (!parsed.success) throw validationError(parsed.error);
  const stored = question.answer;
  if (stored && stored.sequence >= input.sequence)
    return { position, sequence: stored.sequence, applied: false, saved_at: stored.savedAt.toISOString() };
  const data = { response: parsed.data as Prisma.InputJsonObject, sequence: input.sequence, savedAt: now };
  await tx.quizAnswer.upsert({
    where: { organizationId_attemptQuestionId: { organizationId, attemptQuestionId: question.id } },
    create: { organizationId, attemptQuestionId: question.id, ...data },
    update: data,
  });
  return { position, sequence: input.sequence, applied: true, saved_at: now.toISOString() };
}
