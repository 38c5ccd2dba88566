import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { reportDetailQuerySchema } from "@/lib/schemas/reports";
import { csvHeaders } from "@/lib/server/reports/csv-export";
import { exportCourseLessonsReport } from "@/lib/server/reports/lessons";

/** One course, per lesson, as a CSV download. */
export const GET = handle<{ courseId: string }>("Failed to export the report", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { courseId } = await params;
  const body = await exportCourseLessonsReport(
    caller.ctx,
    courseId,
    parseInput(reportDetailQuerySchema, queryObject(req.url)),
  );
  return new Response(body, { headers: csvHeaders("report-lessons") });
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
