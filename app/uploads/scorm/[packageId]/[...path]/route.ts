import { handle, notAllowedExcept, requireCaller } from "@/lib/http";
import { scormFileResponse } from "@/lib/server/scorm/serve";

// A route handler (no app shell): the files of an extracted SCORM package, access-checked per request.
// The query string (launchpage.html?content=playing) is not part of the path, so it never names a file.

type Params = { packageId: string; path: string[] };

const serve = (head: boolean) =>
  handle<Params>("Failed to read the file", async (req, { params }) => {
    const caller = await requireCaller(req);
    const { packageId, path } = await params;
    return scormFileResponse(caller.ctx, packageId, path, req.headers.get("range"), head);
  });

export const GET = serve(false);
export const HEAD = serve(true);

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
