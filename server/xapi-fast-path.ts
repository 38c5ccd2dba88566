import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { answerXapi } from "../lib/server/xapi/handler";
import { COMMON_HEADERS, HSTS_HEADER } from "../lib/security-headers";

// The LRS (every path below /xapi/) answered on the node:http request, before Next: the route file's own
// handler (lib/server/xapi/handler.ts, which takes and answers web Requests), with the headers
// next.config.ts would add. At 10 million statements Next's own work was most of a statements GET's
// CPU (docs/benchmarks.md "xAPI statements"). Paths Next would redirect (a trailing slash) stay Next's.

const XAPI_PATH = /^\/xapi((?:\/[^/]+)+)$/;

/** The resource of an LRS path (the segments after /xapi/, decoded as Next decodes them), or null. */
export function xapiResource(pathname: string): string | null {
  const match = XAPI_PATH.exec(pathname);
  if (!match) return null;
  try {
    return match[1]!.slice(1).split("/").map(decodeURIComponent).join("/");
  } catch {
    return null;
  }
}

export async function answerXapiOnNode(req: IncomingMessage, res: ServerResponse, resource: string): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  const method = req.method ?? "GET";
  const request = new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
    method,
    headers,
    ...(method === "GET" || method === "HEAD"
      ? {}
      : { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: "half" }),
  } as RequestInit);
  const response = await answerXapi(request, resource);
  const body = Buffer.from(await response.arrayBuffer());
  const out: Record<string, string> = {};
  for (const { key, value } of COMMON_HEADERS) out[key] = value;
  if (req.headers["x-forwarded-proto"] === "https") out[HSTS_HEADER.key] = HSTS_HEADER.value;
  response.headers.forEach((value, key) => {
    out[key] = value;
  });
  if (method !== "HEAD") out["content-length"] = String(body.length);
  res.writeHead(response.status, out);
  res.end(method === "HEAD" ? undefined : body);
}
