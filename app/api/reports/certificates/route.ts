import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { certificateReportQuerySchema } from "@/lib/schemas/reports";
import { listCertificateReport } from "@/lib/server/reports/certificates";

/** The certificates issued in the caller's scope, paged, with their counts by state (see the OpenAPI document). */
export const GET = handle("Failed to load the report", async (req) => {
  const caller = await requireCaller(req);
  return listCertificateReport(caller.ctx, parseInput(certificateReportQuerySchema, queryObject(req.url)));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
