import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { refreshReportsQuerySchema } from "@/lib/schemas/reports";
import { refreshReports } from "@/lib/server/reports/refresh";

/** Brings the report summaries of the caller's scope up to date (no body); `?full=true` rebuilds them all. */
export const POST = handle("Failed to refresh the reports", async (req) => {
  const caller = await requireCaller(req);
  return refreshReports(caller.ctx, parseInput(refreshReportsQuerySchema, queryObject(req.url)));
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
