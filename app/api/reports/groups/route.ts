import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { groupReportQuerySchema } from "@/lib/schemas/reports";
import { listGroupReport } from "@/lib/server/reports/groups";

/** Per group, paged, sorted and filtered (see the OpenAPI document). */
export const GET = handle("Failed to load the report", async (req) => {
  const caller = await requireCaller(req);
  return listGroupReport(caller.ctx, parseInput(groupReportQuerySchema, queryObject(req.url)));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
