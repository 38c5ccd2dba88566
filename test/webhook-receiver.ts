import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A webhook receiver for tests: records every request (headers and raw body) and answers with the next
// status a test queued for its path (200 when none is). It listens on 127.0.0.2, the loopback address the test app
// allow-lists (OUTBOUND_ALLOWED_ADDRESSES in scripts/lib/test-app.ts).

export const TEST_RECEIVER_HOST = "127.0.0.2";

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

export interface WebhookReceiver {
  url(path: string): string;
  received: ReceivedWebhook[];
  /** The statuses the next requests to `path` get, in order. */
  answerNext(path: string, ...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const queued = new Map<string, number[]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const status = queued.get(req.url ?? "")?.shift() ?? 200;
      received.push({
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        status,
      });
      res.writeHead(status, { "content-type": "text/plain" }).end("a body the app must not keep");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, TEST_RECEIVER_HOST, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://${TEST_RECEIVER_HOST}:${port}${path}`,
    received,
    answerNext: (path, ...statuses) => queued.set(path, [...(queued.get(path) ?? []), ...statuses]),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
