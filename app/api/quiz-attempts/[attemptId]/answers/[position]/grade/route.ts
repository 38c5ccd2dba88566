import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { gradeQuizAnswerSchema } from "@/lib/schemas/quizzes";
import { attemptPosition } from "@/lib/server/quizzes/access";
import { gradeAnswer } from "@/lib/server/quizzes/grading";

/** A person's grade for one answer of a submitted attempt (the course's editors), audited. */
export const PUT = handle<{ attemptId: string; position: string }>(
  "Failed to grade the answer",
  async (req, { params }) => {
    const caller = await requireCaller(req);
    const { attemptId, position } = await params;
    const input = await readJson(req, gradeQuizAnswerSchema);
    return gradeAnswer(caller.ctx, attemptId, attemptPosition(position), input);
  },
);

export const { GET, POST, PATCH, DELETE } = notAllowedExcept("PUT");
