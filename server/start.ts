import { refuseBadProductionConfig } from "./production-config";
import { prepareAuthEnv } from "./runtime-env";

// npm start: production server on the existing build (npm run build first), migrations applied.
refuseBadProductionConfig();
prepareAuthEnv();
const { prepareDatabase } = await import("./database/prepare-database");
const database = await prepareDatabase();
const { startAppServer } = await import("./app-server");
const server = await startAppServer({ dev: false, port: Number(process.env.PORT ?? 3000) });
const { startJobWorkers } = await import("./job-workers");
const workers = await startJobWorkers();
const { env } = await import("@/lib/env");
const { logger } = await import("@/lib/log/logger");
logger().info({ url: server.url }, "Learning Management listening");
const { exitOnSignals } = await import("./graceful-shutdown");
exitOnSignals({ server, workers, after: [database.stop] }, env.SHUTDOWN_GRACE_SECONDS);
