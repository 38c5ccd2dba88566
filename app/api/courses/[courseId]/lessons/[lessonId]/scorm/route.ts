import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { importScormPackage } from "@/lib/server/scorm/import";

/** The raw .zip as the body (application/zip), streamed to disk; see lib/server/scorm/import.ts. */
export const PUT = handle<{ courseId: string; lessonId: string }>(
  "Failed to import the SCORM package",
  async (req, { params }) => {
    const caller = await requireCaller(req);
    const { courseId, lessonId } = await params;
    return importScormPackage(caller.ctx, courseId, lessonId, req);
  },
);

export const { GET, POST, PATCH, DELETE } = notAllowedExcept("PUT");
