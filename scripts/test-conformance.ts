import { spawn, spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { prepareAuthEnv } from "../server/runtime-env";

// npm run test:conformance: ADL's LRS conformance suite (third-party, kept unmodified in the shared folder
// beside this repository) against the app's xAPI endpoint, for xAPI 2.0.0 and 1.0.3. The suite is copied
// to a scratch folder and installed there; the app runs as in npm test (the production build on a fresh
// database) with a throw-away organization and, per version, an LRS client holding every scope whose
// content speaks that version. Exits 1 when a test fails or a run is cut short.
//   LRS_CONFORMANCE_SUITE=/path/to/xapi-lrs   the suite's folder, when the repo is not next to shared/
//   CONFORMANCE_PORT=3730                     the app's port
//   CONFORMANCE_VERSIONS=2.0.0,1.0.3          the versions to run

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

prepareAuthEnv();
const { startTestEnvironment } = await import("./lib/test-environment");
const { createLrsTenant } = await import("./conformance/lrs-tenant");
const { testEnv, stop } = await startTestEnvironment(port);
let failed = false;
// The app's test harness records uncaught errors without exiting: an error of this script must fail the run.
try {
  const tenant = await createLrsTenant(testEnv.TEST_DATABASE_URL!, versions);
  const endpoint = `http://${tenant.subdomain}.localhost:${port}/xapi`;
  const summary: string[] = [];
  for (const version of versions) {
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
  console.log(`\n${summary.join("\n")}`);
} catch (error) {
  console.error("test:conformance:", error);
  failed = true;
} finally {
  await stop();
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
