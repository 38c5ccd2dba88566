import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A webhook receiver for tests: records every request (headers and raw body) and answers with the next
// status a test queued for its path (200 when none is). It listens on 127.0.0.2, the loopback address the test app
// allow-lists (OUTBOUND_ALLOWED_ADDRESSES in scripts/lib/test-app.ts). A path can be held: its requests wait
// unanswered, as at a slow receiver, until it is released; a sender that goes away meanwhile leaves its
// request in `cut`.

export const TEST_RECEIVER_HOST = "127.0.0.2";

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
  /** The sender's port on its side of the connection (which process sent it: see scripts/faults). */
  senderPort: number;
}

export interface WebhookReceiver {
  url(path: string): string;
  /** The requests answered, in the order of their answers. */
  received: ReceivedWebhook[];
  /** Held requests whose connection closed before their answer (status 0). */
  cut: ReceivedWebhook[];
  /** The statuses the next requests to `path` get, in order. */
  answerNext(path: string, ...statuses: number[]): void;
  /** Requests to `path` wait unanswered from now on, until release(path). */
  hold(path: string): void;
  /** Answers the requests held at `path` and stops holding it. */
  release(path: string): void;
  /** The requests waiting unanswered at `path` now. */
  waiting(path: string): ReceivedWebhook[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const cut: ReceivedWebhook[] = [];
  const queued = new Map<string, number[]>();
  const held = new Set<string>();
  const waiting: { request: ReceivedWebhook; res: ServerResponse }[] = [];
  const answer = (request: ReceivedWebhook, res: ServerResponse) => {
    const status = queued.get(request.path)?.shift() ?? 200;
    received.push({ ...request, status });
    res.writeHead(status, { "content-type": "text/plain" }).end("a body the app must not keep");
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request: ReceivedWebhook = {
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        status: 0,
        senderPort: req.socket.remotePort ?? 0,
      };
      if (!held.has(request.path)) return answer(request, res);
      const entry = { request, res };
      waiting.push(entry);
      res.on("close", () => {
        if (res.writableFinished) return;
        waiting.splice(waiting.indexOf(entry), 1);
        cut.push(request);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, TEST_RECEIVER_HOST, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://${TEST_RECEIVER_HOST}:${port}${path}`,
    received,
    cut,
    answerNext: (path, ...statuses) => queued.set(path, [...(queued.get(path) ?? []), ...statuses]),
    hold: (path) => held.add(path),
    release: (path) => {
      held.delete(path);
      for (const entry of waiting.filter((w) => w.request.path === path)) {
        waiting.splice(waiting.indexOf(entry), 1);
        answer(entry.request, entry.res);
      }
    },
    waiting: (path) => waiting.filter((w) => w.request.path === path).map((w) => w.request),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
