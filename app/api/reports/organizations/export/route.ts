import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { organizationReportExportSchema } from "@/lib/schemas/reports";
import { exportOrganizationReport } from "@/lib/server/reports/organizations";
import { csvDownload, datedFileName } from "@/lib/server/csv/csv-response";

/** Per organization (the superadmin) as a CSV download: the same filters and order, no paging. */
export const GET = handle("Failed to export the report", async (req) => {
  const caller = await requireCaller(req);
  const body = await exportOrganizationReport(
    caller.ctx,
    parseInput(organizationReportExportSchema, queryObject(req.url)),
  );
  return csvDownload(req, body, datedFileName("report-organizations"));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
