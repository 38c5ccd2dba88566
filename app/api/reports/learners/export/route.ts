import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { learnerReportExportSchema } from "@/lib/schemas/reports";
import { exportLearnerReport } from "@/lib/server/reports/learners";
import { csvDownload, datedFileName } from "@/lib/server/csv/csv-response";

/** Per learner as a CSV download: the same filters and order, no paging. */
export const GET = handle("Failed to export the report", async (req) => {
  const caller = await requireCaller(req);
  const body = await exportLearnerReport(caller.ctx, parseInput(learnerReportExportSchema, queryObject(req.url)));
  return csvDownload(req, body, datedFileName("report-learners"));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
