import { handle, notAllowedExcept, readUploadedFile, requireCaller } from "@/lib/http";
import { uploadContentImage } from "@/lib/server/content-images/upload-content-image";

/** multipart/form-data with the image in the field "image": an image for rich text, answered as { url } (201). */
export const POST = handle("Failed to upload the image", async (req) => {
  const caller = await requireCaller(req);
  const stored = await uploadContentImage(caller.ctx, () => readUploadedFile(req, "image"));
  return Response.json(stored, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = notAllowedExcept("POST");
