import { defineConfig } from "@playwright/test";
import { findChromium } from "./scripts/lib/chromium";

// Run through `npm test` (scripts/test.ts), which starts the production server on TEST_BASE_URL with a
// fresh database and finds (or installs) Chromium: CHROMIUM_PATH, the system's, Playwright's cache.
const port = Number(process.env.TEST_PORT ?? 3100);

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.TEST_BASE_URL ?? `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: findChromium()?.path,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } }],
});
