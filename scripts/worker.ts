import { refuseBadProductionConfig } from "./lib/production-config";
import { prepareAuthEnv } from "./lib/runtime-env";

// npm run worker: the job queue's workers in a process of their own (imports, e-mails, reports, cleanup),
// on the same database as the app. Run as many as you like; set JOB_WORKERS=false on the app servers
// to keep jobs out of their processes.
refuseBadProductionConfig();
prepareAuthEnv();
const { prepareDatabase } = await import("./lib/prepare-database");
const database = await prepareDatabase();
const { startWorkers } = await import("@/lib/jobs/worker");
const { stopJobQueue } = await import("@/lib/jobs/queue");
await startWorkers();
console.log("Job workers running. Stop with Ctrl+C.");
const shutdown = async () => {
  await stopJobQueue();
  await database.stop();
  process.exit(0);
};
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
