import { prepareAuthEnv } from "../../server/runtime-env";

// npm run bench:export: the export row of docs/benchmarks.md on its own (scripts/bench/export-enrollments.ts),
// on the large dataset as it is: never re-seeded or migrated here (`npm run bench` does that), so it can
// run between other people's benchmark runs. Builds if needed, starts the production app on lms_bench
// (port 3211), exports every organization's enrollments three times, prints the table.

prepareAuthEnv();
const { startPostgres } = await import("../../server/database/postgres");
const { buildIfNeeded } = await import("../lib/build");
const { readMarker, largeDatabaseUrl } = await import("../db/large/database");
const { startServerProcess } = await import("./server-process");
const { exportTable, measureExport } = await import("./export-enrollments");
const { loadAverage } = await import("./report");

const PORT = 3211;
const server = await startPostgres({ purpose: "app" });
let exitCode = 0;
try {
  const marker = await readMarker(server.serverUrl);
  if (!marker) throw new Error("No large dataset: run `npm run db:seed -- --size large` (or `npm run bench`) first.");
  console.log(
    `Large dataset version ${marker.version} from ${marker.seededAt}: ${marker.rows.Enrollment?.toLocaleString("en-US")} enrollments.`,
  );
  buildIfNeeded();
  const url = largeDatabaseUrl(server.serverUrl);
  const app = await startServerProcess(
    "scripts/bench/app-process.ts",
    { DATABASE_URL: url, NODE_ENV: "production", PORT: String(PORT), JOB_WORKERS: "false" },
    "The app",
  );
  try {
    console.log(`Exporting every enrollment as CSV (load average ${loadAverage()}):`);
    const runs = await measureExport({ port: PORT, apexHost: `localhost:${PORT}`, databaseUrl: url, pid: app.pid });
    for (const r of runs)
      console.log(
        `  ${r.rows} rows, ${r.megabytes.toFixed(1)} MB in ${r.seconds.toFixed(2)} s (first byte ${r.firstByteSeconds.toFixed(2)} s); app RSS ${r.rssBeforeMb.toFixed(0)} → ${r.rssPeakMb.toFixed(0)} MB`,
      );
    console.log(`\n${exportTable(runs)}\n\nLoad average at the end: ${loadAverage()}.`);
  } finally {
    await app.stop();
  }
} catch (error) {
  exitCode = 1;
  console.error(error);
} finally {
  await server.stop();
}
process.exit(exitCode);
