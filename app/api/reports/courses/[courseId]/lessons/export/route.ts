import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { reportDetailQuerySchema } from "@/lib/schemas/reports";
import { exportCourseLessonsReport } from "@/lib/server/reports/lessons";
import { csvDownload, datedFileName } from "@/lib/server/csv/csv-response";

/** One course, per lesson, as a CSV download. */
export const GET = handle<{ courseId: string }>("Failed to export the report", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { courseId } = await params;
  const body = await exportCourseLessonsReport(
    caller.ctx,
    courseId,
    parseInput(reportDetailQuerySchema, queryObject(req.url)),
  );
  return csvDownload(req, body, datedFileName("report-lessons"));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
