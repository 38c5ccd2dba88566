import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { csvDownload, datedFileName } from "@/lib/server/csv/csv-response";
import { exportQuizStatistics } from "@/lib/server/quizzes/statistics-export";

/** The quiz's item analysis as a CSV download (the course's editors). */
export const GET = handle<{ courseId: string; lessonId: string }>(
  "Failed to export the quiz's statistics",
  async (req, { params }) => {
    const caller = await requireCaller(req);
    const { courseId, lessonId } = await params;
    const body = await exportQuizStatistics(caller.ctx, courseId, lessonId);
    return csvDownload(req, body, datedFileName("quiz-statistics"));
  },
);

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
