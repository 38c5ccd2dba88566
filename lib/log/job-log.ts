import { logger } from "@/lib/log/logger";
import { runWithLogContext } from "@/lib/log/request-context";
import { metrics } from "@/lib/metrics/registry";

// A job run, logged (and counted) like a request: one line when it ends, with the queue, the job's id, its
// outcome and duration; a failure once, with its stack (pg-boss retries it by the queue's policy). Never the job's
// data: it may hold people's names and addresses.

export async function runLoggedJob<T>(queue: string, jobId: string, run: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  const durationMs = () => Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
  return runWithLogContext({ jobId }, async () => {
    try {
      const result = await run();
      logger().info({ queue, jobId, outcome: "completed", durationMs: durationMs() }, "job");
      metrics().jobRuns.inc({ queue, outcome: "completed" });
      return result;
    } catch (error) {
      logger().error({ queue, jobId, outcome: "failed", durationMs: durationMs(), err: error }, "job");
      metrics().jobRuns.inc({ queue, outcome: "failed" });
      throw error;
    }
  });
}
