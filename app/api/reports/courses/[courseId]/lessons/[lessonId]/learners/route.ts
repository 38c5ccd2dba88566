import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { lessonLearnersQuerySchema } from "@/lib/schemas/reports";
import { lessonLearnersReport } from "@/lib/server/reports/lessons";

/** One lesson's learners: who completed it (lesson_status=completed), its SCORM result, score, attempts and time. */
export const GET = handle<{ courseId: string; lessonId: string }>(
  "Failed to load the report",
  async (req, { params }) => {
    const caller = await requireCaller(req);
    const { courseId, lessonId } = await params;
    return lessonLearnersReport(
      caller.ctx,
      courseId,
      lessonId,
      parseInput(lessonLearnersQuerySchema, queryObject(req.url)),
    );
  },
);

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
