import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { saveQuizAnswerSchema } from "@/lib/schemas/quizzes";
import { attemptPosition } from "@/lib/server/quizzes/access";
import { saveAnswer } from "@/lib/server/quizzes/answers";

/** Saves one answer as it is given; acknowledged with the sequence the server keeps. */
export const PUT = handle<{ attemptId: string; position: string }>(
  "Failed to save the answer",
  async (req, { params }) => {
    const caller = await requireCaller(req);
    const { attemptId, position } = await params;
    const input = await readJson(req, saveQuizAnswerSchema);
    return saveAnswer(caller.ctx, attemptId, attemptPosition(position), input);
  },
);

export const { GET, POST, PATCH, DELETE } = notAllowedExcept("PUT");
