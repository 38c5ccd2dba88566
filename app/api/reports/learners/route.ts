import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { learnerReportQuerySchema } from "@/lib/schemas/reports";
import { listLearnerReport } from "@/lib/server/reports/learners";

/** Per learner, paged, sorted and filtered (see the OpenAPI document). */
export const GET = handle("Failed to load the report", async (req) => {
  const caller = await requireCaller(req);
  return listLearnerReport(caller.ctx, parseInput(learnerReportQuerySchema, queryObject(req.url)));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
