import type { IncomingMessage, ServerResponse } from "node:http";
import { answerScormCommits } from "../app/scorm/commits/handler";
import { CONTENT_PATHS } from "../lib/server/scorm/content-host";
import { nodeHeaders, writeNodeAnswer } from "./node-answer";

// POST /scorm/commits/{token} answered on a plain node:http request, before Next: the route file's own
// handler (app/scorm/commits/handler.ts), read from and written to the node objects directly. Used by the
// custom server (app-server.ts) and the durability test's bare commit server.

/** The token of a commit request's path (no query string), or null when the request is not one. */
export function commitToken(req: IncomingMessage): string | null {
  if (req.method !== "POST") return null;
  const path = (req.url ?? "").split("?")[0] ?? "";
  if (!path.startsWith(CONTENT_PATHS.commits)) return null;
  const token = path.slice(CONTENT_PATHS.commits.length);
  return token.length > 0 && !token.includes("/") ? token : null;
}

export async function answerCommitOnNode(req: IncomingMessage, res: ServerResponse, token: string): Promise<void> {
  writeNodeAnswer(res, await answerScormCommits({ token, headers: nodeHeaders(req), body: req }));
}
