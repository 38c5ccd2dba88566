import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { groupReportExportSchema } from "@/lib/schemas/reports";
import { csvHeaders } from "@/lib/server/reports/csv-export";
import { exportGroupReport } from "@/lib/server/reports/groups";

/** Per group as a CSV download: the same filters and order, no paging. */
export const GET = handle("Failed to export the report", async (req) => {
  const caller = await requireCaller(req);
  const body = await exportGroupReport(caller.ctx, parseInput(groupReportExportSchema, queryObject(req.url)));
  return new Response(body, { headers: csvHeaders("report-groups") });
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
