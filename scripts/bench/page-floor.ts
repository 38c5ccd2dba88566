import { spawn, spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { newestMtime } from "../lib/build";
import { call } from "./http";

// The page floor: a minimal Next.js app of the app's own Next version (scripts/bench/page-floor: a bare
// root layout and one dynamic page that reads the cookies and renders a 40-item list), built by the
// benchmark and served by `next start`. What it costs per page is what Next.js itself costs; every page
// row is measured against it, the way the API rows are measured against their ceiling.

const DIR = "scripts/bench/page-floor";
const SOURCES = ["app", "instrumentation.js", "next.config.mjs"];
export const PAGE_FLOOR_PATH = "/";

function buildIfStale(): void {
  const buildId = path.join(DIR, ".next/BUILD_ID");
  const packageJson = "node_modules/next/package.json";
  const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  const newest = Math.max(statSync(packageJson).mtimeMs, ...SOURCES.map((s) => newestMtime(path.join(DIR, s))));
  if (built > newest) return;
  console.log("Building the page floor (a minimal Next.js app)…");
  const result = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build", DIR], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error("next build of the page floor failed");
}

export interface PageFloor {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

export async function startPageFloor(port: number): Promise<PageFloor> {
  buildIfStale();
  const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", DIR, "-p", String(port)], {
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    // Next's own shutdown waits for idle keep-alive connections, which a browser that measured the floor may
    // keep open for minutes.
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
  for (let waited = 0; waited < 60_000; waited += 200) {
    const answer = await call(port, `localhost:${port}`, PAGE_FLOOR_PATH).catch(() => null);
    if (answer?.status === 200) return { port, pid: child.pid!, stop };
    await sleep(200);
  }
  await stop();
  throw new Error("The page floor did not start within 60 s");
}
