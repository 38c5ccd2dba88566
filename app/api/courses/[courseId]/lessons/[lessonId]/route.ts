import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { updateLessonSchema } from "@/lib/schemas/outline";
import { deleteLesson, getLesson, updateLesson } from "@/lib/server/outline/lessons";

type Params = { courseId: string; lessonId: string };

export const GET = handle<Params>("Failed to fetch the lesson", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { courseId, lessonId } = await params;
  return getLesson(caller.ctx, courseId, lessonId);
});

export const PATCH = handle<Params>("Failed to update the lesson", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { courseId, lessonId } = await params;
  return updateLesson(caller.ctx, courseId, lessonId, await readJson(req, updateLessonSchema));
});

export const DELETE = handle<Params>("Failed to delete the lesson", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { courseId, lessonId } = await params;
  await deleteLesson(caller.ctx, courseId, lessonId);
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = notAllowedExcept("GET", "PATCH", "DELETE");
