import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { organizationReportQuerySchema } from "@/lib/schemas/reports";
import { listOrganizationReport } from "@/lib/server/reports/organizations";

/** Per organization (the superadmin), paged, sorted and filtered (see the OpenAPI document). */
export const GET = handle("Failed to load the report", async (req) => {
  const caller = await requireCaller(req);
  return listOrganizationReport(caller.ctx, parseInput(organizationReportQuerySchema, queryObject(req.url)));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
