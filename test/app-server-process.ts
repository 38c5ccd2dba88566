import { prepareAuthEnv } from "@/server/runtime-env";

// The app server as `npm start` runs it, in a child process with the environment a test gives it (e.g.
// SCORM_COMMIT_FAST_PATH=false), on the test database and the existing production build, with the same
// shutdown on SIGTERM. Job workers only when the test sets JOB_WORKERS=true: the test server's workers
// already work the test database's queues. Prints "ready <url>" once it listens. TRACE_SQL=true: every
// statement the app sends is printed too (scripts/bench/trace-sql.ts), for the tests that count them.
prepareAuthEnv();
if (process.env.TRACE_SQL === "true") (await import("@/scripts/bench/trace-sql")).installSqlTrace(true);
Object.assign(process.env, { NODE_ENV: "production", JOB_WORKERS: process.env.JOB_WORKERS ?? "false" });
const { startAppServer } = await import("@/server/app-server");
const server = await startAppServer({ dev: false, port: Number(process.env.PORT) });
const { startJobWorkers } = await import("@/server/job-workers");
const workers = await startJobWorkers();
const { env } = await import("@/lib/env");
const { exitOnSignals } = await import("@/server/graceful-shutdown");
exitOnSignals({ server, workers }, env.SHUTDOWN_GRACE_SECONDS);
console.log(`ready ${server.url}`);
