import { handle, notAllowedExcept } from "@/lib/http";
import { contentRequest } from "@/lib/server/scorm/content-host";
import { runtimePageResponse } from "@/lib/server/scorm/runtime-page";

/** The SCORM runtime page on the organization's content host, for the holder of a launch's token. */
export const GET = handle<{ contentToken: string }>("Failed to start the lesson", async (req, { params }) => {
  return runtimePageResponse(contentRequest(req.headers), (await params).contentToken);
});

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
