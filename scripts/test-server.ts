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
const { startTestApp } = await import("./lib/test-app");
const { app, testEnv } = await startTestApp({ port, databaseUrl: database.url, serverUrl: server.serverUrl, scratch });
mkdirSync(".data", { recursive: true });
writeFileSync(".data/test-env.sh", Object.entries(testEnv).map(([k, v]) => `export ${k}='${v}'`).join("\n") + "\n");
console.log(`READY: ${testEnv.TEST_BASE_URL} (environment in .data/test-env.sh)`);

const stop = async () => {
  await app.close();
  await database.drop();
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
