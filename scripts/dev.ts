import { prepareAuthEnv } from "../server/runtime-env";

// npm run dev: next dev with hot reload, on the same database setup as the demo.
prepareAuthEnv();
// A person reads this server's log in a terminal.
process.env.LOG_FORMAT ??= "pretty";
const { prepareDatabase } = await import("../server/database/prepare-database");
const database = await prepareDatabase();
const { watchScormRuntime } = await import("./lib/scorm-runtime-build");
const runtime = await watchScormRuntime();
const { startAppServer } = await import("../server/app-server");
const server = await startAppServer({ dev: true, port: Number(process.env.PORT ?? 3000) });
const { startJobWorkers } = await import("../server/job-workers");
const workers = await startJobWorkers();
console.log(`Development server on ${server.url}`);
const { env } = await import("@/lib/env");
const { exitOnSignals } = await import("../server/graceful-shutdown");
exitOnSignals({ server, workers, after: [runtime.stop, database.stop] }, env.SHUTDOWN_GRACE_SECONDS);
