import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { reportDetailQuerySchema } from "@/lib/schemas/reports";
import { csvHeaders } from "@/lib/server/reports/csv-export";
import { exportLearnerDetailReport } from "@/lib/server/reports/learner-detail";

/** One learner's courses as a CSV download. */
export const GET = handle<{ userId: string }>("Failed to export the report", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { userId } = await params;
  const body = await exportLearnerDetailReport(
    caller.ctx,
    userId,
    parseInput(reportDetailQuerySchema, queryObject(req.url)),
  );
  return new Response(body, { headers: csvHeaders("report-learner") });
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
