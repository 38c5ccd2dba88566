import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { prepareAuthEnv } from "../../server/runtime-env";
import type { WebMeasurement } from "./web/lighthouse";
import type { WebPage } from "./web/pages";
import type { HtmlRow, WebRow } from "./web/report";

// npm run bench:web [-- --port 3213 --no-docs]: what the learner's browser does. Lighthouse on the
// dashboard, a course page, a lesson page and the admin reports page of the production build, on a fresh
// database with the demo data, signed in, after the page floor (a minimal Next.js app, on the next port) as
// the reference; the medians against their targets go to docs/benchmarks.md.
// Every run's full report stays in .data/bench/web/ for the diagnostics (open one in the Lighthouse viewer).

prepareAuthEnv();
const args = process.argv.slice(2);
const portAt = args.indexOf("--port");
const port = portAt >= 0 ? Number(args[portAt + 1]) : 3213;
if (!Number.isInteger(port) || port <= 0) throw new Error("--port needs a port number");
const noDocs = args.includes("--no-docs");
const REPORT_DIR = ".data/bench/web";
const SUBDOMAIN = "acme";

const { startPostgres, createFreshDatabase } = await import("../../server/database/postgres");
const { applyMigrations } = await import("../../server/database/schema-engine");
const { loadAverage, machineInfo } = await import("./report");

