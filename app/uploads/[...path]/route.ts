import { handle, notAllowedExcept, requestContext } from "@/lib/http";
import { publicFileResponse } from "@/lib/server/files/public-files";

/** Avatars, logos and course thumbnails (lib/server/files/public-files.ts says which are public). */
export const GET = handle<{ path: string[] }>("Failed to read the file", async (req, { params }) => {
  return publicFileResponse(await requestContext(req), (await params).path);
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
