import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { prepareAuthEnv } from "./lib/runtime-env";

// npm run test:server: the environment `npm test` gives its integration and e2e steps (a fresh migrated
// database, the production build on TEST_PORT), kept running so single test files can be run against it:
//   . .data/test-env.sh && npx vitest run --project integration test/integration/x.int.test.ts
//   . .data/test-env.sh && npx playwright test e2e/x.spec.ts
// Ctrl-C stops the server and drops the database.

const port = Number(process.env.TEST_PORT ?? 3100);
prepareAuthEnv();
const { startPostgres, createFreshDatabase } = await import("./lib/postgres");
const { applyMigrations } = await import("./db/schema-engine");
const server = await startPostgres({ purpose: "test" });
const database = await createFreshDatabase(server.serverUrl);
await applyMigrations(database.url);

const scratch = mkdtempSync(path.join(tmpdir(), "lms-test-"));
Object.assign(process.env, {
  DATABASE_URL: database.url,
  TRUST_PROXY: "true",
  MAIL_OUTBOX_DIR: path.join(scratch, "outbox"),
  UPLOAD_DIR: path.join(scratch, "uploads"),
  // Small enough that the oversize-package test sends a few MB, large enough for the fixture packages.
  SCORM_PACKAGE_MAX_BYTES: String(4 * 1024 * 1024),
  NODE_ENV: "production",
});
const { buildIfNeeded } = await import("./lib/build");
buildIfNeeded();
const { startAppServer } = await import("./lib/app-server");
const app = await startAppServer({ dev: false, port });

const exports = {
  TEST_BASE_URL: `http://localhost:${port}`,
  TEST_PORT: String(port),
  TEST_DATABASE_URL: database.url,
  TEST_DATABASE_SERVER_URL: server.serverUrl,
  TEST_OUTBOX_DIR: path.join(scratch, "outbox"),
  UPLOAD_DIR: path.join(scratch, "uploads"),
  SCORM_PACKAGE_MAX_BYTES: process.env.SCORM_PACKAGE_MAX_BYTES!,
  TRUST_PROXY: "true",
};
mkdirSync(".data", { recursive: true });
writeFileSync(".data/test-env.sh", Object.entries(exports).map(([k, v]) => `export ${k}='${v}'`).join("\n") + "\n");
console.log(`READY: ${exports.TEST_BASE_URL} (environment in .data/test-env.sh)`);

const stop = async () => {
  await app.close();
  await database.drop();
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
