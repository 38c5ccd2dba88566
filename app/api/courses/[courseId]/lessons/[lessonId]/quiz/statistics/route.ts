import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { quizStatistics } from "@/lib/server/quizzes/statistics";

export const GET = handle<{ courseId: string; lessonId: string }>(
  "Failed to load the quiz's statistics",
  async (req, { params }) => {
    const caller = await requireCaller(req);
    const { courseId, lessonId } = await params;
    return quizStatistics(caller.ctx, courseId, lessonId);
  },
);

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
