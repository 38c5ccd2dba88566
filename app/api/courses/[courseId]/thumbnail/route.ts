import { handle, notAllowedExcept, readUploadedFile, requireCaller } from "@/lib/http";
import { removeCourseThumbnail, setCourseThumbnail } from "@/lib/server/courses/thumbnail";

type Params = { courseId: string };

/** multipart/form-data with the image in the field "thumbnail". */
export const PUT = handle<Params>("Failed to upload the thumbnail", async (req, { params }) => {
  const caller = await requireCaller(req);
  const { courseId } = await params;
  return setCourseThumbnail(caller.ctx, courseId, await readUploadedFile(req, "thumbnail"));
});

export const DELETE = handle<Params>("Failed to remove the thumbnail", async (req, { params }) => {
  const caller = await requireCaller(req);
  return removeCourseThumbnail(caller.ctx, (await params).courseId);
});

export const { GET, POST, PATCH } = notAllowedExcept("PUT", "DELETE");
