import { handle, notAllowedExcept, readOptionalJson, requireCaller } from "@/lib/http";
import { regradeQuizSchema } from "@/lib/schemas/quizzes";
import { regradeQuiz } from "@/lib/server/quizzes/grading";

export const POST = handle<{ courseId: string; lessonId: string }>(
  "Failed to regrade the quiz",
  async (req, { params }) => {
    const caller = await requireCaller(req);
    const { courseId, lessonId } = await params;
    const input = await readOptionalJson(req, regradeQuizSchema);
    return regradeQuiz(caller.ctx, courseId, lessonId, input.current_versions);
  },
);

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
