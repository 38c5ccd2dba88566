import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { listGradingQueue } from "@/lib/server/quizzes/grading";

/** The course's quiz attempts with answers waiting for a person (the course's editors). */
export const GET = handle<{ courseId: string }>("Failed to load the grading queue", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { courseId } = await params;
  return listGradingQueue(caller.ctx, courseId);
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
