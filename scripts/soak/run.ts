import { setTimeout as sleep } from "node:timers/promises";
import os from "node:os";
import { prepareAuthEnv } from "../../server/runtime-env";
import { parseSoakOptions } from "./options";

// npm run soak: the production app under a steady mixed workload at a fraction of the capacity measured
// at its start, reported per window (a minute; 10 s for runs under 5 minutes), then an import and an
// export (the large dataset), then the targets (verdict.ts). Exits 1 when one is missed. See
// docs/reliability.md.

prepareAuthEnv();
const options = parseSoakOptions(process.argv.slice(2));
const APP_PORT = Number(process.env.SOAK_PORT ?? 3231);
const CONNECTIONS = 32;
const OUTBOX = ".data/soak/outbox";

const { startPostgres } = await import("../../server/database/postgres");
const { buildIfNeeded } = await import("../lib/build");
const { soakDatabase } = await import("./database");
const { startServerProcess } = await import("../bench/server-process");
const { openSoakSession } = await import("./session");
const { drive } = await import("./drive");
const { judge } = await import("./verdict");
const { TABLE_HEADER, tableRow } = await import("./report");
type WindowRow = import("./report").WindowRow;
type ProcessSample = import("../bench/control").ProcessSample;
type WindowLoad = import("./drive").WindowLoad;

const loadAverage = () => os.loadavg()[0]!;
const server = await startPostgres({ purpose: "app" });
const stops: (() => Promise<unknown>)[] = [server.stop];
let exitCode = 0;
try {
  buildIfNeeded();
  const database = await soakDatabase(server.serverUrl, options.dataset);
  stops.push(database.drop);
  const app = await startServerProcess(
    "scripts/bench/app-process.ts",
    {
      DATABASE_URL: database.url,
      NODE_ENV: "production",
      PORT: String(APP_PORT),
      BENCH_PROFILE_DIR: "",
      MAIL_OUTBOX_DIR: OUTBOX,
      // The workload's one conversation gets a reply every second or so: far above a person's limit.
      MESSAGE_SEND_LIMIT: "1000000000",
    },
    "The app",
  );
  stops.push(app.stop);
  const sample = () => app.ask({ sample: true }) as Promise<ProcessSample>;
  const session = await openSoakSession(database.url, APP_PORT, options.dataset);

  const burstSeconds = options.minutes < 5 ? 8 : 30;
  console.log(
    `\nCapacity: the mix as fast as the app answers, ${CONNECTIONS} connections, ${burstSeconds} s (load average ${loadAverage().toFixed(1)}).`,
  );
  const burst = await drive(session, {
    connections: CONNECTIONS,
    seconds: burstSeconds,
    windowSeconds: burstSeconds / 2,
  });
  // The burst's second half: its first carries the JIT's and the caches' warm-up.
  const capacity = (burst[1]?.latencies.length ?? 0) / (burstSeconds / 2);
  const burstErrorsByKind: Record<string, number> = {};
  for (const w of burst)
    for (const [kind, n] of Object.entries(w.errorsByKind))
      burstErrorsByKind[kind] = (burstErrorsByKind[kind] ?? 0) + n;
  // The burst saturates the app on purpose: a request it leaves unanswered for 10 s (a timeout) is the
  // saturation, not a fault; a wrong answer is one.
  const burstErrors = Object.entries(burstErrorsByKind)
    .filter(([kind]) => kind !== "connection")
    .reduce((s, [, n]) => s + n, 0);
  const rate = capacity * options.rateFraction;
  console.log(
    `  ${capacity.toFixed(1)} requests/s, errors ${JSON.stringify(burstErrorsByKind)} ("connection": timeouts, not counted); the steady rate: ${rate.toFixed(1)} requests/s.`,
  );

  const count = Math.round((options.minutes * 60) / options.windowSeconds);
  console.log(
    `\nSteady: ${rate.toFixed(1)} requests/s for ${options.minutes} min, reported every ${options.windowSeconds} s (heap after a forced GC at each window's end).\n\n${TABLE_HEADER}`,
  );
  await sample(); // starts the app's first window
  const loads: WindowLoad[] = [];
  const rows: WindowRow[] = [];
  const started = performance.now();
  const sampler = setInterval(() => {
    void sample().then((process) => {
      if (rows.length >= count) return;
      const index = rows.length;
      const row: WindowRow = {
        endSeconds: (index + 1) * options.windowSeconds,
        load: loads[index] ?? { latencies: [], errors: 0, errorsByKind: {} },
        process,
        loadAverage: loadAverage(),
      };
      rows.push(row);
      console.log(tableRow(row, options.windowSeconds));
    });
  }, options.windowSeconds * 1000);
  await drive(
    session,
    { connections: CONNECTIONS, seconds: count * options.windowSeconds, windowSeconds: options.windowSeconds, rate },
    loads,
  );
  while (rows.length < count && performance.now() - started < (count + 2) * options.windowSeconds * 1000)
    await sleep(100);
  clearInterval(sampler);

  let bulkErrors = 0;
  if (options.bulkPhase) {
    const { BENCH_ACCOUNT } = await import("../db/large/plan");
    const { measureImport } = await import("../bench/import-users");
    const { measureExport } = await import("../bench/export-enrollments");
    try {
      console.log(`\nImport: 50,000 users from a CSV (load average ${loadAverage().toFixed(1)}).`);
      const imported = await measureImport({
        port: APP_PORT,
        pid: app.pid,
        databaseUrl: database.url,
        outboxDir: OUTBOX,
      });
      console.log(
        `  upload ${imported.uploadSeconds.toFixed(1)} s, dry run ${imported.dryRunSeconds.toFixed(1)} s, run ${imported.runSeconds.toFixed(1)} s; app RSS ${imported.rssBeforeMb.toFixed(0)} → ${imported.rssPeakMb.toFixed(0)} MB`,
      );
    } catch (error) {
      bulkErrors += 1;
      console.error(`  The import failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    try {
      console.log(`\nExport: every enrollment as CSV (load average ${loadAverage().toFixed(1)}).`);
      for (const r of await measureExport({
        port: APP_PORT,
        apexHost: `localhost:${APP_PORT}`,
        databaseUrl: database.url,
        pid: app.pid,
      }))
        console.log(
          `  ${r.rows} rows, ${r.megabytes.toFixed(1)} MB in ${r.seconds.toFixed(2)} s; app RSS ${r.rssBeforeMb.toFixed(0)} → ${r.rssPeakMb.toFixed(0)} MB`,
        );
    } catch (error) {
      bulkErrors += 1;
      console.error(`  The export failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const after = await sample();
    console.log(
      `  After both (${BENCH_ACCOUNT.subdomain}'s data untouched: the soak runs on a copy): heap after GC ${after.heapAfterGcMb.toFixed(1)} MB, RSS ${after.rssMb.toFixed(0)} MB.`,
    );
  }

  const verdict = judge(
    rows.map((r) => ({
      endSeconds: r.endSeconds,
      latencies: r.load.latencies,
      errors: r.load.errors,
      heapAfterGcMb: r.process.heapAfterGcMb,
    })),
    options,
  );
  const otherErrors = burstErrors + bulkErrors;
  console.log(
    `\nTargets (load average now ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${os.cpus().length} CPUs):`,
  );
  console.log(
    `${otherErrors === 0 ? "pass" : "FAIL"}  wrong answers in the capacity burst and errors in the import/export: ${otherErrors}`,
  );
  for (const line of verdict.lines) console.log(line);
  if (!verdict.passed || otherErrors) exitCode = 1;
} catch (error) {
  exitCode = 1;
  console.error(error);
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
}
process.exit(exitCode);
