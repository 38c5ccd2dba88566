import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { reportDetailQuerySchema } from "@/lib/schemas/reports";
import { courseLessonsReport } from "@/lib/server/reports/lessons";

/** One course, per lesson (every lesson, in outline order). */
export const GET = handle<{ courseId: string }>("Failed to load the report", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { courseId } = await params;
  return courseLessonsReport(caller.ctx, courseId, parseInput(reportDetailQuerySchema, queryObject(req.url)));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
