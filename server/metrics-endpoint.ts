import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { queryRows, poolStats } from "../lib/db";
import { Prisma } from "../lib/generated/prisma/client";
import { logger } from "../lib/log/logger";
import { API_HEADERS, COMMON_HEADERS } from "../lib/security-headers";
import { metrics, setScrapeSources } from "../lib/metrics/registry";
import type { FinishedRequest } from "./request-log";

// GET /metrics in Prometheus's text format, for each process on its own (behind a load balancer a scrape
// of the shared port would reach a random process): on a port of its own bound to loopback
// (METRICS_PORT), or on the app's port for the bearer of METRICS_TOKEN. Neither set: no metrics served.

export const METRICS_PATH = "/metrics";

const JSON_HEADERS = Object.fromEntries([...COMMON_HEADERS, ...API_HEADERS].map(({ key, value }) => [key, value]));

const JOB_COUNTS = Prisma.sql`SELECT name AS queue, state::text AS state, count(*)::int AS count FROM pgboss.job
  WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY name, state`;

/** Points the pool and queue gauges at this process's pool and the job tables. */
export function registerScrapeSources(): void {
  setScrapeSources({
    pool: poolStats,
    jobCounts: () => queryRows<{ queue: string; state: string; count: number }>(JOB_COUNTS),
  });
}

/** Counts a finished request by method, route pattern and status class, and observes its duration. */
export function countRequest({ method, route, status, durationMs }: FinishedRequest): void {
  const labels = { route, status_class: `${Math.floor(status / 100)}xx` };
  metrics().httpRequests.inc({ method, ...labels });
  metrics().httpDuration.observe(labels, durationMs / 1000);
}

async function writeMetrics(res: ServerResponse): Promise<void> {
  const { registry } = metrics();
  try {
    const text = await registry.metrics();
    res.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" }).end(text);
  } catch (error) {
    logger().error({ err: error }, "The metrics could not be collected");
    res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("The metrics could not be collected\n");
  }
}

function sameSecret(given: string, expected: string): boolean {
  // Digests of equal length, so the comparison takes the same time whatever was sent.
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics on the app's port: answered (true) for the bearer of `token`, refused with a 401 for anyone
 * else; left to the app (false) when no token is configured, which answers its 404.
 */
export function answerMetricsOnAppPort(req: IncomingMessage, res: ServerResponse, token: string | undefined): boolean {
  if (!token) return false;
  const header = req.headers.authorization ?? "";
  const given = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
  if (!sameSecret(given, token)) {
    const body = JSON.stringify({
      error: { code: "UNAUTHENTICATED", message: "Send the metrics token as a bearer token" },
    });
    res
      .writeHead(401, {
        ...JSON_HEADERS,
        "content-type": "application/json",
        "www-authenticate": 'Bearer realm="metrics"',
      })
      .end(body);
    return true;
  }
  void writeMetrics(res);
  return true;
}

/** /metrics alone, without a token, on a port only this machine reaches. */
export async function startMetricsServer(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url?.split("?")[0] === METRICS_PATH && (req.method === "GET" || req.method === "HEAD"))
      return void writeMetrics(res);
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found\n");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return server;
}
