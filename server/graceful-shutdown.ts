import { logger } from "../lib/log/logger";
import type { AppServer } from "./app-server";

// What every launcher does on SIGTERM or SIGINT: readiness turns 503 at once, the server stops accepting
// connections and answers the requests in flight, job workers stop taking jobs and finish (or release) the
// ones they hold, the pool closes, and the process exits: 0 when everything finished within the grace
// period (SHUTDOWN_GRACE_SECONDS), 1 when something had to be cut short. A second signal exits at once.

export interface ShutdownParts {
  server?: AppServer;
  workers?: { stop(timeoutMs?: number): Promise<void> };
  /** Run last, in order (the embedded PostgreSQL, a file watcher…). */
  after?: (() => Promise<void>)[];
}

/** Extra time past the grace period for the pool and the embedded database to close before giving up. */
const CLOSE_ALLOWANCE_MS = 5_000;

export async function shutDown(parts: ShutdownParts, graceMs: number): Promise<number> {
  const { markShuttingDown } = await import("../lib/ops/lifecycle");
  markShuttingDown();
  const deadline = Date.now() + graceMs;
  const answered = parts.server ? await parts.server.drain(graceMs) : true;
  // pg-boss waits at least a second for its workers: the jobs get what is left, never less than that.
  await parts.workers?.stop(Math.max(1_000, deadline - Date.now()));
  for (const step of parts.after ?? []) await step();
  return answered ? 0 : 1;
}

/** Shuts down on the first SIGTERM or SIGINT and exits with its code; a second one exits at once. */
export function exitOnSignals(parts: ShutdownParts, graceSeconds: number): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger().error({ signal }, "A second signal: exiting without waiting");
      process.exit(1);
    }
    stopping = true;
    logger().info({ signal, graceSeconds }, "Shutting down: waiting for requests in flight and running jobs");
    const graceMs = graceSeconds * 1000;
    setTimeout(() => {
      logger().error("The shutdown did not finish in time: exiting");
      process.exit(1);
    }, graceMs + CLOSE_ALLOWANCE_MS).unref();
    shutDown(parts, graceMs).then(
      (code) => process.exit(code),
      (error: unknown) => {
        logger().error({ err: error }, "The shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
