import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AttemptRow } from "@/lib/server/quizzes/access";
import { refuseWrite } from "@/lib/server/quizzes/attempts";
import { finishAttempt, isOverdue, TIME_UP, withAttemptLocked } from "@/lib/server/quizzes/finish";

/**
 * A learner's write to their attempt in progress (an answer, a check): `write` runs on the attempt locked,
 * while `session` holds it and it is in time. Past the deadline the attempt is submitted instead, that
 * submission is committed, and the write is a 409 saying so.
 */
export async function writeWhileInTime<T>(
  attempt: AttemptRow,
  session: number,
  write: (tx: Prisma.TransactionClient, current: AttemptRow) => Promise<T>,
): Promise<T> {
  const now = new Date();
  const outcome = await db().$transaction((tx) =>
    withAttemptLocked(tx, attempt, async (current) => {
      if (isOverdue(current, now)) {
        await finishAttempt(tx, current, now);
        return { timeUp: true as const };
      }
      refuseWrite(current, session);
      return { timeUp: false as const, value: await write(tx, current) };
    }),
  );
  if (outcome.timeUp) throw new AppError("CONFLICT", TIME_UP);
  return outcome.value;
}
