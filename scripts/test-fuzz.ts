import { spawn } from "node:child_process";
import { prepareAuthEnv } from "../server/runtime-env";
import { startTestEnvironment } from "./lib/test-environment";

// npm run test:fuzz: the full fuzz run (test/security/fuzz.int.test.ts), 200 cases per operation from a
// new seed (FUZZ_RUNS and FUZZ_SEED override), against a fresh test environment. npm test runs a
// seeded sample of 20 per operation.

const port = Number(process.env.TEST_PORT ?? 3100);
const runs = process.env.FUZZ_RUNS ?? "200";
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
console.log(`fuzz: ${runs} cases per operation, seed ${seed} (replay with FUZZ_SEED=${seed})`);
prepareAuthEnv();
const { testEnv, stop } = await startTestEnvironment(port);
const status = await new Promise<number | null>((resolve) => {
  spawn("npx", ["vitest", "run", "--project", "security", "test/security/fuzz.int.test.ts"], {
    stdio: "inherit",
    env: { ...process.env, ...testEnv, FUZZ_RUNS: runs, FUZZ_SEED: seed },
  })
    .on("close", resolve)
    .on("error", () => resolve(null));
});
await stop();
process.exit(status ?? 1);
