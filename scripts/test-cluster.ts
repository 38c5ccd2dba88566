import { spawn } from "node:child_process";
import { prepareAuthEnv } from "../server/runtime-env";

// npm run test:cluster: two production app processes on one fresh PostgreSQL database and one
// S3-compatible store (s3rver), behind a real nginx configured from deploy/nginx.conf (installed from
// Debian's packages when missing), then the suite of test/cluster against them: nothing lives in one
// process's memory. Not part of `npm test`. Ports: CLUSTER_PORT (default 3510) and the next ones — the
// two processes, nginx's balancer and its two pinned listeners.

prepareAuthEnv();
const base = Number(process.env.CLUSTER_PORT ?? 3510);
const appPorts = [base + 1, base + 2];
const nginxPort = base + 10;

const { buildIfNeeded } = await import("./lib/build");
const { startPostgres, createFreshDatabase } = await import("../server/database/postgres");
const { applyMigrations } = await import("../server/database/schema-engine");
const { startCluster } = await import("./lib/cluster");

const stops: (() => Promise<unknown>)[] = [];
let exitCode = 1;
try {
  buildIfNeeded();
  const server = await startPostgres({ purpose: "test" });
  stops.push(server.stop);
  const database = await createFreshDatabase(server.serverUrl, "lms_cluster");
  stops.push(database.drop);
  await applyMigrations(database.url);
  const started = Date.now();
  const cluster = await startCluster({
    databaseUrl: database.url,
    appPorts,
    nginxPort,
    // The sign-in limits are what the suite proves shared; kept at their defaults, written out here
    // so the suite's expectations and the processes agree.
    env: { LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: "5", LOGIN_MAX_ATTEMPTS_PER_IP: "20" },
  });
  stops.push(cluster.stop);
  console.log(
    `Cluster: app processes on ${appPorts.join(", ")}, nginx on ${nginxPort} (pinned ${cluster.nodes
      .map((n) => n.pinnedPort)
      .join(", ")}), s3rver on ${cluster.s3.endpoint}; started in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const env = {
    ...process.env,
    TEST_DATABASE_URL: database.url,
    TEST_DATABASE_SERVER_URL: server.serverUrl,
    TEST_PORT: String(nginxPort),
    CLUSTER_NGINX_PORT: String(nginxPort),
    CLUSTER_PINNED_PORTS: cluster.nodes.map((n) => n.pinnedPort).join(","),
    CLUSTER_APP_PORTS: appPorts.join(","),
    CLUSTER_ACCESS_LOG: cluster.nginx.accessLog,
    CLUSTER_ERROR_LOGS: cluster.nginx.errorLogs.join(","),
    CLUSTER_OUTBOX_DIR: cluster.outbox,
    TEST_OUTBOX_DIR: cluster.outbox,
    CLUSTER_S3_ENDPOINT: cluster.s3.endpoint,
    CLUSTER_S3_BUCKET: cluster.s3.bucket,
  };
  exitCode = await new Promise<number>((resolve) => {
    spawn("npx", ["vitest", "run", "--project", "cluster"], { stdio: "inherit", env })
      .on("close", (code) => resolve(code ?? 1))
      .on("error", () => resolve(1));
  });
} catch (error) {
  console.error(error);
} finally {
  for (const stop of stops.reverse()) await stop().catch((e: unknown) => console.error("cleanup:", e));
}
process.exit(exitCode);
