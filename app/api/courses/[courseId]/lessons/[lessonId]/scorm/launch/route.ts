import { AppError } from "@/lib/errors";
import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { loadScormLaunch } from "@/lib/server/scorm/launch";

export const GET = handle<{ courseId: string; lessonId: string }>(
  "Failed to launch the SCORM lesson",
  async (req, { params }) => {
    const caller = await requireCaller(req);
    const { courseId, lessonId } = await params;
    const launch = await loadScormLaunch(caller.ctx, courseId, lessonId, new URL(req.url).origin);
    if (!launch) throw new AppError("NOT_FOUND", "This lesson has no SCORM package yet");
    return launch;
  },
);

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
