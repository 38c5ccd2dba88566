import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { getAttemptReview } from "@/lib/server/quizzes/review";

/** The attempt with the marks, right answers and feedback its quiz's review policy allows now. */
export const GET = handle<{ attemptId: string }>("Failed to load the quiz review", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { attemptId } = await params;
  return getAttemptReview(caller.ctx, attemptId);
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
