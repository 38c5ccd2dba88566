import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { courseReportExportSchema } from "@/lib/schemas/reports";
import { exportCourseReport } from "@/lib/server/reports/courses";
import { csvDownload, datedFileName } from "@/lib/server/csv/csv-response";

/** Per course as a CSV download: the same filters and order, no paging. */
export const GET = handle("Failed to export the report", async (req) => {
  const caller = await requireCaller(req);
  const body = await exportCourseReport(caller.ctx, parseInput(courseReportExportSchema, queryObject(req.url)));
  return csvDownload(req, body, datedFileName("report-courses"));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