const stops: (() => Promise<void>)[] = [];
let exitCode = 0;
try {
  const server = await startPostgres({ purpose: "app" });
  stops.unshift(server.stop);
  const database = await createFreshDatabase(server.serverUrl, "lms_bench_web");
  stops.unshift(database.drop);
  await applyMigrations(database.url);
  const scratch = mkdtempSync(path.join(tmpdir(), "lms-bench-web-"));
  stops.push(async () => rmSync(scratch, { recursive: true, force: true }));
  // The seed (here) and the app (its own process) share the database and the uploaded files.
  const appEnv = {
    DATABASE_URL: database.url,
    UPLOAD_DIR: path.join(scratch, "uploads"),
    MAIL_OUTBOX_DIR: path.join(scratch, "outbox"),
  };
  Object.assign(process.env, appEnv);
  const paths = await seedDemoData();

  const { buildIfNeeded } = await import("../lib/build");
  buildIfNeeded();
  const { startServerProcess } = await import("./server-process");
  const app = await startServerProcess(
    "scripts/bench/app-process.ts",
    { ...appEnv, NODE_ENV: "production", PORT: String(port) },
    "The app",
  );
  stops.unshift(app.stop);
  let stopping = false;
  stops.unshift(async () => {
    stopping = true;
  });
  // Its log goes to its stdout, which the bench keeps: shown when it dies under a measurement.
  void app.exited.then((code) => {
    if (!stopping)
      console.error(`The app exited (code ${code}); its last lines:\n${app.drain().slice(-30).join("\n")}`);
  });

  const { launchBrowser, signIn } = await import("./web/browser");
  const { medianMeasurement, runLighthouse } = await import("./web/lighthouse");
  const { FLOOR_PAGE, RUNS, WEB_PAGES } = await import("./web/pages");
  const { PAGE_FLOOR_PATH, startPageFloor } = await import("./page-floor");
  const { webTable, writeWebSection } = await import("./web/report");
  const { htmlFigures } = await import("./web/html");
  const { DEMO_PASSWORD, demoEmail } = await import("@/prisma/seed/demo-data");
  const { postgresVersion } = await import("./dataset");
  const { browser, page } = await launchBrowser();
  stops.unshift(() => browser.close());
  const chromium = await browser.version();
  const origin = `http://${SUBDOMAIN}.localhost:${port}`;

  const loadAtStart = loadAverage();
  console.log(`\nLighthouse on ${origin} with ${chromium}; load average ${loadAtStart}.`);
  const rows: WebRow[] = [];
  const htmlRows: HtmlRow[] = [];
  let lighthouseVersion = "unknown";
  const benchmarkIndexes: number[] = [];
  const measure = async (webPage: WebPage, url: string) => {
    // Unmeasured: the server's first render of a route (JIT, caches) is not what a browser meets later.
    await page.goto(url, { waitUntil: "load" });
    if (!webPage.reference) {
      const html = await page.evaluate(async (address: string) => (await fetch(address)).text(), url);
      htmlRows.push({ page: webPage, html: htmlFigures(html) });
    }
    for (const preset of webPage.presets) {
      const runs: WebMeasurement[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const report = `${REPORT_DIR}/${webPage.key}-${preset}-${run}.json`;
        const { measured, lighthouseVersion: version } = await runLighthouse(page, url, preset, report);
        lighthouseVersion = version;
        runs.push(measured);
        benchmarkIndexes.push(measured.benchmarkIndex);
        console.log(
          `  ${webPage.label} ${preset} #${run}: performance ${measured.performance}, accessibility ${measured.accessibility}, ` +
            `best practices ${measured.bestPractices}, LCP ${(measured.lcpMs / 1000).toFixed(1)} s, TBT ${measured.tbtMs.toFixed(0)} ms`,
        );
      }
      rows.push({ page: webPage, preset, median: medianMeasurement(runs) });
    }
  };
  // The framework's own figures first, on the same machine in the same minutes.
  const floor = await startPageFloor(port + 1);
  stops.unshift(floor.stop);
  await measure(FLOOR_PAGE, `http://localhost:${floor.port}${PAGE_FLOOR_PATH}`);
  await floor.stop();
  for (const viewer of ["learner", "admin"] as const) {
    await signIn(page, origin, demoEmail(viewer, SUBDOMAIN), DEMO_PASSWORD);
    for (const webPage of WEB_PAGES.filter((p) => p.viewer === viewer))
      await measure(webPage, `${origin}${paths[webPage.key]}`);
  }
  const table = webTable(rows, htmlRows);
  console.log(`\n${table}\n`);
  const machine = machineInfo(await postgresVersion(database.url), loadAtStart);
  console.log(`Load average ${machine.loadAverage.start} at the start, ${machine.loadAverage.end} at the end.`);
  const sortedIndexes = [...benchmarkIndexes].sort((a, b) => a - b);
  if (!noDocs)
    writeWebSection({
      table,
      machine,
      lighthouse: lighthouseVersion,
      chromium,
      benchmarkIndex: sortedIndexes[Math.floor(sortedIndexes.length / 2)] ?? 0,
    });
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  for (const stop of stops) await stop().catch((e: unknown) => console.error("cleanup:", e));
}
process.exit(exitCode);

/** The demo data on the fresh database; returns the path of each measured page. */
async function seedDemoData(): Promise<Record<string, string>> {
  const { closeDatabase, db } = await import("@/lib/db");
  const { seedDemo } = await import("@/prisma/seed/seed-demo");
  const { DEMO_COURSES } = await import("@/prisma/seed/demo-data");
  try {
    await seedDemo(db());
    const organization = await db().organization.findUniqueOrThrow({ where: { subdomain: SUBDOMAIN } });
    // The demo learner's first course (enrolled, one lesson done) and its first lesson.
    const lesson = await db().lesson.findFirstOrThrow({
      where: { organizationId: organization.id, course: { title: DEMO_COURSES[0]!.title } },
      orderBy: [{ module: { position: "asc" } }, { position: "asc" }],
    });
    return {
      dashboard: "/dashboard",
      course: `/courses/${lesson.courseId}`,
      lesson: `/courses/${lesson.courseId}/modules/${lesson.moduleId}/lessons/${lesson.id}`,
      reports: "/admin/reports",
    };
  } finally {
    // The database is dropped at the end; no connection of this process may be left in it.
    await closeDatabase();
  }
}
