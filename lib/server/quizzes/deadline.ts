import "server-only";
import { db } from "@/lib/db";
import { attemptSelect } from "@/lib/server/quizzes/access";
import { submitIfOverdue } from "@/lib/server/quizzes/attempts";

// Attempts nobody comes back to (the tab closed, the device gone) are submitted once their deadline has
// passed, with the answers saved until then, so the lesson's progress and the grading queue do not wait
// for the learner's next visit. A read or save of the attempt does the same sooner (attempts.ts).

/** Attempts handled per run; the periodic job takes the rest on its next run. */
const BATCH = 200;

export async function submitOverdueQuizAttempts(now = new Date()): Promise<{ submitted: number }> {
  const overdue = await db().quizAttempt.findMany({
    where: { state: "in_progress", deadline: { lt: now } },
    select: attemptSelect,
    orderBy: { deadline: "asc" },
    take: BATCH,
  });
  let submitted = 0;
  for (const attempt of overdue) {
    const after = await submitIfOverdue(attempt, now);
    if (after.state !== "in_progress") submitted += 1;
  }
  return { submitted };
}
