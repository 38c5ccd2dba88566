import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { courseReportQuerySchema } from "@/lib/schemas/reports";
import { listCourseReport } from "@/lib/server/reports/courses";

/** Per course, paged, sorted and filtered (see the OpenAPI document). */
export const GET = handle("Failed to load the report", async (req) => {
  const caller = await requireCaller(req);
  return listCourseReport(caller.ctx, parseInput(courseReportQuerySchema, queryObject(req.url)));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
