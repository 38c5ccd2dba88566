import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpAnswer } from "../lib/http";
import { API_HEADERS, COMMON_HEADERS } from "../lib/security-headers";

// What the custom server's fast paths (endpoints answered before Next) share: the node request's headers
// as the app's handlers read them, and the answer written as Next would write it.

/** What next.config.ts sends on every JSON answer Next serves: the fast paths send the same. */
const SECURITY_HEADERS = Object.fromEntries([...COMMON_HEADERS, ...API_HEADERS].map(({ key, value }) => [key, value]));

/** The node request's headers as the shared caller resolution reads them (no web Request to build). */
export function nodeHeaders(req: IncomingMessage): { get(name: string): string | null } {
  return {
    get: (name) => {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

/** The answer written to the node response, as answerResponse (lib/http.ts) writes it for Next. */
export function writeNodeAnswer(res: ServerResponse, answer: HttpAnswer): void {
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
