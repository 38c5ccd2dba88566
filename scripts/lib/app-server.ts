import { createServer, type IncomingMessage, type Server } from "node:http";
import next from "next";
import { COMMON_HEADERS } from "../../lib/security-headers";

const COMMON_HEADER_OBJECT = Object.fromEntries(COMMON_HEADERS.map(({ key, value }) => [key, value]));

export interface AppServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Next.js behind a plain node:http server, so the app knows the real socket address of each client
 * (x-lms-remote-addr, overwritten on every request so a client cannot fake it) for per-IP rate limits.
 * The SCORM runtime's commits (POST /scorm/commits/{token}) are answered here, before Next, by the same
 * handler their route file calls (app/scorm/commits/handler.ts), unless SCORM_COMMIT_FAST_PATH=false. Requests Next cannot read
 * (an undecodable path, unparsable HTTP) get the app's JSON refusal here (./unreadable-requests.ts).
 */
export async function startAppServer(options: { dev: boolean; port: number; hostname?: string }): Promise<AppServer> {
  const hostname = options.hostname ?? "localhost";
  // Read by instrumentation.ts, which refuses a plain `next start` that cannot see client addresses.
  process.env.LMS_APP_SERVER = "custom";
  const app = next({ dev: options.dev, dir: process.cwd(), hostname, port: options.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  // Imported once Next has booted: the endpoint shares lib/auth, which imports next/headers.
  const { env } = await import("../../lib/env");
  const { answerCommitOnNode, commitToken } = await import("./scorm-commit-fast-path");
  const { answerClientError, answerUndecodablePath } = await import("./unreadable-requests");
  const { isContentPath } = await import("../../lib/server/scorm/content-host");
  const { hostTarget } = await import("../../lib/tenancy/host");
  // A content host serves the content routes and nothing else: not Next's pages, not even its 404 page.
  const outsideContentRoutes = (req: IncomingMessage) =>
    hostTarget(req.headers.host, env.APP_DOMAIN, env.CONTENT_DOMAIN).kind === "content" &&
    !isContentPath((req.url ?? "").split("?")[0] ?? "");
  const fastCommitToken = (req: IncomingMessage) => (env.SCORM_COMMIT_FAST_PATH ? commitToken(req) : null);
  const server: Server = createServer((req, res) => {
    req.headers["x-lms-remote-addr"] = req.socket.remoteAddress ?? "unknown";
    if (answerUndecodablePath(req, res)) return;
    if (outsideContentRoutes(req))
      return void res
        .writeHead(404, { "content-type": "text/plain; charset=utf-8", ...COMMON_HEADER_OBJECT })
        .end("Not found");
    // The SCORM player's commits skip Next.js: its per-request cost is larger than the commit's (docs/architecture.md).
    const token = fastCommitToken(req);
    if (token) return void answerCommitOnNode(req, res, token);
    void handle(req, res);
  });
  server.on("clientError", answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "0.0.0.0", resolve);
  });
  return {
    url: `http://${hostname}:${options.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
