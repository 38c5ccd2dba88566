import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { lessonMediaResponse } from "@/lib/server/outline/lesson-file";

/** The uploaded bytes, with HTTP Range support for video seeking. */
export const GET = handle<{ courseId: string; lessonId: string }>(
  "Failed to read the file",
  async (req, { params }) => {
    const caller = await requireCaller(req);
    const { courseId, lessonId } = await params;
    return lessonMediaResponse(caller.ctx, courseId, lessonId, req.headers.get("range"));
  },
);

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
