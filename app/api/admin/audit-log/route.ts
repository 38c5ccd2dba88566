import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { auditLogQuerySchema } from "@/lib/schemas/audit";
import { queryObject } from "@/lib/schemas/pagination";
import { listAuditLog } from "@/lib/server/audit-log/queries";

export const GET = handle("Failed to read the audit log", async (req) => {
  const caller = await requireCaller(req);
  return listAuditLog(caller.ctx, parseInput(auditLogQuerySchema, queryObject(req.url)));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
