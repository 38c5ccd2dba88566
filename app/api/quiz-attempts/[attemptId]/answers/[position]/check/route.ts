import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { checkQuizAnswerSchema } from "@/lib/schemas/quizzes";
import { attemptPosition } from "@/lib/server/quizzes/access";
import { checkAnswer } from "@/lib/server/quizzes/review";

/** The learner checks an answer while taking a quiz that shows its review immediately; the answer then stays. */
export const POST = handle<{ attemptId: string; position: string }>(
  "Failed to check the answer",
  async (req, { params }) => {
    const caller = await requireCaller(req);
    const { attemptId, position } = await params;
    const { session } = await readJson(req, checkQuizAnswerSchema);
    return checkAnswer(caller.ctx, attemptId, attemptPosition(position), session);
  },
);

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
