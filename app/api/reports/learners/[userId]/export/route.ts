import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { reportDetailQuerySchema } from "@/lib/schemas/reports";
import { exportLearnerDetailReport } from "@/lib/server/reports/learner-detail";
import { csvDownload, datedFileName } from "@/lib/server/csv/csv-response";

/** One learner's courses as a CSV download. */
export const GET = handle<{ userId: string }>("Failed to export the report", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { userId } = await params;
  const body = await exportLearnerDetailReport(
    caller.ctx,
    userId,
    parseInput(reportDetailQuerySchema, queryObject(req.url)),
  );
  return csvDownload(req, body, datedFileName("report-learner"));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
