import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { reportOverviewQuerySchema } from "@/lib/schemas/reports";
import { reportOverview } from "@/lib/server/reports/overview";

/** The report overview: metrics, active learners, the timeline, completion by course, SCORM results. */
export const GET = handle("Failed to load the report", async (req) => {
  const caller = await requireCaller(req);
  return reportOverview(caller.ctx, parseInput(reportOverviewQuerySchema, queryObject(req.url)));
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
