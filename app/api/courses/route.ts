import { handle, notAllowedExcept, parseInput, readJson, requestContext, requireCaller } from "@/lib/http";
import { createCourseSchema, listCoursesQuerySchema } from "@/lib/schemas/courses";
import { queryObject } from "@/lib/schemas/pagination";
import { createCourse } from "@/lib/server/courses/mutations";
import { listCourses } from "@/lib/server/courses/queries";

/** Public: anonymous visitors get the host organization's published catalog. */
export const GET = handle("Failed to list courses", async (req) => {
  const ctx = await requestContext(req);
  return listCourses(ctx, parseInput(listCoursesQuerySchema, queryObject(req.url)));
});

export const POST = handle("Failed to create the course", async (req) => {
  const caller = await requireCaller(req);
  const course = await createCourse(caller.ctx, await readJson(req, createCourseSchema));
  return Response.json(course, { status: 201 });
});

export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");
