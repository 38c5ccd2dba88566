import { refuseBadProductionConfig } from "./production-config";
import { prepareAuthEnv } from "./runtime-env";

// npm run worker: the job queue's workers in a process of their own (imports, e-mails, reports, cleanup),
// on the same database as the app. Run as many as you like; set JOB_WORKERS=false on the app servers
// to keep jobs out of their processes.
refuseBadProductionConfig();
prepareAuthEnv();
// The workers run here whatever JOB_WORKERS says: that setting is for the app servers.
process.env.JOB_WORKERS = "true";
const { prepareDatabase } = await import("./database/prepare-database");
const database = await prepareDatabase();
const { startJobWorkers } = await import("./job-workers");
const workers = await startJobWorkers();
const { env } = await import("@/lib/env");
const { logger } = await import("@/lib/log/logger");
logger().info("Job workers running. Stop with Ctrl+C.");
const { exitOnSignals } = await import("./graceful-shutdown");
exitOnSignals({ workers, after: [database.stop] }, env.SHUTDOWN_GRACE_SECONDS);
