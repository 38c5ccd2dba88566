import type { IncomingMessage, ServerResponse } from "node:http";
import { answerScormCommits } from "../app/scorm/commits/handler";
import { CONTENT_PATHS } from "../lib/server/scorm/content-host";
import type { HttpAnswer } from "../lib/http";
import { API_HEADERS, COMMON_HEADERS } from "../lib/security-headers";

/** What next.config.ts sends on every JSON answer Next serves: the fast path sends the same. */
const SECURITY_HEADERS = Object.fromEntries([...COMMON_HEADERS, ...API_HEADERS].map(({ key, value }) => [key, value]));

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
  writeAnswer(res, await answerScormCommits({ token, headers: nodeHeaders(req), body: req }));
}

/** The node request's headers as the shared caller resolution reads them (no web Request to build). */
function nodeHeaders(req: IncomingMessage): { get(name: string): string | null } {
  return {
    get: (name) => {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

/** The answer written to the node response, as answerResponse (lib/http.ts) writes it for Next. */
function writeAnswer(res: ServerResponse, answer: HttpAnswer): void {
  if (res.headersSent) return;
  const text = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    ...SECURITY_HEADERS,
    ...answer.headers,
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}
