import { handle, notAllowedExcept } from "@/lib/http";
import { cmi5FileResponse } from "@/lib/server/cmi5/serve";
import { contentRequest } from "@/lib/server/scorm/content-host";

// A packaged cmi5 course's files, on the organization's content host, to the holder of a launch's token.
// The query string (the AU's launch parameters) is not part of the path, so it never names a file.

type Params = { contentToken: string; path: string[] };

const serve = (head: boolean) =>
  handle<Params>("Failed to read the file", async (req, { params }) => {
    const { contentToken, path } = await params;
    const conditions = { range: req.headers.get("range"), ifNoneMatch: req.headers.get("if-none-match") };
    return cmi5FileResponse(contentRequest(req.headers), contentToken, path, conditions, head);
  });

export const GET = serve(false);
export const HEAD = serve(true);

export const { POST, PUT, PATCH, DELETE } = notAllowedExcept("GET");
