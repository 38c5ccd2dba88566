import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import next from "next";
import { COMMON_HEADERS } from "../lib/security-headers";
import { loadRoutePatterns } from "./route-patterns";

const COMMON_HEADER_OBJECT = Object.fromEntries(COMMON_HEADERS.map(({ key, value }) => [key, value]));
/** Idle keep-alive connections: past any balancer's own idle time (4 s in deploy/nginx.conf, nginx's default 60 s). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface AppServer {
  url: string;
  /**
   * Stops accepting connections and waits for the requests in flight, at most `graceMs`; then closes
   * every connection left. True when every request was answered in time.
   */
  drain(graceMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Next.js behind a plain node:http server, so the app knows the real socket address of each client
 * (x-lms-remote-addr, overwritten on every request so a client cannot fake it) for per-IP rate limits.
 * The SCORM runtime's commits (POST /scorm/commits/{token}) are answered here, before Next, by the same
 * handler their route file calls (app/scorm/commits/handler.ts), unless SCORM_COMMIT_FAST_PATH=false; so
 * are a quiz's saved answers (PUT /api/quiz-attempts/{id}/answers/{position}) and the LRS. Requests Next cannot read
 * (an undecodable path, unparsable HTTP) get the app's JSON refusal here (./unreadable-requests.ts). Every
 * request is logged here, by route pattern (./request-log.ts), and counted for a graceful shutdown.
 */
/**
 * The path Next will route: dot segments resolved, `%2e%2e` among them, as Next resolves them
 * (`/scorm/files/%2e%2e/x` is `/scorm/x`); no query string. Empty when it is no path at all.
 */
function routedPath(url: string | undefined): string {
  try {
    return new URL(`http://door${url ?? "/"}`).pathname;
  } catch {
    return "";
  }
}

/** The query string with its "?", or "". */
function searchOf(url: string | undefined): string {
  const at = url?.indexOf("?") ?? -1;
  return at < 0 || !url ? "" : url.slice(at);
}

export async function startAppServer(options: { dev: boolean; port: number; hostname?: string }): Promise<AppServer> {
  const hostname = options.hostname ?? "localhost";
  // Read by instrumentation.ts, which refuses a plain `next start` that cannot see client addresses.
  process.env.LMS_APP_SERVER = "custom";
  const app = next({ dev: options.dev, dir: process.cwd(), hostname, port: options.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  // Imported once Next has booted: the endpoint shares lib/auth, which imports next/headers.
  const { env } = await import("../lib/env");
  const { answerCommitOnNode, commitToken } = await import("./scorm-commit-fast-path");
  const { answerXapiOnNode, xapiResource } = await import("./xapi-fast-path");
  const { answerQuizSaveOnNode, quizSaveTarget } = await import("./quiz-save-fast-path");
  const { answerClientError, answerUndecodablePath } = await import("./unreadable-requests");
  const { isContentPath } = await import("../lib/server/scorm/content-host");
  const { hostTarget } = await import("../lib/tenancy/host");
  // A content host serves the content routes and nothing else: not Next's pages, not even its 404 page.
  const outsideContentRoutes = (req: IncomingMessage, pathname: string) =>
    hostTarget(req.headers.host, env.APP_DOMAIN, env.CONTENT_DOMAIN).kind === "content" && !isContentPath(pathname);
  const fastCommitToken = (req: IncomingMessage) => (env.SCORM_COMMIT_FAST_PATH ? commitToken(req) : null);
  const { isPagePath } = await import("../lib/auth/page-gate");
  const { gatePageOnNode } = await import("./page-gate");
  const { logger } = await import("../lib/log/logger");
  const { openRequestLog } = await import("./request-log");
  const { runWithLogContext } = await import("../lib/log/request-context");
  const { METRICS_PATH, answerMetricsOnAppPort, countRequest, registerScrapeSources, startMetricsServer } =
    await import("./metrics-endpoint");
  registerScrapeSources();
  const routeOf = loadRoutePatterns(process.cwd(), [METRICS_PATH]);
  const inFlight = trackRequests();
  const server: Server = createServer((req, res) => {
    inFlight.add(res);
    const pathname = routedPath(req.url);
    const context = openRequestLog(req, res, routeOf(pathname), countRequest);
    runWithLogContext(context, () => answer(req, res, pathname));
  });
  const answer = (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    req.headers["x-lms-remote-addr"] = req.socket.remoteAddress ?? "unknown";
    if (answerUndecodablePath(req, res)) return;
    if (outsideContentRoutes(req, pathname))
      return void res
        .writeHead(404, { "content-type": "text/plain; charset=utf-8", ...COMMON_HEADER_OBJECT })
        .end("Not found");
    if (pathname === METRICS_PATH && answerMetricsOnAppPort(req, res, env.METRICS_TOKEN)) return;
    // The SCORM player's commits skip Next.js: its per-request cost is larger than the commit's (docs/architecture.md).
    const token = fastCommitToken(req);
    if (token) return void answerCommitOnNode(req, res, token);
    // A quiz's saved answers too, a class's most frequent request at a deadline (docs/benchmarks.md "Quizzes").
    const save = quizSaveTarget(req, pathname);
    if (save)
      return void answerQuizSaveOnNode(req, res, save).catch((error: unknown) => {
        logger().error({ err: error }, "the quiz answer's save failed");
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end("Internal Server Error");
      });
    // The LRS too (docs/xapi.md): Next's cost was most of a statements query's.
    const resource = xapiResource(pathname);
    if (resource !== null)
      return void answerXapiOnNode(req, res, resource).catch((error: unknown) => {
        logger().error({ err: error }, "the LRS failed to answer");
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end("The LRS could not answer this request");
      });
    if (!isPagePath(pathname)) return void handle(req, res);
    // Pages pass the gate here rather than in Next's middleware, whose own cost is a large share of a page's.
    gatePageOnNode(req, res, pathname, searchOf(req.url)).then(
      (answered) => {
        if (!answered) void handle(req, res);
      },
      (error: unknown) => {
        logger().error({ err: error }, "the page gate failed");
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end("Internal Server Error");
      },
    );
  };
  server.on("clientError", answerClientError);
  // A kept-alive connection is closed by the balancer, never by us while it may be sending on it: Node's
  // 5 s idle timer fires before the socket is read when the event loop was busy across its deadline (an
  // import's upload, a GC pause), resetting a request nginx just sent, a 502 it never retries for a POST.
  // deploy/nginx.conf drops idle upstream connections after 4 s, far below this.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  const metricsServer = env.METRICS_PORT ? await startMetricsServer(env.METRICS_PORT) : null;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "0.0.0.0", resolve);
  });
  return {
    url: `http://${hostname}:${options.port}`,
    drain: async (graceMs) => {
      inFlight.draining = true;
      // Still listening for SHUTDOWN_DELAY_SECONDS (every answer closing its connection), so a balancer's
      // kept-alive connections end with an answer or its own idle timeout, not with a request under way.
      // The delay is part of the grace period.
      const delayMs = Math.min(env.SHUTDOWN_DELAY_SECONDS * 1000, graceMs);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      graceMs -= delayMs;
      // No new connections; idle keep-alive ones close now, busy ones after their answer (Connection: close).
      server.close();
      server.closeIdleConnections();
      const answered = await inFlight.settled(graceMs);
      server.closeAllConnections();
      metricsServer?.close();
      metricsServer?.closeAllConnections();
      return answered;
    },
    close: () =>
      new Promise((resolve) => {
        metricsServer?.close();
        server.close(() => resolve());
      }),
  };
}

/** The requests being answered, so a shutdown can wait for them (and only them). */
function trackRequests() {
  const open = new Set<ServerResponse>();
  let idle: (() => void) | undefined;
  const tracker = {
    draining: false,
    add(res: ServerResponse) {
      open.add(res);
      // While draining, every answer is the connection's last: a keep-alive client goes elsewhere.
      if (tracker.draining) res.setHeader("connection", "close");
      res.once("close", () => {
        open.delete(res);
        if (open.size === 0) idle?.();
      });
    },
    settled(timeoutMs: number): Promise<boolean> {
      if (open.size === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        idle = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
    },
  };
  return tracker;
}
