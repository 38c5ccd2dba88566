import type { IncomingMessage, ServerResponse } from "node:http";
import { GATED_HEADER, gatePage } from "../lib/auth/page-gate";

// The page gate before Next (lib/auth/page-gate.ts): true when it answered (a redirect, a content host's
// 404), false when Next is to render the page, with the nonce and policy on the request and the answer.

function cookieReader(header: string | undefined): (name: string) => string | undefined {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    // The first of two cookies of one name wins, as in Next's reader.
    if (name && !cookies.has(name)) cookies.set(name, part.slice(at + 1).trim());
  }
  return (name) => cookies.get(name);
}

function single(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

export async function gatePageOnNode(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  search: string,
): Promise<boolean> {
  const outcome = await gatePage({
    host: single(req.headers.host),
    forwardedProto: single(req.headers["x-forwarded-proto"]),
    pathname,
    search,
    cookie: cookieReader(req.headers.cookie),
  });
  for (const { key, value } of outcome.headers) res.setHeader(key, value);
  if (outcome.kind === "not-found") {
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found");
    return true;
  }
  if (outcome.kind === "redirect") {
    res.writeHead(307, { location: outcome.location }).end();
    return true;
  }
  for (const { key, value } of outcome.requestHeaders) req.headers[key] = value;
  req.headers[GATED_HEADER] = "1";
  return false;
}
