import { spawn, spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { prepareAuthEnv } from "../server/runtime-env";
import { prepareCmi5Suite, runCmi5Suite } from "./conformance/cmi5-suite";
import { ensureChromium } from "./lib/chromium";

// npm run test:conformance: ADL's LRS conformance suite (third-party, kept unmodified in the shared folder
// beside this repository) against the app's xAPI endpoint, for xAPI 2.0.0 and 1.0.3, then ADL's CATAPULT
// LMS test suite against the app as a cmi5 LMS (scripts/conformance/cmi5-suite.ts, docs/cmi5.md). Each
// suite is copied to a scratch folder and installed there; the app runs as in npm test (the production
// build on a fresh database) with a throw-away organization, an LRS client holding every scope and an
// administrator's API key (per xAPI version, an LRS client whose content speaks that version). Exits 1
// when a test fails or a run is cut short.
//   LRS_CONFORMANCE_SUITE=/path/to/xapi-lrs   the LRS suite's folder, when the repo is not next to shared/
//   CMI5_CONFORMANCE_SUITE=/path/to/cmi5-lms  the CATAPULT suite's folder (it holds lts/), likewise
//   CONFORMANCE_SUITES=lrs,cmi5               the suites to run
//   CONFORMANCE_PORT=3730                     the app's port
//   CONFORMANCE_VERSIONS=2.0.0,1.0.3          the xAPI versions to run

const repo = process.cwd();
const suiteSource = path.resolve(
  process.env.LRS_CONFORMANCE_SUITE ?? path.join(repo, "..", "shared", "conformance", "xapi-lrs"),
);
if (!existsSync(path.join(suiteSource, "bin", "console_runner.js"))) {
  console.error(
    `test:conformance: the LRS conformance suite is not at ${suiteSource}.\n` +
      "Set LRS_CONFORMANCE_SUITE to the folder of adlnet/lrs-conformance-test-suite (it holds bin/console_runner.js).",
  );
  process.exit(2);
}
const cmi5Source = path.resolve(
  process.env.CMI5_CONFORMANCE_SUITE ?? path.join(repo, "..", "shared", "conformance", "cmi5-lms"),
);
const cmi5Present = existsSync(path.join(cmi5Source, "lts", "package.json"));
// Unasked, the CATAPULT suite runs when it is there (a shared folder of an older day has the LRS suite only).
const suites = (process.env.CONFORMANCE_SUITES ?? (cmi5Present ? "lrs,cmi5" : "lrs")).split(",").map((s) => s.trim());
if (!cmi5Present && !process.env.CONFORMANCE_SUITES)
  console.log(`No CATAPULT suite at ${cmi5Source}: cmi5 is skipped.`);
if (suites.includes("cmi5") && !cmi5Present) {
  console.error(
    `test:conformance: the CATAPULT cmi5 suite is not at ${cmi5Source}.\n` +
      "Set CMI5_CONFORMANCE_SUITE to the folder holding CATAPULT's lts/ (and requirements/).",
  );
  process.exit(2);
}
const port = Number(process.env.CONFORMANCE_PORT ?? 3730);
const versions = (process.env.CONFORMANCE_VERSIONS ?? "2.0.0,1.0.3").split(",").map((v) => v.trim());

/** A child process's exit code. Never spawnSync: the app answers the suite from this very process. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: "inherit" });
    child.on("error", reject);
    child.on("close", (code) => resolve(code ?? 1));
  });
}

/** The titles of the failed tests in the suite's JSON log (a tree of suites and tests). */
function failedTitles(log: unknown): string[] {
  const out: string[] = [];
  const walk = (node: { title?: string; status?: string; tests?: unknown[] }) => {
    if (!node.tests?.length) {
      if (node.status === "failed" && node.title) out.push(node.title);
      return;
    }
    for (const child of node.tests) walk(child as typeof node);
  };
  // A run without failures has no tree at all.
  const tree = (log as { log?: Parameters<typeof walk>[0] }).log;
  if (tree) walk(tree);
  return out;
}

function newestLog(folder: string): string | null {
  if (!existsSync(folder)) return null;
  const logs = readdirSync(folder).map((f) => path.join(folder, f));
  return logs.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0] ?? null;
}

