import "server-only";
import { queryRows } from "@/lib/db";
import { AppError, validationError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { questionResponseSchemas, type QuestionType } from "@/lib/schemas/questions";
import type { SaveQuizAnswerInput } from "@/lib/schemas/quizzes";
import { isId } from "@/lib/schemas/id";
import { ATTEMPT_NOT_FOUND, requireOwnAttempt, type AttemptRow } from "@/lib/server/quizzes/access";
import { refuseWrite } from "@/lib/server/quizzes/attempts";
import { writeWhileInTime } from "@/lib/server/quizzes/in-time";
import { uuid7 } from "@/lib/server/uuid7";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

// Saving one answer as it is given, as the SCORM commit path saves: every save is acknowledged with the
// sequence the server keeps, so a client retries until it is, and may send a queued save late or twice.
// A save whose sequence is not above the stored one changes nothing (a retry applies once; an old save
// arriving after a newer one never overwrites it). Past the deadline nothing is saved: the attempt is
// submitted with what it had, and the save is a 409 that says so.
//
// A class answers at once at a deadline, so the common save is one guarded statement outside any
// transaction, as a SCORM commit is: it writes only while the attempt is still this window's, in progress
// and in time, holding the attempt's row shared so that a submission (which locks it) waits for the save
// or the save for the submission. Whatever that statement does not write takes the locked path, which
// works out the answer: an older sequence acknowledged, a 409, or the submission at the deadline. An
// answer the learner checked (its review part shown while the attempt is taken) is kept as checked.

export interface SavedAnswerAck {
  position: number;
  /** The sequence the server now keeps for this answer (the save's own when it applied). */
  sequence: number;
  /** False when a save of the same or a later sequence was already there: nothing changed. */
  applied: boolean;
  saved_at: string;
}

export async function saveAnswer(
  ctx: TenantContext,
  attemptId: string,
  position: number,
  input: SaveQuizAnswerInput,
): Promise<SavedAnswerAck> {
  const saved = await saveInTime(ctx, attemptId, position, input);
  if (saved) return saved;
  const attempt = await requireOwnAttempt(ctx, attemptId);
  return writeWhileInTime(attempt, input.session, (tx, current) =>
    writeAnswer(tx, current.organizationId, current.id, position, input, new Date()),
  );
}

/** What a save reads of the caller's attempt and the question at the position, in one statement. */
interface SaveTarget {
  state: AttemptRow["state"];
  sessionGeneration: number;
  overdue: boolean;
  questionId: string | null;
  type: QuestionType | null;
  sequence: number | null;
  savedAt: Date | null;
  checkedAt: Date | null;
}

/**
 * The common save, in two statements outside any transaction: the attempt and the question read at once,
 * then one write that applies only while the attempt is in progress, held by this session and in time,
 * and only over an older sequence. Null when the locked path must decide (past the deadline, or the
 * attempt changed between the two statements).
 */
async function saveInTime(
  ctx: TenantContext,
  attemptId: string,
  position: number,
  input: SaveQuizAnswerInput,
): Promise<SavedAnswerAck | null> {
  requirePermission(ctx, "courses:enroll:self");
  const organizationId = tenantId(ctx);
  if (!isId(attemptId)) throw new AppError("NOT_FOUND", ATTEMPT_NOT_FOUND);
  const now = new Date();
  const [target] = await queryRows<SaveTarget>(
    Prisma.sql`SELECT a."state", a."sessionGeneration", (a."deadline" IS NOT NULL AND a."deadline" < ${now}) AS "overdue",
        aq."id" AS "questionId", v."type", an."sequence", an."savedAt", an."checkedAt"
      FROM "QuizAttempt" a
      LEFT JOIN "QuizAttemptQuestion" aq
        ON aq."organizationId" = a."organizationId" AND aq."attemptId" = a."id" AND aq."position" = ${position}
      LEFT JOIN "QuestionVersion" v ON v."organizationId" = aq."organizationId" AND v."id" = aq."questionVersionId"
      LEFT JOIN "QuizAnswer" an ON an."organizationId" = aq."organizationId" AND an."attemptQuestionId" = aq."id"
      WHERE a."organizationId" = ${organizationId}::uuid AND a."id" = ${attemptId}::uuid
        AND a."userId" = ${ctx.userId}::uuid`,
  );
  if (!target) throw new AppError("NOT_FOUND", ATTEMPT_NOT_FOUND);
  if (target.state === "in_progress" && target.overdue) return null;
  refuseWrite(target, input.session);
  if (!target.questionId || !target.type) throw new AppError("NOT_FOUND", `This attempt has no question ${position}`);
  const response = parseResponse(target.type, input.response);
  if (target.sequence !== null && target.savedAt && target.sequence >= input.sequence)
    return { position, sequence: target.sequence, applied: false, saved_at: target.savedAt.toISOString() };
  if (target.checkedAt) throw answerChecked(position);
  const written = await queryRows<{ sequence: number }>(
    Prisma.sql`WITH "holder" AS (
        SELECT a."id" FROM "QuizAttempt" a
        WHERE a."organizationId" = ${organizationId}::uuid AND a."id" = ${attemptId}::uuid
          AND a."state" = 'in_progress' AND a."sessionGeneration" = ${input.session}
          AND (a."deadline" IS NULL OR a."deadline" >= ${now})
        FOR SHARE
      )
      INSERT INTO "QuizAnswer" ("id", "organizationId", "attemptQuestionId", "response", "sequence", "savedAt")
      SELECT ${uuid7()}::uuid, ${organizationId}::uuid, ${target.questionId}::uuid, ${JSON.stringify(response)}::jsonb,
             ${input.sequence}, ${now}
      FROM "holder"
      ON CONFLICT ("organizationId", "attemptQuestionId") DO UPDATE
        SET "response" = EXCLUDED."response", "sequence" = EXCLUDED."sequence", "savedAt" = EXCLUDED."savedAt"
        WHERE "QuizAnswer"."sequence" < EXCLUDED."sequence" AND "QuizAnswer"."checkedAt" IS NULL
      RETURNING "sequence"`,
  );
  if (written.length === 0) return null;
  return { position, sequence: input.sequence, applied: true, saved_at: now.toISOString() };
}

/** The question at a position, its type and what is stored of its answer; a 404 when there is none. */
async function attemptQuestion(
  client: Prisma.TransactionClient,
  organizationId: string,
  attemptId: string,
  position: number,
) {
  const question = await client.quizAttemptQuestion.findFirst({
    where: { organizationId, attemptId, position },
    select: {
      id: true,
      questionVersion: { select: { type: true } },
      answer: { select: { sequence: true, savedAt: true, checkedAt: true } },
    },
  });
  if (!question) throw new AppError("NOT_FOUND", `This attempt has no question ${position}`);
  return question;
}

const answerChecked = (position: number) =>
  new AppError("ANSWER_CHECKED", `Question ${position} was checked: its answer can no longer change`);

/** The response in its type's shape, or a 400 naming what is wrong. */
function parseResponse(type: string, response: SaveQuizAnswerInput["response"]): Prisma.InputJsonObject {
  const parsed = questionResponseSchemas[type as QuestionType].safeParse(response);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data as Prisma.InputJsonObject;
}

async function writeAnswer(
  tx: Prisma.TransactionClient,
  organizationId: string,
  attemptId: string,
  position: number,
  input: SaveQuizAnswerInput,
  now: Date,
): Promise<SavedAnswerAck> {
  const question = await attemptQuestion(tx, organizationId, attemptId, position);
  const response = parseResponse(question.questionVersion.type, input.response);
  const stored = question.answer;
  if (stored && stored.sequence >= input.sequence)
    return { position, sequence: stored.sequence, applied: false, saved_at: stored.savedAt.toISOString() };
  if (stored?.checkedAt) throw answerChecked(position);
  const data = { response, sequence: input.sequence, savedAt: now };
  await tx.quizAnswer.upsert({
    where: { organizationId_attemptQuestionId: { organizationId, attemptQuestionId: question.id } },
    create: { organizationId, attemptQuestionId: question.id, ...data },
    update: data,
  });
  return { position, sequence: input.sequence, applied: true, saved_at: now.toISOString() };
}
