import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { ScormAttemptState, ScormVersion } from "@/lib/scorm/types";
import { attemptState } from "@/lib/server/scorm/launch";

// One attempt, one live player. Each runtime that starts an attempt in normal mode takes it over by
// moving the attempt's playerGeneration from the generation it was launched with to the next one; its
// commits carry that generation, and a commit of an older generation is refused (commit.ts). So when the
// same attempt is opened in another tab or on another device, the older player's next commit is a 409,
// it stops and says so, and a stale window never overwrites newer progress.

/** The message of the 409 an older player's commits get (the runtime shows its own text for it). */
export const SUPERSEDED_MESSAGE = "This lesson was opened in another window";

export function supersededError(): AppError {
  return new AppError("CONFLICT", SUPERSEDED_MESSAGE);
}

export interface PlayerClaim {
  generation: number;
  /** The attempt as the server holds it now, after the claim's own commits: the new player starts from it. */
  attempt: ScormAttemptState;
}

/** Moves the attempt to the next player generation, or refuses when another player took it first. */
export async function claimPlayer(
  organizationId: string,
  attemptId: string,
  version: ScormVersion,
  from: number,
): Promise<PlayerClaim> {
  const { count } = await db().scormAttempt.updateMany({
    where: { organizationId, id: attemptId, playerGeneration: from },
    data: { playerGeneration: { increment: 1 } },
  });
  if (count !== 1) throw supersededError();
  const { attemptNumber } = await db().scormAttempt.findFirstOrThrow({
    where: { organizationId, id: attemptId },
    select: { attemptNumber: true },
  });
  const attempt = await attemptState(organizationId, { id: attemptId, attemptNumber, mode: "normal" }, version);
  return { generation: attempt.playerGeneration, attempt };
}
