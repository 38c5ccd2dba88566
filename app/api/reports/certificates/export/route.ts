import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { certificateReportExportSchema } from "@/lib/schemas/reports";
import { exportCertificateReport } from "@/lib/server/reports/certificates";
import { csvDownload, datedFileName } from "@/lib/server/csv/csv-response";

/** The certificates as a CSV download: the same filters and order, no paging. */
export const GET = handle("Failed to export the report", async (req) => {
  const caller = await requireCaller(req);
  const body = await exportCertificateReport(
    caller.ctx,
    parseInput(certificateReportExportSchema, queryObject(req.url)),
  );
  return csvDownload(req, body, datedFileName("report-certificates"));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
