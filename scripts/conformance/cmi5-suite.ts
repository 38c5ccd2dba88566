import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

// ADL's CATAPULT LMS test suite (third-party, unmodified, in the shared folder beside this repository)
// against the app as a cmi5 LMS, through the project's adapter (scripts/conformance/cmi5-adapter.js, the
// suite's lib/lms.custom.js). The suite is copied to a scratch folder, installed without its install
// scripts (puppeteer downloads no browser: it drives the Chromium npm test uses), its test packages built
// (or the same suite's installed and built copy taken from the cache), and its jest run; the counts come
// from its JUnit report.

export interface Cmi5SuiteTarget {
  /** The organization's origin: http://{subdomain}.localhost:{port}. */
  baseUrl: string;
  apiKey: string;
  lrsEndpoint: string;
  lrsKey: string;
  lrsSecret: string;
  chromium: string;
  /** Preloaded into the suite's node processes so *.localhost resolves to this machine. */
  resolveLocalhost: string;
}

export interface Cmi5SuiteResult {
  total: number;
  passed: number;
  failed: string[];
  skipped: number;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: "inherit" });
    child.on("error", reject);
    child.on("close", (code) => resolve(code ?? 1));
  });
}

/**
 * Copies, installs and builds the suite below `scratch`; returns its lts folder. The installed and built
 * copy is kept in a cache keyed by the suite's content (its install and package build are two of the
 * run's minutes), so a later run with the same suite copies it instead; the suite itself is never changed.
 */
export async function prepareCmi5Suite(source: string, scratch: string, adapter: string): Promise<string> {
  const copy = path.join(scratch, "cmi5-lms");
  const cached = path.join(cacheRoot(), `cmi5-lms-${suiteHash(source)}`);
  if (existsSync(path.join(cached, "lts", "pkg", "dist"))) {
    console.log(`Using the cmi5 suite installed and built in ${cached}`);
    cpSync(cached, copy, { recursive: true, verbatimSymlinks: true });
  } else {
    await installAndBuild(source, copy);
    rmSync(cached, { recursive: true, force: true });
    cpSync(copy, `${cached}.partial`, { recursive: true, verbatimSymlinks: true });
    renameSync(`${cached}.partial`, cached);
  }
  const lts = path.join(copy, "lts");
  copyFileSync(adapter, path.join(lts, "lib", "lms.custom.js"));
  return lts;
}

async function installAndBuild(source: string, copy: string): Promise<void> {
  cpSync(source, copy, { recursive: true });
  spawnSync("chmod", ["-R", "u+w", copy]);
  chmodSync(copy, 0o755);
  const lts = path.join(copy, "lts");
  const env = { ...process.env, PUPPETEER_SKIP_CHROMIUM_DOWNLOAD: "1", PUPPETEER_SKIP_DOWNLOAD: "1" };
  console.log(`Installing the cmi5 suite in ${lts}…`);
  if ((await run("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], lts, env)) !== 0)
    throw new Error("the cmi5 suite's npm install failed");
  console.log("Building its test packages…");
  const build = { ...env, NODE_OPTIONS: "--openssl-legacy-provider" };
  if ((await run("npx", ["webpack", "--no-stats"], path.join(lts, "pkg"), build)) !== 0)
    throw new Error("building the cmi5 suite's packages failed");
}

/** CONFORMANCE_CACHE, else the user's cache folder (outside any clone, so clean clones share it). */
function cacheRoot(): string {
  const root =
    process.env.CONFORMANCE_CACHE ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"), "learning-management", "conformance");
  mkdirSync(root, { recursive: true });
  return root;
}

/** SHA-256 over every file's path and content in the suite (its own node_modules, if any, left out). */
function suiteHash(source: string): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === "node_modules") continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) hash.update(path.relative(source, file)).update("\0").update(readFileSync(file));
    }
  };
  walk(source);
  return hash.digest("hex").slice(0, 16);
}

/** Runs the suite's jest against the target and reads its JUnit report. */
export async function runCmi5Suite(lts: string, target: Cmi5SuiteTarget): Promise<Cmi5SuiteResult> {
  const puppeteerConfig = path.join(lts, "jest-puppeteer.lms.json");
  writeFileSync(
    puppeteerConfig,
    JSON.stringify({
      launch: {
        headless: true,
        executablePath: target.chromium,
        args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
      },
    }),
  );
  const env = {
    ...process.env,
    CATAPULT_LMS: path.join(lts, "lib", "lms.custom.js"),
    JEST_PUPPETEER_CONFIG: puppeteerConfig,
    LMS_BASE_URL: target.baseUrl,
    LMS_API_KEY: target.apiKey,
    LRS_ENDPOINT: target.lrsEndpoint,
    LRS_KEY: target.lrsKey,
    LRS_SECRET: target.lrsSecret,
    NODE_OPTIONS: `--import ${target.resolveLocalhost}`,
  };
  // The suite leaves puppeteer and keep-alive sockets open: jest would wait for them for ever.
  await run("npx", ["jest", "--ci", "--runInBand", "--forceExit"], lts, env);
  return readJunit(path.join(lts, "var"));
}

/** Sums the JUnit reports jest-junit wrote (one per run). */
export function readJunit(folder: string): Cmi5SuiteResult {
  const result: Cmi5SuiteResult = { total: 0, passed: 0, failed: [], skipped: 0 };
  if (!existsSync(folder)) return result;
  for (const file of readdirSync(folder).filter((f) => f.endsWith(".xml"))) {
    const xml = readFileSync(path.join(folder, file), "utf8");
    for (const match of xml.matchAll(/<testcase\b[^>]*name="([^"]*)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)) {
      result.total++;
      const inner = match[3] ?? "";
      if (/<skipped\b/.test(inner)) result.skipped++;
      else if (/<(failure|error)\b/.test(inner)) result.failed.push(decode(match[1]!));
      else result.passed++;
    }
  }
  return result;
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
