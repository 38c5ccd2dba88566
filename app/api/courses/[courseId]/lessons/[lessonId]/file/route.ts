import { handle, notAllowedExcept, openUploadedFile, requireCaller } from "@/lib/http";
import { setLessonFile } from "@/lib/server/outline/lesson-file";

/** multipart/form-data with the video or download in the field "file", streamed to storage. */
export const PUT = handle<{ courseId: string; lessonId: string }>(
  "Failed to upload the file",
  async (req, { params }) => {
    const caller = await requireCaller(req);
    const { courseId, lessonId } = await params;
    return setLessonFile(caller.ctx, courseId, lessonId, () => openUploadedFile(req, "file"));
  },
);

export const { GET, POST, PATCH, DELETE } = notAllowedExcept("PUT");
