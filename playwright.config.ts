import { defineConfig } from "@playwright/test";
import { findChromium } from "./scripts/lib/chromium";
import "./server/server-only-hook.mjs";

// The specs seed through test/factories.ts, which reaches lib/auth (password hashing): its
// `import "server-only"` resolves to nothing here and in every worker (server/server-only-hook.mjs).
process.env.NODE_OPTIONS =
  `${process.env.NODE_OPTIONS ?? ""} --import ${new URL("./server/server-only-hook.mjs", import.meta.url).href}`.trim();

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
  // Two browsers and the server share two cores: a journey that takes 20 s alone may take 40 s in the full
  // run, and three times that on a slow day of this machine (every test's own limit is doubled likewise).
  timeout: 120_000,
  // A page's own data may take more than 10 s to arrive on a slow day with the other worker busy.
  expect: { timeout: 20_000 },
  use: {
    baseURL: process.env.TEST_BASE_URL ?? `http://localhost:${port}`,
    // A failed test keeps its trace with DOM snapshots (every step inspectable); without the screencast, which
    // costs the two cores a frame encoder per browser throughout every passing test.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: false },
    launchOptions: {
      executablePath: findChromium()?.path,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
        "--disable-quic",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      testIgnore: "visual/**",
      use: { browserName: "chromium", viewport: { width: 1280, height: 800 } },
    },
    {
      // Screenshots against committed baselines, on an app of their own (npm run test:visual; docs/visual-tests.md).
      name: "visual",
      testDir: "e2e/visual",
      workers: Number(process.env.VISUAL_WORKERS ?? 2),
      snapshotPathTemplate: "{testDir}/screenshots/{arg}{ext}",
      // No trace: it records the screen throughout, the larger part of the browser's work here; a failure leaves the
      // expected, actual and diff pictures in test-results/.
      use: { browserName: "chromium", trace: "off" },
      expect: {
        toHaveScreenshot: {
          // Absorbs anti-aliasing noise, not a moved or restyled element (docs/visual-tests.md).
          maxDiffPixelRatio: 0.001,
          // Its own default is 5 s: a busy machine takes longer for the two equal screenshots a new baseline needs.
          timeout: 30_000,
          animations: "disabled",
          caret: "hide",
          scale: "css",
        },
      },
    },
  ],
});
