import { handle, notAllowedExcept, readJson, requireCaller } from "@/lib/http";
import { updateCourseSchema } from "@/lib/schemas/courses";
import { deleteCourse, updateCourse } from "@/lib/server/courses/mutations";
import { getCourse } from "@/lib/server/courses/queries";

type Params = { courseId: string };

export const GET = handle<Params>("Failed to fetch the course", async (req, { params }) => {
  const caller = await requireCaller(req);
  return getCourse(caller.ctx, (await params).courseId);
});

export const PATCH = handle<Params>("Failed to update the course", async (req, { params }) => {
  const caller = await requireCaller(req);
  return updateCourse(caller.ctx, (await params).courseId, await readJson(req, updateCourseSchema));
});

export const DELETE = handle<Params>("Failed to delete the course", async (req, { params }) => {
  const caller = await requireCaller(req);
  await deleteCourse(caller.ctx, (await params).courseId);
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = notAllowedExcept("GET", "PATCH", "DELETE");
