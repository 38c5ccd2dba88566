import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { groupReportExportSchema } from "@/lib/schemas/reports";
import { exportGroupReport } from "@/lib/server/reports/groups";
import { csvDownload, datedFileName } from "@/lib/server/csv/csv-response";

/** Per group as a CSV download: the same filters and order, no paging. */
export const GET = handle("Failed to export the report", async (req) => {
  const caller = await requireCaller(req);
  const body = await exportGroupReport(caller.ctx, parseInput(groupReportExportSchema, queryObject(req.url)));
  return csvDownload(req, body, datedFileName("report-groups"));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
