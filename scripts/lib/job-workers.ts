// The job queue's workers beside the app server (npm start, npm run demo, npm run dev, the test server),
// unless JOB_WORKERS=false because `npm run worker` processes run them. Imported after the launcher has
// set DATABASE_URL, like every module that reads lib/env.ts.

export async function startJobWorkers(): Promise<{ stop(): Promise<void> }> {
  const { env } = await import("@/lib/env");
  const { stopJobQueue } = await import("@/lib/jobs/queue");
  if (env.JOB_WORKERS) {
    const { startWorkers } = await import("@/lib/jobs/worker");
    await startWorkers();
  }
  const { closeDatabase } = await import("@/lib/db");
  // Every launcher stops the app server first, so once the workers are done nothing uses the pool.
  return {
    stop: async () => {
      await stopJobQueue();
      await closeDatabase();
    },
  };
}
