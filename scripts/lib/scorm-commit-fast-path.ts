import type { IncomingMessage, ServerResponse } from "node:http";
import { answerScormCommits } from "../../app/api/scorm/commits/handler";
import type { HttpAnswer } from "../../lib/http";
import { API_HEADERS, COMMON_HEADERS } from "../../lib/security-headers";

/** What next.config.ts sends on every /api answer Next serves: the fast path sends the same. */
const SECURITY_HEADERS = Object.fromEntries([...COMMON_HEADERS, ...API_HEADERS].map(({ key, value }) => [key, value]));

// POST /api/scorm/commits answered on a plain node:http request, before Next: the route file's own handler
// (app/api/scorm/commits/handler.ts), read from and written to the node objects directly. Used by the
// custom server (app-server.ts) and the durability test's bare commit server.

export async function answerCommitOnNode(req: IncomingMessage, res: ServerResponse): Promise<void> {
  writeAnswer(res, await answerScormCommits({ method: "POST", headers: nodeHeaders(req), body: req }));
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
  res.writeHead(answer.status, { ...SECURITY_HEADERS, ...answer.headers, "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}
