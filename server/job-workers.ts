// The job queue's workers beside the app server (npm start, npm run demo, npm run dev, the test server),
// unless JOB_WORKERS=false because `npm run worker` processes run them. Imported after the launcher has
// set DATABASE_URL, like every module that reads lib/env.ts.

export async function startJobWorkers(): Promise<{ stop(timeoutMs?: number): Promise<void> }> {
  const { env } = await import("@/lib/env");
  const { stopJobQueue } = await import("@/lib/jobs/queue");
  const { markJobWorkers } = await import("@/lib/ops/lifecycle");
  if (env.JOB_WORKERS) {
    markJobWorkers("starting");
    const { startWorkers } = await import("@/lib/jobs/worker");
    await startWorkers();
    markJobWorkers("started");
  }
  const { closeDatabase } = await import("@/lib/db");
  // Every launcher stops the app server first, so once the workers are done nothing uses the pool.
  return {
    // Workers take no new job at once; one still running after `timeoutMs` is failed, to be retried.
    stop: async (timeoutMs) => {
      await stopJobQueue(timeoutMs);
      await closeDatabase();
    },
  };
}
