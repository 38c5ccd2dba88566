import { spawn } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

// Which Chromium the end-to-end tests drive. Playwright cannot download its own browsers on offline
// machines, so `npm test` finds one — CHROMIUM_PATH, then the system's, then Playwright's own cache — and
// installs one when there is none: Debian's packages when running as root on Debian (apt reaches its
// mirror on these machines), else `npx playwright install chromium` (a connected machine).
//
// The headless shell comes first: it is the build Playwright itself runs headless tests in, and it does
// the same suite with about a third less CPU than the full browser's headless mode (no browser UI, no
// GPU process), which on a two-core machine shared with the server is a quarter of the e2e step's time.

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const SYSTEM_BROWSERS = [
  HEADLESS_SHELL,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
];

export class ChromiumUnavailable extends Error {}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Playwright's own download of Chromium (~/.cache/ms-playwright), if it is there. */
function playwrightCacheBrowser(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require("playwright-core") as { chromium: { executablePath(): string } };
    const file = chromium.executablePath();
    return isExecutable(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/** A Chromium that is already on this machine, without installing anything. */
export function findChromium(): { path: string; source: string } | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!isExecutable(configured))
      throw new ChromiumUnavailable(
        `CHROMIUM_PATH is set to ${configured}, which is not an executable file: fix it or unset it`,
      );
    return { path: configured, source: "CHROMIUM_PATH" };
  }
  const system = SYSTEM_BROWSERS.find(isExecutable);
  if (system) return { path: system, source: "the system's Chromium" };
  const cached = playwrightCacheBrowser();
  if (cached) return { path: cached, source: "Playwright's browser cache" };
  return undefined;
}

function run(command: string, args: string[], log: (line: string) => void): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let tail = "";
    const keep = (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-4000));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", () => resolve(false));
    child.on("close", (code) => {
      if (code !== 0) log(`${command} ${args.join(" ")} exited with ${code}:\n${tail.trim()}`);
      resolve(code === 0);
    });
  });
}

const isDebianRoot = () => existsSync("/etc/debian_version") && process.getuid?.() === 0;

/**
 * A Chromium for the e2e tests: found, or installed when there is none. Throws ChromiumUnavailable with
 * one line of what to do when neither works.
 */
export async function ensureChromium(log: (line: string) => void = console.log): Promise<string> {
  const found = findChromium();
  if (found) {
    log(`Chromium: ${found.path} (${found.source})`);
    return found.path;
  }
  if (isDebianRoot()) {
    log(
      "Chromium: none found; installing Debian's chromium-headless-shell package (apt-get install chromium-headless-shell)…",
    );
    if (await run("apt-get", ["update", "-qq"], log)) {
      // A release without the headless shell package gets the full browser, which runs the tests as well.
      const installed =
        (await run("apt-get", ["install", "-y", "-qq", "chromium-headless-shell"], log)) ||
        (await run("apt-get", ["install", "-y", "-qq", "chromium"], log));
      const found = installed ? findChromium() : undefined;
      if (found) return found.path;
    }
  } else {
    log("Chromium: none found; installing Playwright's (npx playwright install chromium)…");
    const npx = path.join(path.dirname(process.execPath), "npx");
    if (await run(existsSync(npx) ? npx : "npx", ["playwright", "install", "chromium"], log)) {
      const installed = findChromium();
      if (installed) return installed.path;
    }
  }
  throw new ChromiumUnavailable(
    "No Chromium for the end-to-end tests and none could be installed: install one (Debian: apt-get install chromium-headless-shell; elsewhere: npx playwright install chromium) or set CHROMIUM_PATH to its executable",
  );
}
