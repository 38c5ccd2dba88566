import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { submitQuizAttemptSchema } from "@/lib/schemas/quizzes";
import { submitAttempt } from "@/lib/server/quizzes/attempts";

export const POST = handle<{ attemptId: string }>("Failed to submit the quiz attempt", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { attemptId } = await params;
  const { session } = await readJson(req, submitQuizAttemptSchema);
  return submitAttempt(caller.ctx, attemptId, session);
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
