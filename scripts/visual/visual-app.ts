import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createFreshDatabase } from "../../server/database/postgres";
import { startServerProcess } from "../bench/server-process";

// The app the visual regression suite photographs: the production build in a process of its own, on a fresh
// database holding the demo data, with the clock frozen in both (scripts/visual/frozen-clock.mjs), so every
// page shows the same data, dates and "today" on every run.

/**
 * Fixed, because the pages write it: the organization and subdomain tables show each organization's
 * address with the port the browser used.
 */
export const VISUAL_PORT = 3600;

/** When the demo is seeded (its clock runs on from here) and when the app and the browser stand still. */
const SEEDED_AT = "2026-03-11T09:00:00.000Z";
const SERVED_AT = "2026-03-11T10:00:00.000Z";

const FROZEN_CLOCK = pathToFileURL(path.resolve("scripts/visual/frozen-clock.mjs")).href;

export interface VisualApp {
  /** What the Playwright project `visual` reads. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startVisualApp(serverUrl: string): Promise<VisualApp> {
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch((e: unknown) => console.error("cleanup:", e));
  };
  try {
    const scratch = mkdtempSync(path.join(tmpdir(), "lms-visual-"));
    stops.push(async () => rmSync(scratch, { recursive: true, force: true }));
    const database = await createFreshDatabase(serverUrl, "lms_visual");
    stops.push(database.drop);
    const appEnv = {
      DATABASE_URL: database.url,
      UPLOAD_DIR: path.join(scratch, "uploads"),
      MAIL_OUTBOX_DIR: path.join(scratch, "outbox"),
      // Server renders write times in the server's zone; the browser's is set to UTC too (the spec).
      TZ: "UTC",
    };
    seedDemo({ ...appEnv, FROZEN_CLOCK_AT: SEEDED_AT, FROZEN_CLOCK_TICKS: "true" });
    const app = await startServerProcess(
      "scripts/bench/app-process.ts",
      {
        ...appEnv,
        NODE_ENV: "production",
        PORT: String(VISUAL_PORT),
        BENCH_PROFILE_DIR: "",
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${FROZEN_CLOCK}`.trim(),
        FROZEN_CLOCK_AT: SERVED_AT,
        // No jobs: a cron job or a reminder landing mid-run would change what a page shows.
        JOB_WORKERS: "false",
        // The session cookie's expiry is written from the frozen clock, months before the real date: the
        // browser would drop a cookie that expired already (it caps a longer one at 400 days from today).
        SESSION_MAX_AGE_SECONDS: String(100 * 365 * 24 * 3600),
      },
      "The visual suite's app",
    );
    stops.push(app.stop);
    return {
      env: {
        // e2e/support.ts builds its origins from TEST_PORT.
        TEST_PORT: String(VISUAL_PORT),
        TEST_BASE_URL: `http://localhost:${VISUAL_PORT}`,
        VISUAL_NOW: SERVED_AT,
        VISUAL_DATABASE_URL: database.url,
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `npm run db:seed` (migrations, then the demo data) in a process of its own, on the frozen clock. */
function seedDemo(env: Record<string, string>): void {
  const seeded = spawnSync(
    process.execPath,
    ["--import", "tsx", "--import", "./server/server-only-hook.mjs", "--import", FROZEN_CLOCK, "scripts/db/seed.ts"],
    { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (seeded.status !== 0) throw new Error(`Seeding the demo data failed (exit code ${seeded.status})`);
}
