import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { getAttempt } from "@/lib/server/quizzes/attempts";

/** The caller's own attempt: its clock, its questions and their saved answers. */
export const GET = handle<{ attemptId: string }>("Failed to load the quiz attempt", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { attemptId } = await params;
  return getAttempt(caller.ctx, attemptId);
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
