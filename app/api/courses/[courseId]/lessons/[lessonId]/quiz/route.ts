import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { quizSettingsSchema } from "@/lib/schemas/quizzes";
import { getQuiz, putQuiz } from "@/lib/server/quizzes/settings";

type Params = { courseId: string; lessonId: string };

/** The quiz's settings and slots (the course's editors). */
export const GET = handle<Params>("Failed to load the quiz", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { courseId, lessonId } = await params;
  return getQuiz(caller.ctx, courseId, lessonId);
});

export const PUT = handle<Params>("Failed to save the quiz", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { courseId, lessonId } = await params;
  return putQuiz(caller.ctx, courseId, lessonId, await readJson(req, quizSettingsSchema));
});

export const { POST, PATCH, DELETE } = notAllowedExcept("GET", "PUT");
