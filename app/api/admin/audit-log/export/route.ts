import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { auditLogExportQuerySchema } from "@/lib/schemas/audit";
import { queryObject } from "@/lib/schemas/pagination";
import { exportAuditLog } from "@/lib/server/audit-log/export";
import { csvDownload, datedFileName } from "@/lib/server/csv/csv-response";

/** The filtered audit log as a CSV download (the same filters as GET /api/admin/audit-log; no paging). */
export const GET = handle("Failed to export the audit log", async (req) => {
  const caller = await requireCaller(req);
  const body = await exportAuditLog(caller.ctx, parseInput(auditLogExportQuerySchema, queryObject(req.url)));
  return csvDownload(req, body, datedFileName("audit-log"));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