const scratch = mkdtempSync(path.join(tmpdir(), "lrs-conformance-"));
const suite = path.join(scratch, "xapi-lrs");
if (suites.includes("lrs")) {
  cpSync(suiteSource, suite, { recursive: true });
  // The shared folder is read-only; the copy must be writable for the install and the suite's logs.
  spawnSync("chmod", ["-R", "u+w", suite]);
  chmodSync(suite, 0o755);
  console.log(`Installing the suite in ${suite}…`);
  const lockfile = existsSync(path.join(suite, "package-lock.json"));
  // Its packages need no install scripts (one only prints a message): none run.
  const install = [lockfile ? "ci" : "install", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"];
  if ((await run("npm", install, suite)) !== 0) {
    console.error("test:conformance: the suite's npm install failed");
    process.exit(1);
  }
}
const cmi5Lts = suites.includes("cmi5")
  ? await prepareCmi5Suite(cmi5Source, scratch, path.join(repo, "scripts/conformance/cmi5-adapter.js"))
  : null;

prepareAuthEnv();
const { startTestEnvironment } = await import("./lib/test-environment");
const { createLrsTenant } = await import("./conformance/lrs-tenant");
const { testEnv, stop } = await startTestEnvironment(port);
let failed = false;
// The app's test harness records uncaught errors without exiting: an error of this script must fail the run.
try {
  // The CATAPULT suite reads the statements as xAPI 1.0.3 (its helpers send that version).
  const clientVersions = [...new Set([...(suites.includes("lrs") ? versions : []), ...(cmi5Lts ? ["1.0.3"] : [])])];
  const tenant = await createLrsTenant(testEnv.TEST_DATABASE_URL!, clientVersions);
  const endpoint = `http://${tenant.subdomain}.localhost:${port}/xapi`;
  const summary: string[] = [];
  for (const version of suites.includes("lrs") ? versions : []) {
    console.log(`\nxAPI ${version} against ${endpoint}`);
    const env = {
      ...process.env,
      NODE_OPTIONS: `--import ${path.join(repo, "scripts/conformance/resolve-localhost.mjs")}`,
    };
    const args = [
      "bin/console_runner.js",
      "-e",
      endpoint,
      "-a",
      "-u",
      tenant.clients.get(version)!.key,
      "-p",
      tenant.clients.get(version)!.secret,
      "-x",
      version,
      "-z",
    ];
    await run("node", args, suite, env);
    const logFile = newestLog(path.join(suite, "logs"));
    if (!logFile) throw new Error(`the suite wrote no log for ${version}`);
    const log = JSON.parse(readFileSync(logFile, "utf8")) as {
      summary?: { total?: number; passed?: number; failed?: number };
    };
    const failures = failedTitles(log);
    const { total = 0, passed = 0 } = log.summary ?? {};
    summary.push(`xAPI ${version}: ${passed} passed, ${failures.length} failed of ${total}`);
    for (const t of failures) summary.push(`  FAILED: ${t}`);
    // A run cut short (its setup failed, the app stopped answering) has tests that neither passed nor failed.
    if (failures.length || total === 0 || passed + failures.length < total) failed = true;
    rmSync(logFile);
  }
  if (cmi5Lts) {
    const origin = `http://${tenant.subdomain}.localhost:${port}`;
    console.log(`\ncmi5 (CATAPULT LMS test suite) against ${origin}`);
    const result = await runCmi5Suite(cmi5Lts, {
      baseUrl: origin,
      apiKey: tenant.apiKey,
      lrsEndpoint: endpoint,
      lrsKey: tenant.clients.get("1.0.3")!.key,
      lrsSecret: tenant.clients.get("1.0.3")!.secret,
      chromium: await ensureChromium(),
      resolveLocalhost: path.join(repo, "scripts/conformance/resolve-localhost.mjs"),
    });
    summary.push(
      `cmi5: ${result.passed} passed, ${result.failed.length} failed, ${result.skipped} skipped of ${result.total}`,
    );
    for (const t of result.failed) summary.push(`  FAILED: ${t}`);
    if (result.failed.length || result.total === 0 || result.passed + result.skipped < result.total) failed = true;
  }
  console.log(`\n${summary.join("\n")}`);
} catch (error) {
  console.error("test:conformance:", error);
  failed = true;
} finally {
  await stop();
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
