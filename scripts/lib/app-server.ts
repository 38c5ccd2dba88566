import { createServer, type Server } from "node:http";
import next from "next";

export interface AppServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Next.js behind a plain node:http server, so the app knows the real socket address of each client
 * (x-lms-remote-addr, overwritten on every request so a client cannot fake it) for per-IP rate limits.
 * POST /api/scorm/commits is answered here, before Next (lib/server/scorm/commit-endpoint.ts).
 */
export async function startAppServer(options: { dev: boolean; port: number; hostname?: string }): Promise<AppServer> {
  const hostname = options.hostname ?? "localhost";
  const app = next({ dev: options.dev, dir: process.cwd(), hostname, port: options.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  // Imported once Next has booted: the endpoint shares lib/auth, which imports next/headers.
  const { handleScormCommits, isScormCommitsRequest } = await import("../../lib/server/scorm/commit-endpoint");
  const server: Server = createServer((req, res) => {
    req.headers["x-lms-remote-addr"] = req.socket.remoteAddress ?? "unknown";
    // The SCORM player's commits skip Next.js: its per-request cost is larger than the commit's (docs/architecture.md).
    if (isScormCommitsRequest(req)) return void handleScormCommits(req, res);
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "0.0.0.0", resolve);
  });
  return {
    url: `http://${hostname}:${options.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
