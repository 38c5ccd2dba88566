import { spawn } from "node:child_process";
import { prepareAuthEnv } from "../../server/runtime-env";

// npm run test:visual [-- <Playwright arguments>]: the visual regression suite (docs/visual-tests.md).
// Builds when the sources changed, seeds the demo into a fresh database (DATABASE_URL's server, else the
// embedded one), serves it on a frozen clock and runs the Playwright project `visual` against it; the
// arguments go to Playwright (`--update-snapshots` rewrites the baselines). npm test runs it as a step.

prepareAuthEnv();
const { ChromiumUnavailable, ensureChromium } = await import("../lib/chromium");
const { buildIfNeeded } = await import("../lib/build");
const { startPostgres } = await import("../../server/database/postgres");
const { startVisualApp } = await import("./visual-app");

let exitCode = 1;
const server = await startPostgres({ purpose: "app" });
try {
  const chromium = await ensureChromium();
  buildIfNeeded();
  const app = await startVisualApp(server.serverUrl);
  try {
    exitCode = await new Promise<number>((resolve) => {
      spawn("npx", ["playwright", "test", "--project", "visual", ...process.argv.slice(2)], {
        stdio: "inherit",
        env: { ...process.env, ...app.env, CHROMIUM_PATH: chromium },
      })
        .on("close", (code) => resolve(code ?? 1))
        .on("error", () => resolve(1));
    });
  } finally {
    await app.stop();
  }
} catch (error) {
  console.error(error instanceof ChromiumUnavailable ? error.message : error);
} finally {
  await server.stop();
}
process.exit(exitCode);
