import { mkdirSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { prepareAuthEnv } from "../../server/runtime-env";
import type { LargeDatasetMarker } from "../db/large/database";
import type { PairResults } from "./measure-server";
import { parseOptions, selects } from "./options";

// npm run bench: the production build on the large dataset vs a minimal node:http + pg server running
// the same SQL (the ceiling), for the same three requests under the same load; then the mixed workload on
// one app process and on two behind nginx (mixed.ts); then the SCORM commit endpoint against its own
// ceiling (commit-bench.ts). See docs/benchmarks.md.

prepareAuthEnv();
const options = parseOptions(process.argv.slice(2));
const APP_PORT = 3211;
const CEILING_PORT = 3212;
const PAGE_FLOOR_PORT = 3213;
const PROFILE_DIR = ".data/bench/profiles";

const { startPostgres } = await import("../../server/database/postgres");
const { buildIfNeeded } = await import("../lib/build");
const { BENCH_ACCOUNT } = await import("../db/large/plan");
const { ensureLargeDataset, firstLessonPath, outlineCourseId, postgresVersion, regionGroupId, reportCourseId } =
  await import("./dataset");
const { startPageFloor } = await import("./page-floor");
const { measureReportRebuild, reportRebuildTable, reportScaleTable } = await import("./reports");
const { groupAddTable, measureGroupAdd } = await import("./group-add");
const { importTable, measureImport } = await import("./import-users");
const { exportTable, measureExport } = await import("./export-enrollments");
const { measureWebhookDelivery, webhookDeliveryTable } = await import("./webhook-delivery");
const { startServerProcess } = await import("./server-process");
const { call } = await import("./http");
const { SCENARIOS } = await import("./scenarios");
const { measurePairs, printSqlTrace } = await import("./measure-server");
const { COMMIT_CONNECTIONS, measureCommits } = await import("./commit-bench");
const { ANSWER_CONNECTIONS, QUIZ_CLASS, QUIZ_LEARNERS, measureQuizzes } = await import("./quiz-bench");
const { STATISTICS_ATTEMPTS, measureQuizStatistics, quizStatisticsTable } = await import("./quiz-statistics");
const { ensureXapiStatements } = await import("./xapi-dataset");
const { XAPI_KEYS, measureXapi, printXapiTrace, xapiFixture } = await import("./xapi-bench");
const { certificatePdfTable, measureCertificatePdf } = await import("./certificate-pdf");
const { compareResults, loadAverage, machineInfo, printPageTable, printTable, writeBenchmarksDoc } =
  await import("./report");

const host = (port: number) => `${BENCH_ACCOUNT.subdomain}.localhost:${port}`;
const stops: (() => Promise<void>)[] = [];
/** --trace-sql prints the reads' SQL and stops there. */
class TraceDone extends Error {}

const wants = (key: string) => selects(options.only, key);
const readsWanted =
  SCENARIOS.some((s) => !s.ownDatabase && wants(s.key)) ||
  wants("groupAdd") ||
  wants("importUsers") ||
  wants("reportsRebuild") ||
  wants("export") ||
  wants("webhooks");
const xapiWanted = XAPI_KEYS.some((key) => wants(key));
const BENCH_OUTBOX = ".data/bench/outbox";
const server = await startPostgres({ purpose: "app" });
let exitCode = 0;
try {
  buildIfNeeded();
  const { env: appEnv } = await import("@/lib/env");
  if (options.profile) mkdirSync(PROFILE_DIR, { recursive: true });
  const loadAtStart = loadAverage();
  const pairs: PairResults = new Map();
  /** Tables of timed operations (not loads), printed and written after the main table. */
  const timed: string[] = [];
  let marker: LargeDatasetMarker | undefined;
  let postgres = "unknown";

  if (readsWanted) {
    const dataset = await ensureLargeDataset(server.serverUrl, options.reseed);
    marker = dataset.marker;
    postgres = await postgresVersion(dataset.url);
    // The xAPI rows' 10 million statements, grown into the dataset when missing (minutes, once).
    const xapi = xapiWanted ? await ensureXapiStatements(dataset.url, dataset.marker.seededAt) : null;
    const xapiRequests = xapi ? await xapiFixture(dataset.url) : null;
    const env = { DATABASE_URL: dataset.url, NODE_ENV: "production" as const };
    // Both servers stay up for the reads (an idle one costs nothing) so each request is measured on
    // both within seconds of each other.
    const app = await startServerProcess(
      "scripts/bench/app-process.ts",
      {
        ...env,
        PORT: String(APP_PORT),
        BENCH_PROFILE_DIR: options.profile ? PROFILE_DIR : "",
        MAIL_OUTBOX_DIR: BENCH_OUTBOX,
        // The webhook row's receiver listens on 127.0.0.2, as the tests' does.
        OUTBOUND_ALLOWED_ADDRESSES: "127.0.0.2/32",
      },
      "The app",
    );
    stops.push(app.stop);
    const signIn = async (email: string, subdomain: string = BENCH_ACCOUNT.subdomain) => {
      const login = await call(APP_PORT, `${subdomain}.localhost:${APP_PORT}`, "/auth/login", {
        json: { email, password: BENCH_ACCOUNT.password },
      });
      const token = (login.json as { token?: string } | undefined)?.token;
      if (login.status !== 200 || !token)
        throw new Error(`Sign-in as ${email} failed (${login.status}): ${login.text.slice(0, 300)}`);
      return token;
    };
    const outline = await outlineCourseId(dataset.url);
    const session = {
      token: await signIn(BENCH_ACCOUNT.email),
      adminToken: await signIn(BENCH_ACCOUNT.adminEmail),
      outlineCourseId: outline,
      lessonPath: await firstLessonPath(dataset.url, outline),
      regionGroupId: await regionGroupId(dataset.url),
      reportTokens: new Map<string, string>(),
      reportCourseIds: new Map<string, string>(),
    };
    // The reports' callers (only those of the rows asked for) and the course of their per-lesson rows.
    for (const scenario of SCENARIOS.filter((s) => s.caller && wants(s.key))) {
      const { subdomain, username } = scenario.caller!;
      const key = `${subdomain}/${username}`;
      if (!session.reportTokens.has(key))
        session.reportTokens.set(key, await signIn(`${username}@${subdomain}.example.com`, subdomain));
      if (!session.reportCourseIds.has(subdomain))
        session.reportCourseIds.set(subdomain, await reportCourseId(dataset.url, subdomain));
    }
    const appEndpoint = {
      name: "app" as const,
      port: APP_PORT,
      host: host(APP_PORT),
      process: app,
      profile: options.profile,
    };
    if (options.traceSql) {
      await printSqlTrace(appEndpoint, session);
      if (xapiRequests) await printXapiTrace(appEndpoint, xapiRequests, options.only, dataset.url);
      throw new TraceDone();
    }
    const ceiling = await startServerProcess(
      "scripts/bench/ceiling-server.ts",
      { ...env, PORT: String(CEILING_PORT) },
      "The ceiling server",
    );
    stops.push(ceiling.stop);
    const floor = SCENARIOS.some((s) => s.page && wants(s.key)) ? await startPageFloor(PAGE_FLOOR_PORT) : null;
    if (floor) stops.push(floor.stop);
    console.log(
      `\nApp on ${APP_PORT}, ceiling on ${CEILING_PORT}: ${options.connections} connections, ${options.warmup} s warm-up, ${options.seconds} s measured per request and server; load average ${loadAtStart}.`,
    );
    for (const [key, pair] of await measurePairs(
      appEndpoint,
      { name: "ceiling", port: CEILING_PORT, host: host(CEILING_PORT), process: ceiling },
      floor,
      session,
      options,
    ))
      pairs.set(key, pair);
    if (xapiRequests) {
      console.log(
        `\nxAPI statements: ${xapiRequests.statements.toLocaleString("en-US")} in the table (since ${xapiRequests.since} for the query row); load average ${loadAverage()}.`,
      );
      const xapiPairs = await measureXapi(
        appEndpoint,
        { name: "ceiling", port: CEILING_PORT, host: host(CEILING_PORT), process: ceiling },
        xapiRequests,
        dataset.url,
        options,
      );
      for (const [key, pair] of xapiPairs) pairs.set(key, pair);
    }
    if (wants("reportsRebuild")) {
      console.log(
        `\nRebuilding every organization's report summaries from scratch (timed, ${loadAverage()} load average):`,
      );
      const rebuilt = await measureReportRebuild(dataset.url);
      console.log(
        `  ${rebuilt.seconds.map((s) => `${s.toFixed(2)} s`).join(", ")} (${rebuilt.organizations} organizations, ${rebuilt.enrollments.toLocaleString("en-US")} enrollments)`,
      );
      timed.push(reportRebuildTable(rebuilt));
    }
    if (wants("groupAdd")) {
      console.log(`\nAdding people to a group with courses (timed, ${loadAverage()} load average):`);
      const added = await measureGroupAdd({
        port: APP_PORT,
        host: host(APP_PORT),
        token: session.adminToken,
        databaseUrl: dataset.url,
      });
      console.log(
        `  ${added.seconds.map((s) => `${s.toFixed(2)} s`).join(", ")} (${added.enrollments} enrollments each)`,
      );
      timed.push(groupAddTable(added));
    }
    if (wants("importUsers")) {
      console.log(`\nImporting 50,000 users from a CSV (timed, ${loadAverage()} load average):`);
      const imported = await measureImport({
        port: APP_PORT,
        pid: app.pid,
        databaseUrl: dataset.url,
        outboxDir: BENCH_OUTBOX,
      });
      console.log(
        `  upload ${imported.uploadSeconds.toFixed(1)} s, dry run ${imported.dryRunSeconds.toFixed(1)} s, run ${imported.runSeconds.toFixed(1)} s; app RSS ${imported.rssBeforeMb.toFixed(0)} → ${imported.rssPeakMb.toFixed(0)} MB`,
      );
      timed.push(importTable(imported));
    }
    if (wants("export")) {
      console.log(`\nExporting every enrollment as CSV (timed, ${loadAverage()} load average):`);
      const exported = await measureExport({
        port: APP_PORT,
        apexHost: `localhost:${APP_PORT}`,
        databaseUrl: dataset.url,
        pid: app.pid,
      });
      for (const r of exported)
        console.log(
          `  ${r.rows} rows, ${r.megabytes.toFixed(1)} MB in ${r.seconds.toFixed(2)} s (first byte ${r.firstByteSeconds.toFixed(2)} s); app RSS ${r.rssBeforeMb.toFixed(0)} → ${r.rssPeakMb.toFixed(0)} MB`,
        );
      timed.push(exportTable(exported));
    }
    if (wants("webhooks")) {
      console.log(
        `\n10,000 webhook events delivered while the catalog is under load (timed, ${loadAverage()} load average):`,
      );
      const hooks = await measureWebhookDelivery({
        port: APP_PORT,
        host: host(APP_PORT),
        adminToken: await signIn(`admin@${BENCH_ACCOUNT.subdomain}.example.com`),
        learnerToken: session.token,
        databaseUrl: dataset.url,
        connections: options.connections,
        seconds: options.seconds,
      });
      console.log(
        `  enrolled in ${hooks.enrollSeconds.toFixed(1)} s, the last event delivered ${hooks.lastDeliverySeconds.toFixed(1)} s after the first call; ${hooks.without.rps.toFixed(0)} req/s without deliveries, ${hooks.during.rps.toFixed(0)} during`,
      );
      timed.push(webhookDeliveryTable(hooks));
    }
    // The commits have servers of their own: these two would only sit idle.
    for (const stop of stops.splice(0).reverse()) await stop();
  }
  if (wants("mixed")) {
    console.log(
      `\nMixed workload: the soak's mix on one app process, then on two behind nginx (a copy of the large dataset); load average ${loadAverage()}.`,
    );
    const { measureMixed, mixedTable } = await import("./mixed");
    const mixed = await measureMixed({
      serverUrl: server.serverUrl,
      seconds: options.seconds,
      warmup: options.warmup,
      connections: options.connections,
      ports: { apps: [3241, 3242], nginx: 3245 },
    });
    timed.push(mixedTable(mixed));
  }
  if (wants("commits")) {
    console.log(
      `\nSCORM commits: app on 3221, commit ceiling on 3222, ${COMMIT_CONNECTIONS} connections, its own database; load average ${loadAverage()}.`,
    );
    const commits = await measureCommits(
      server.serverUrl,
      options,
      { NODE_ENV: "production" },
      options.profile ? PROFILE_DIR : undefined,
    );
    pairs.set("commits", { app: commits.app, ceiling: commits.ceiling });
    pairs.set("commitsViaNext", { app: commits.viaNext, ceiling: commits.ceiling });
  }
  if (wants("quizAnswers") || wants("quizSubmissions")) {
    console.log(
      `\nQuizzes: ${QUIZ_LEARNERS.toLocaleString("en-US")} learners' attempts (a class of ${QUIZ_CLASS.toLocaleString("en-US")} for each server's paced minute), app on 3251, quiz ceiling on 3252, ${ANSWER_CONNECTIONS} connections for answers, its own database; load average ${loadAverage()}.`,
    );
    const quizzes = await measureQuizzes(
      server.serverUrl,
      options,
      { NODE_ENV: "production" },
      options.profile ? PROFILE_DIR : undefined,
    );
    pairs.set("quizAnswers", quizzes.answers);
    pairs.set("quizSubmissions", quizzes.submissions);
  }
  if (wants("quizStatistics")) {
    console.log(
      `\nItem analysis of ${STATISTICS_ATTEMPTS.toLocaleString("en-US")} graded quiz attempts (timed, its own database, ${loadAverage()} load average):`,
    );
    const statistics = await measureQuizStatistics(server.serverUrl, { NODE_ENV: "production" }, loadAverage);
    console.log(
      `  attempts grown in ${statistics.seedSeconds.toFixed(0)} s; p50 ${statistics.p50Ms.toFixed(0)} ms, p95 ${statistics.p95Ms.toFixed(0)} ms over ${statistics.runs} requests`,
    );
    timed.push(quizStatisticsTable(statistics));
  }

  if (wants("certificatePdf")) {
    console.log(`\nMaking certificate PDFs (timed, in this process, ${loadAverage()} load average):`);
    const pdf = await measureCertificatePdf(loadAverage);
    console.log(`  p50 ${pdf.p50Ms.toFixed(1)} ms, p95 ${pdf.p95Ms.toFixed(1)} ms over ${pdf.runs} runs`);
    timed.push(certificatePdfTable(pdf));
  }

  // A page's floor is another app: only the API rows' ceilings must answer and query as the app does.
  const apiPairs = new Map([...pairs].filter(([key]) => !SCENARIOS.find((s) => s.key === key)?.page));
  const mismatches = compareResults(apiPairs, isDeepStrictEqual);
  for (const line of mismatches) console.warn(`⚠ ${line}`);
  const rows = SCENARIOS.filter((s) => pairs.has(s.key)).map((scenario) => ({ scenario, ...pairs.get(scenario.key)! }));
  const apiRows = rows.filter((r) => !r.scenario.page);
  const pageRows = rows.filter((r) => r.scenario.page);
  const scale = reportScaleTable(rows);
  const table = [
    ...(apiRows.length ? [printTable(apiRows)] : []),
    ...(pageRows.length ? [printPageTable(pageRows, options.connections)] : []),
    ...(scale ? [scale] : []),
    ...timed,
  ].join("\n\n");
  console.log(
    `\n${table}\n\nLoad average at the end: ${loadAverage()} (this machine's other work moves the figures: see docs/benchmarks.md).`,
  );
  // A partial run (--only) is exploration, not a result to publish.
  if (!options.noDocs && !options.only && marker) {
    writeBenchmarksDoc({
      table,
      machine: machineInfo(postgres, loadAtStart),
      marker,
      options,
      mismatches,
      pool: appEnv.DB_POOL_MAX,
    });
  }
  if (rows.some((r) => r.app.measurement === null || r.ceiling.measurement === null) || mismatches.length) exitCode = 1;
} catch (error) {
  if (!(error instanceof TraceDone)) {
    exitCode = 1;
    console.error(error);
  }
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  await server.stop();
}
process.exit(exitCode);
