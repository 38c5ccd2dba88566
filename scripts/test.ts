import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ChromiumUnavailable, ensureChromium } from "./lib/chromium";
import { ensurePoppler } from "./lib/poppler";
import { MigrationsDisagree, startTestEnvironment } from "./lib/test-environment";
import { prepareAuthEnv } from "../server/runtime-env";

// npm test: lint, type-check, formatting, unit tests, then a fresh database + the production build served on a test
// port for the integration tests (HTTP against the real server and PostgreSQL), the security suites
// (test/security), the Chromium e2e suite, the visual regression suite and the soak.

const TEST_PORT = Number(process.env.TEST_PORT ?? 3100);

// Asynchronous on purpose: the app server runs in this process and must keep answering meanwhile.
async function step(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const status = await new Promise<number | null>((resolve) => {
    spawn(command, args, { stdio: "inherit", env })
      .on("close", resolve)
      .on("error", () => resolve(null));
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (status !== 0) throw new StepFailed(`${name} failed after ${seconds} s`);
  console.log(`✔ ${name} (${seconds} s)`);
}

class StepFailed extends Error {}

// Each runner also writes a JSON report, so the run can end with one plain "N passed, N failed" line.
const reports = mkdtempSync(path.join(tmpdir(), "lms-reports-"));
const vitestArgs = (project: string) => [
  "vitest",
  "run",
  "--project",
  project,
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${path.join(reports, `${project}.json`)}`,
];

function countResults(): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  for (const file of readdirSync(reports)) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(path.join(reports, file), "utf8"));
    } catch {
      failed += 1; // a runner that died mid-report counts as a failure, never as silence
      continue;
    }
    const report = raw as {
      numPassedTests?: number;
      numFailedTests?: number;
      stats?: { expected: number; unexpected: number; flaky: number };
    };
    passed += report.numPassedTests ?? (report.stats ? report.stats.expected + report.stats.flaky : 0);
    failed += report.numFailedTests ?? report.stats?.unexpected ?? 0;
  }
  return { passed, failed };
}

prepareAuthEnv();
// As this run started: the test app below adds its own settings to process.env, which the visual suite's
// app must not inherit (an upload limit is written on a page).
const launchEnv = { ...process.env };
ensurePoppler();
const started = Date.now();
const cleanups: (() => Promise<void>)[] = [];
let exitCode = 0;

// Found (or installed) while the other steps run; only the e2e step needs it.
const chromium = ensureChromium().then(
  (file) => ({ file }),
  (error: unknown) => ({ error: error instanceof ChromiumUnavailable ? error.message : String(error) }),
);

try {
  await step("prisma generate", "npx", ["prisma", "generate"]);
  // Each is one thread: side by side they take about the time of the longest on two cores.
  await Promise.all([
    step("lint", "npx", ["eslint", "--max-warnings=0", "."]),
    step("type-check", "npx", ["tsc", "--noEmit"]),
    step("formatting (Prettier)", "npx", ["prettier", "--check", "."]),
  ]);
  // The whole project's types are checked: the production build need not check them again.
  process.env.LMS_TYPES_CHECKED = "true";
  await step("unit tests", "npx", vitestArgs("unit"));

  const environment = await startTestEnvironment(TEST_PORT);
  cleanups.unshift(environment.stop);
  const testEnv = { ...process.env, ...environment.testEnv };
  await step("integration tests", "npx", vitestArgs("integration"), testEnv);
  await step(
    "security suites (cross-tenant sweep, role matrix, fuzzing, headers)",
    "npx",
    vitestArgs("security"),
    testEnv,
  );
  const browser = await chromium;
  if ("error" in browser) throw new StepFailed(browser.error);
  await step(
    "end-to-end tests (Chromium)",
    "npx",
    ["playwright", "test", "--project", "chromium", "--reporter=list,json"],
    {
      ...testEnv,
      CHROMIUM_PATH: browser.file,
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, "e2e.json"),
    },
  );
  // Screenshots of every page against the committed baselines, on an app process and database of their own
  // beside the test server's: the demo data on a frozen clock (docs/visual-tests.md).
  await step(
    "visual regression (Chromium)",
    "npx",
    ["tsx", "--import", "./server/server-only-hook.mjs", "scripts/visual/run.ts", "--reporter=list,json"],
    {
      ...launchEnv,
      DATABASE_URL: environment.testEnv.TEST_DATABASE_SERVER_URL,
      CHROMIUM_PATH: browser.file,
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, "visual.json"),
    },
  );
  // A minute of the mixed workload on the demo data, on its own app process and database beside the
  // test server's: bounds no loaded machine misses (a p95 four times the first windows'), tight enough
  // for a leak of a megabyte a second (docs/reliability.md).
  await step(
    "soak (60 s on the demo data)",
    "npx",
    [
      "tsx",
      "--import",
      "./server/server-only-hook.mjs",
      "scripts/soak/run.ts",
      ...["--minutes", "1", "--dataset", "demo", "--max-p95-ratio", "4", "--max-heap-slope", "1"],
    ],
    { ...process.env, DATABASE_URL: environment.testEnv.TEST_DATABASE_SERVER_URL, SOAK_PORT: String(TEST_PORT + 5) },
  );
} catch (error) {
  exitCode = 1;
  console.error(error instanceof StepFailed || error instanceof MigrationsDisagree ? `\n✘ ${error.message}` : error);
} finally {
  for (const cleanup of cleanups) await cleanup().catch((e: unknown) => console.error("cleanup:", e));
}
const { passed, failed } = countResults();
rmSync(reports, { recursive: true, force: true });
console.log(`\nnpm test ${exitCode === 0 ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(exitCode);
