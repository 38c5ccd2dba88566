import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";

// The mixed-workload row (npm run bench): the soak's school-day mix (sign-ins, catalog, dashboard,
// outline, a page, SCORM commits, messages, a report view) as fast as the app answers, on one app process
// and on two behind nginx (deploy/nginx.conf), in one run on one copy of the large dataset. Beside the
// throughput, the CPU each part used over the measured window, so a ratio below what two processes
// promise shows where the rest went (this machine's cores are shared by the database, nginx and the load
// generator).

export interface MixedTarget {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  errors: number;
  /** CPU seconds per measured second, by part. */
  cpu: Record<string, number>;
}

export interface MixedResult {
  targets: MixedTarget[];
  seconds: number;
  connections: number;
  loadAverage: string;
}

const TICKS_PER_SECOND = 100;

function processTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The PostgreSQL backends serving one database (their command line names it), found afresh each time. */
function backendsOf(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmdline.startsWith("postgres: ") && cmdline.includes(` ${database} `)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

export async function measureMixed(options: {
  serverUrl: string;
  seconds: number;
  warmup: number;
  connections: number;
  ports: { apps: [number, number]; nginx: number };
}): Promise<MixedResult> {
  const { soakDatabase } = await import("../soak/database");
  const { openSoakSession } = await import("../soak/session");
  const { drive } = await import("../soak/drive");
  const { startCluster } = await import("../lib/cluster");
  const database = await soakDatabase(options.serverUrl, "large");
  const databaseName = decodeURIComponent(new URL(database.url).pathname.slice(1));
  try {
    const cluster = await startCluster({
      databaseUrl: database.url,
      appPorts: options.ports.apps,
      nginxPort: options.ports.nginx,
      // The mix replies in its one conversation every second or so: far above a person's limit.
      env: { MESSAGE_SEND_LIMIT: "1000000000", SHUTDOWN_GRACE_SECONDS: "1" },
    });
    try {
      const [a, b] = cluster.nodes as [(typeof cluster.nodes)[0], (typeof cluster.nodes)[0]];
      const nginxPid = Number(readFileSync(`${cluster.nginx.accessLog.replace(/access\.log$/, "")}nginx.pid`, "utf8"));
      const parts = (): Record<string, number[]> => ({
        "app 1": [a.process!.pid],
        "app 2": [b.process!.pid],
        nginx: [nginxPid, ...childrenOf(nginxPid)],
        PostgreSQL: backendsOf(databaseName),
      });
      const targets: MixedTarget[] = [];
      for (const target of [
        { label: "one process", port: a.port },
        { label: "one process behind nginx", port: a.pinnedPort },
        { label: "two processes behind nginx", port: options.ports.nginx },
      ]) {
        const session = await openSoakSession(database.url, target.port, "large");
        const total = options.warmup + options.seconds;
        // Two windows: the warm-up (JIT, caches, both pools filling) and the measured one.
        const before = { at: 0, ticks: {} as Record<string, number>, self: process.cpuUsage() };
        const sampler = setTimeout(() => {
          before.at = Date.now();
          before.self = process.cpuUsage();
          for (const [part, pids] of Object.entries(parts()))
            before.ticks[part] = pids.reduce((s, pid) => s + processTicks(pid), 0);
        }, options.warmup * 1000);
        const windows = await drive(session, {
          connections: options.connections,
          seconds: total,
          windowSeconds: options.warmup,
        });
        clearTimeout(sampler);
        const elapsed = (Date.now() - before.at) / 1000;
        const cpu: Record<string, number> = {};
        for (const [part, pids] of Object.entries(parts()))
          cpu[part] =
            (pids.reduce((s, pid) => s + processTicks(pid), 0) - (before.ticks[part] ?? 0)) /
            TICKS_PER_SECOND /
            elapsed;
        const self = process.cpuUsage(before.self);
        cpu["load generator"] = (self.user + self.system) / 1e6 / elapsed;
        const measured = windows.slice(1);
        const latencies = measured.flatMap((w) => w.latencies).sort((x, y) => x - y);
        targets.push({
          label: target.label,
          requestsPerSecond: latencies.length / options.seconds,
          p50Ms: percentile(latencies, 50),
          p95Ms: percentile(latencies, 95),
          errors: measured.reduce((s, w) => s + w.errors, 0),
          cpu,
        });
        console.log(
          `  ${target.label}: ${(latencies.length / options.seconds).toFixed(1)} requests/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms; CPU ${Object.entries(
            cpu,
          )
            .map(([k, v]) => `${k} ${v.toFixed(2)}`)
            .join(", ")}`,
        );
      }
      return {
        targets,
        seconds: options.seconds,
        connections: options.connections,
        loadAverage: os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(" "),
      };
    } finally {
      await cluster.stop();
    }
  } finally {
    await database.drop();
  }
}

export function mixedTable(result: MixedResult): string {
  const parts = [...new Set(result.targets.flatMap((t) => Object.keys(t.cpu)))];
  const one = result.targets.find((t) => t.label === "one process")?.requestsPerSecond ?? 0;
  const two = result.targets.find((t) => t.label === "two processes behind nginx")?.requestsPerSecond ?? 0;
  return [
    `Mixed workload (the soak's mix as fast as the app answers, ${result.connections} connections, ${result.seconds} s measured; CPU in cores used, ${os.cpus().length} on this machine; load average at the end ${result.loadAverage}):`,
    "",
    `| | requests/s | p50 (ms) | p95 (ms) | errors | ${parts.map((p) => `CPU ${p}`).join(" | ")} |`,
    `|---|---:|---:|---:|---:|${parts.map(() => "---:").join("|")}|`,
    ...result.targets.map(
      (t) =>
        `| ${t.label} | ${t.requestsPerSecond.toFixed(1)} | ${t.p50Ms.toFixed(1)} | ${t.p95Ms.toFixed(1)} | ${t.errors} | ${parts
          .map((p) => (t.cpu[p] ?? 0).toFixed(2))
          .join(" | ")} |`,
    ),
    "",
    `Two processes behind nginx ÷ one process: ${one ? (two / one).toFixed(2) : "n/a"}× (target ≥ 1.3×).`,
  ].join("\n");
}
