import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { createLessonSchema } from "@/lib/schemas/outline";
import { createLesson } from "@/lib/server/outline/lessons";

export const POST = handle<{ courseId: string; moduleId: string }>(
  "Failed to add the lesson",
  async (req, { params }) => {
    const caller = await requireCaller(req);
    const { courseId, moduleId } = await params;
    const lesson = await createLesson(caller.ctx, courseId, moduleId, await readJson(req, createLessonSchema));
    return Response.json(lesson, { status: 201 });
  },
);

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
