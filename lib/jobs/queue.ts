import "server-only";
import PgBoss from "pg-boss";
import { requireDatabaseUrl } from "@/lib/env";
import { parseJobPayload, type JobPayload } from "@/lib/jobs/payloads";
import { JOB_QUEUES, type JobName } from "@/lib/jobs/queues";
import { logger } from "@/lib/log/logger";

// The product's one job queue: pg-boss on our own PostgreSQL (its tables live in the schema "pgboss",
// created and migrated by pg-boss itself). Web requests send jobs; workers (lib/jobs/worker.ts) run them,
// in the app server's process by default and in `npm run worker` processes too. pg-boss hands each job to
// one worker (SELECT … FOR UPDATE SKIP LOCKED), so any number of processes may work the same queues.

export const JOB_SCHEMA = "pgboss";

// One queue per process, kept on globalThis: the launcher's copy of this module (which starts the workers
// and stops the queue) and Next's bundled copy (which sends jobs from route handlers) must share it, or
// stopping one would leave the other's connections open.
const holder = globalThis as typeof globalThis & { __lmsJobQueue?: Promise<PgBoss>; __lmsJobsStopping?: boolean };

/** True once this process's queue is stopping: a long-running job (the webhook dispatcher) ends its watch. */
export function isJobQueueStopping(): boolean {
  return holder.__lmsJobsStopping === true;
}

/** The started queue of this process. Sending does not need a worker in the same process. */
export function jobQueue(): Promise<PgBoss> {
  if (!holder.__lmsJobQueue) holder.__lmsJobsStopping = false;
  holder.__lmsJobQueue ??= start().catch((error: unknown) => {
    holder.__lmsJobQueue = undefined;
    throw error;
  });
  return holder.__lmsJobQueue;
}

async function start(): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: requireDatabaseUrl(),
    schema: JOB_SCHEMA,
    max: 4,
    application_name: "lms-jobs",
    // Expired jobs (a worker that died) are found and retried by this sweep: every 30 s, not 2 minutes.
    maintenanceIntervalSeconds: 30,
  });
  // One line, like the app's pool: pg's errors carry their whole client (hundreds of lines), and a
  // connection the server ends (a restart; the test database dropped) is reported here too.
  boss.on("error", (error) => logger().error({ error: error instanceof Error ? error.message : error }, "Job queue"));
  await boss.start();
  for (const [name, options] of Object.entries(JOB_QUEUES)) await createQueue(boss, name, options.queue);
  return boss;
}

/**
 * Several processes started at once on a new database (a deployment of N app nodes) create the same
 * queues at the same moment, and pg-boss's DDL for a queue then deadlocks (40P01) or collides (23505) in
 * all but one of them: those try again, and find the queue made.
 */
async function createQueue(boss: PgBoss, name: string, queue: Omit<PgBoss.Queue, "name">): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name, { name, ...queue });
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 5 || (code !== "40P01" && code !== "23505")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
    }
  }
}

/**
 * Queues a job, its data parsed with its queue's schema (lib/jobs/payloads.ts); returns its id, or null
 * when the queue keeps it out (a singletonKey already queued).
 */
export async function queueJob<N extends JobName>(
  name: N,
  data: JobPayload<N>,
  options: PgBoss.SendOptions = {},
): Promise<string | null> {
  return (await jobQueue()).send(name, parseJobPayload(name, data), options);
}

/** Queues a job; returns its id. */
export async function sendJob<N extends JobName>(
  name: N,
  data: JobPayload<N>,
  options: PgBoss.SendOptions = {},
): Promise<string> {
  const id = await queueJob(name, data, options);
  if (!id) throw new Error(`The job queue refused a ${name} job`);
  return id;
}

/** Stops this process's queue (workers first finish their current job, up to `timeoutMs`). */
export async function stopJobQueue(timeoutMs = 10_000): Promise<void> {
  const started = holder.__lmsJobQueue;
  if (!started) return;
  holder.__lmsJobsStopping = true;
  const boss = await started.catch(() => undefined);
  holder.__lmsJobQueue = undefined;
  await boss?.stop({ graceful: true, timeout: timeoutMs, wait: true });
}
