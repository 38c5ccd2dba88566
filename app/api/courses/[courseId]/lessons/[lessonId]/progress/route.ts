import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { lessonProgressSchema } from "@/lib/schemas/enrollments";
import { recordLessonProgress } from "@/lib/server/progress/mutations";

export const PUT = handle<{ courseId: string; lessonId: string }>(
  "Failed to save the lesson progress",
  async (req, { params }) => {
    const caller = await requireCaller(req);
    const { courseId, lessonId } = await params;
    return recordLessonProgress(caller.ctx, courseId, lessonId, await readJson(req, lessonProgressSchema));
  },
);

export const { GET, POST, PATCH, DELETE } = notAllowedExcept("PUT");
