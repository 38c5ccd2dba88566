import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { reportDetailQuerySchema } from "@/lib/schemas/reports";
import { learnerDetailReport } from "@/lib/server/reports/learner-detail";

/** One learner's every course in the caller's scope. */
export const GET = handle<{ userId: string }>("Failed to load the report", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { userId } = await params;
  return learnerDetailReport(caller.ctx, userId, parseInput(reportDetailQuerySchema, queryObject(req.url)));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
