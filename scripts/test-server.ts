import { mkdirSync, writeFileSync } from "node:fs";
import { prepareAuthEnv } from "../server/runtime-env";
import { startTestEnvironment } from "./lib/test-environment";

// npm run test:server: the environment `npm test` gives its integration, security and e2e steps (a fresh
// migrated database, the production build on TEST_PORT), kept running so single test files can be run
// against it:
//   . .data/test-env.sh && npx vitest run --project integration test/integration/x.int.test.ts
//   . .data/test-env.sh && npx vitest run --project security test/security/x.int.test.ts
//   . .data/test-env.sh && npx playwright test e2e/x.spec.ts
// Ctrl-C stops the server and drops the database.

const port = Number(process.env.TEST_PORT ?? 3100);
prepareAuthEnv();
const { testEnv, stop } = await startTestEnvironment(port);
mkdirSync(".data", { recursive: true });
writeFileSync(
  ".data/test-env.sh",
  Object.entries(testEnv)
    .map(([k, v]) => `export ${k}='${v}'`)
    .join("\n") + "\n",
);
console.log(`READY: ${testEnv.TEST_BASE_URL} (environment in .data/test-env.sh)`);

const shutdown = async () => {
  await stop();
  process.exit(0);
};
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
