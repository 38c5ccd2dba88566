import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startServerProcess, type ServerProcess } from "../bench/server-process";
import { ensureNginx, loopbackConfig, startNginx, type RunningNginx } from "./nginx";
import { startLocalS3, type LocalS3 } from "./s3-server";

// Several production app processes on one database and one S3-compatible store, behind a real nginx on
// loopback configured from deploy/nginx.conf: what `npm run test:cluster` and `npm run test:faults` run
// against. Each process is the bench's app process (scripts/bench/app-process.ts) with `npm start`'s
// shutdown, so it can be stopped, killed and started again on its port while the others serve.

export interface ClusterOptions {
  databaseUrl: string;
  /** One app process per port. */
  appPorts: number[];
  /** The load balancer's port; the pinned listeners (one per process, same order) follow it. */
  nginxPort: number;
  /** Extra environment for every process (limits a suite needs, …). */
  env?: Record<string, string>;
  /** An S3-compatible store already running (a fault run stops and starts its own); else one is started. */
  s3?: LocalS3;
  /** nginx's site error log level (see NginxSite): `error` where a run must explain its 502s. */
  nginxErrorLogLevel?: "crit" | "error";
}

export interface AppNode {
  port: number;
  /** nginx's listener in front of this process only. */
  pinnedPort: number;
  process: ServerProcess | undefined;
}

export interface Cluster {
  nodes: AppNode[];
  nginx: RunningNginx;
  s3: LocalS3;
  scratch: string;
  /** Where the processes' mail goes (MAIL_OUTBOX_DIR, shared). */
  outbox: string;
  /** The environment every process gets. */
  appEnv: Record<string, string>;
  /** Starts the node's process again (after a kill or a stop) and waits until it serves. */
  startNode(node: AppNode): Promise<void>;
  /**
   * Takes the node out of the load balancer (`down` in its upstream, then a reload) or puts it back;
   * resolves once nginx's workers of the previous configuration have exited (docs/operations.md
   * "Rolling restart").
   */
  setDown(node: AppNode, down: boolean): Promise<void>;
  stop(): Promise<void>;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const nginxBinary = ensureNginx();
  const scratch = mkdtempSync(path.join(tmpdir(), "lms-cluster-"));
  const outbox = path.join(scratch, "outbox");
  mkdirSync(outbox, { recursive: true });
  const stops: (() => Promise<unknown>)[] = [async () => rmSync(scratch, { recursive: true, force: true })];
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step().catch((e: unknown) => console.error("cleanup:", e));
  };
  try {
    const s3 = options.s3 ?? (await startLocalS3("lms-cluster"));
    if (!options.s3) stops.push(s3.stop);
    const appEnv: Record<string, string> = {
      DATABASE_URL: options.databaseUrl,
      TRUST_PROXY: "true",
      JOB_WORKERS: "true",
      MAIL_OUTBOX_DIR: outbox,
      APP_SHUTDOWN: "graceful",
      SHUTDOWN_GRACE_SECONDS: "10",
      // deploy/nginx.conf's advice: past nginx's 4 s idle keep-alive time.
      SHUTDOWN_DELAY_SECONDS: "5",
      BENCH_PROFILE_DIR: "",
      ...s3.env,
      ...options.env,
    };
    const nodes: AppNode[] = options.appPorts.map((port, i) => ({
      port,
      pinnedPort: options.nginxPort + 1 + i,
      process: undefined,
    }));
    const startNode = async (node: AppNode) => {
      node.process = await startServerProcess(
        "scripts/bench/app-process.ts",
        { ...appEnv, NODE_ENV: "production", PORT: String(node.port) },
        `The app process on ${node.port}`,
        180_000,
      );
    };
    stops.push(async () => Promise.all(nodes.map((n) => n.process?.stop())));
    // All at once, as a deployment starts its nodes (which is how pg-boss's queue creation was found to
    // deadlock); every start is waited for, so none is left running when another failed.
    const started = await Promise.allSettled(nodes.map(startNode));
    const failed = started.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
    const nginxDir = path.join(scratch, "nginx");
    mkdirSync(nginxDir, { recursive: true });
    const down = new Set<number>();
    const config = () =>
      loopbackConfig(
        options.appPorts,
        {
          port: options.nginxPort,
          pinned: nodes.map((n) => ({ port: n.pinnedPort, upstream: n.port })),
          down: [...down],
          errorLogLevel: options.nginxErrorLogLevel,
        },
        nginxDir,
      );
    const nginx = await startNginx(nginxBinary, config(), nginxDir, [
      options.nginxPort,
      ...nodes.map((n) => n.pinnedPort),
    ]);
    stops.push(nginx.stop);
    const setDown = async (node: AppNode, isDown: boolean) => {
      if (isDown) down.add(node.port);
      else down.delete(node.port);
      await nginx.reload(config());
    };
    return { nodes, nginx, s3, scratch, outbox, appEnv, startNode, setDown, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
