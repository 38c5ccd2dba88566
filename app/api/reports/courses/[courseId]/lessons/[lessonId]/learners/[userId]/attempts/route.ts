import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { reportDetailQuerySchema } from "@/lib/schemas/reports";
import { lessonAttemptsReport } from "@/lib/server/reports/lesson-attempts";

/** One learner's attempts of a SCORM lesson: per package attempt, per SCO, every activity attempt. */
export const GET = handle<{ courseId: string; lessonId: string; userId: string }>(
  "Failed to load the report",
  async (req, { params }) => {
    const caller = await requireCaller(req);
    const { courseId, lessonId, userId } = await params;
    return lessonAttemptsReport(
      caller.ctx,
      courseId,
      lessonId,
      userId,
      parseInput(reportDetailQuerySchema, queryObject(req.url)),
    );
  },
);

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
