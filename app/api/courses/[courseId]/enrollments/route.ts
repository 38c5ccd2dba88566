import { handle, notAllowedExcept, parseInput, readOptionalJson, requireCaller } from "@/lib/http";
import { createEnrollmentsSchema, listEnrollmentsQuerySchema } from "@/lib/schemas/enrollments";
import { queryObject } from "@/lib/schemas/pagination";
import { createEnrollments } from "@/lib/server/enrollments/mutations";
import { listCourseEnrollments } from "@/lib/server/enrollments/queries";

type Params = { courseId: string };

export const GET = handle<Params>("Failed to list enrollments", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { courseId } = await params;
  return listCourseEnrollments(caller.ctx, courseId, parseInput(listEnrollmentsQuerySchema, queryObject(req.url)));
});

// An empty body is a self-enrollment, so the learner's "Enroll" button needs to send nothing.
export const POST = handle<Params>("Failed to enroll", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { courseId } = await params;
  const input = await readOptionalJson(req, createEnrollmentsSchema);
  return Response.json(await createEnrollments(caller.ctx, courseId, input), { status: 201 });
});

export const { PUT, PATCH, DELETE } = notAllowedExcept("GET", "POST");
