import { handle, notAllowedExcept, parseInput, requireCaller } from "@/lib/http";
import { queryObject } from "@/lib/schemas/pagination";
import { lessonLearnersExportSchema } from "@/lib/schemas/reports";
import { exportLessonLearnersReport } from "@/lib/server/reports/lessons";
import { csvDownload, datedFileName } from "@/lib/server/csv/csv-response";

/** One lesson's learners as a CSV download. */
export const GET = handle<{ courseId: string; lessonId: string }>(
  "Failed to export the report",
  async (req, { params }) => {
    const caller = await requireCaller(req);
    const { courseId, lessonId } = await params;
    const body = await exportLessonLearnersReport(
      caller.ctx,
      courseId,
      lessonId,
      parseInput(lessonLearnersExportSchema, queryObject(req.url)),
    );
    return csvDownload(req, body, datedFileName("report-lesson-learners"));
  },
);

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
