import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // What Next's bundler does on the server: `import "server-only"` is a marker, not code (server/server-only-hook.mjs).
    alias: { "server-only": fileURLToPath(new URL("node_modules/server-only/empty.js", import.meta.url)) },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["**/*.test.ts", "**/*.test.tsx"],
          exclude: ["**/*.int.test.ts", "node_modules/**", "e2e/**", ".next/**"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["**/*.int.test.ts"],
          exclude: ["node_modules/**", "e2e/**", ".next/**", "test/security/**", "test/cluster/**"],
          environment: "node",
          // Integration tests talk to a real PostgreSQL and a real `next start`; see scripts/test.ts.
          globalSetup: ["test/integration-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // The generated suites of test/security (docs/reliability.md): run after the integration tests,
          // alone against the server, so its error log holds only what they provoked.
          name: "security",
          include: ["test/security/**/*.int.test.ts"],
          environment: "node",
          globalSetup: ["test/integration-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // Two app processes behind nginx (npm run test:cluster, scripts/test-cluster.ts starts them); not in npm test.
          name: "cluster",
          include: ["test/cluster/**/*.int.test.ts"],
          environment: "node",
          globalSetup: ["test/cluster/setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
