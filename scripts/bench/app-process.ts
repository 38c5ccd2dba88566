import { prepareAuthEnv } from "../../server/runtime-env";
import { answerBenchControl } from "./control";

// The production app for the benchmark, in its own process (the load generator must not share its
// event loop): the same server as `npm start`, on the database and port the bench gives it.
prepareAuthEnv();
answerBenchControl(process.env.BENCH_PROFILE_DIR || undefined);
const { startAppServer } = await import("../../server/app-server");
const server = await startAppServer({ dev: false, port: Number(process.env.PORT) });
// The job workers beside it, as `npm start` runs them (the import row's dry run and run are jobs).
const { startJobWorkers } = await import("../../server/job-workers");
const workers = await startJobWorkers();
console.log(`ready ${server.url}`);
if (process.env.APP_SHUTDOWN === "graceful") {
  // The cluster suite and the fault runs restart processes under load: `npm start`'s own shutdown.
  const { env } = await import("@/lib/env");
  const { exitOnSignals } = await import("../../server/graceful-shutdown");
  exitOnSignals({ server, workers }, env.SHUTDOWN_GRACE_SECONDS);
} else {
  // Exit at once: requests still queued when the load stopped do not matter any more.
  process.once("SIGTERM", () => process.exit(0));
}
