import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { getCmi5Course } from "@/lib/server/cmi5/queries";
import { importCmi5Course } from "@/lib/server/cmi5/import";

/** The lesson's current cmi5 course version (enrolled learners and course editors). */
export const GET = handle<{ courseId: string; lessonId: string }>(
  "Failed to load the cmi5 course",
  async (req, { params }) => {
    const caller = await requireCaller(req);
    const { courseId, lessonId } = await params;
    return getCmi5Course(caller.ctx, courseId, lessonId);
  },
);

/** The raw .zip (application/zip) or cmi5.xml (text/xml) as the body; see lib/server/cmi5/import.ts. */
export const PUT = handle<{ courseId: string; lessonId: string }>(
  "Failed to import the cmi5 course",
  async (req, { params }) => {
    const caller = await requireCaller(req);
    const { courseId, lessonId } = await params;
    return importCmi5Course(caller.ctx, courseId, lessonId, req);
  },
);

export const { POST, PATCH, DELETE } = notAllowedExcept("GET", "PUT");
