import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

// The process's Prometheus metrics (prom-client): requests by route pattern and status class, their
// latency, SCORM commits, job runs, the database pool, the job queues, and the runtime's own (event-loop
// lag, heap, RSS). One registry per process, kept on globalThis: the custom server (which counts the
// requests and answers /metrics) and Next's bundled code (which counts commits and jobs) load this module
// separately, and two registries would each hold half the story.

export interface AppMetrics {
  registry: Registry;
  httpRequests: Counter<"method" | "route" | "status_class">;
  httpDuration: Histogram<"route" | "status_class">;
  scormCommits: Counter<"outcome">;
  jobRuns: Counter<"queue" | "outcome">;
}

/** Readers the metrics ask at scrape time (the pool and the job queue are created elsewhere). */
export interface ScrapeSources {
  pool(): { total: number; idle: number; waiting: number } | null;
  jobCounts(): Promise<{ queue: string; state: string; count: number }[]>;
}

const holder = globalThis as typeof globalThis & { __lmsMetrics?: AppMetrics; __lmsScrapeSources?: ScrapeSources };

/** Registers where the pool and queue figures come from (the launcher, once the app modules are loaded). */
export function setScrapeSources(sources: ScrapeSources): void {
  holder.__lmsScrapeSources = sources;
}

export function metrics(): AppMetrics {
  holder.__lmsMetrics ??= createMetrics();
  return holder.__lmsMetrics;
}

function createMetrics(): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: "lms_db_pool_connections",
    help: "Connections of this process's database pool, by state (in_use, idle), and requests waiting for one",
    labelNames: ["state"],
    registers,
    collect() {
      const pool = holder.__lmsScrapeSources?.pool();
      if (!pool) return;
      this.set({ state: "in_use" }, pool.total - pool.idle);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });
  new Gauge({
    name: "lms_job_queue_jobs",
    help: "Jobs in the queue (all processes), by queue and state: created and retry are waiting, failed have given up",
    labelNames: ["queue", "state"],
    registers,
    async collect() {
      const rows = await holder.__lmsScrapeSources?.jobCounts().catch(() => []);
      this.reset();
      for (const row of rows ?? []) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });
  return {
    registry,
    httpRequests: new Counter({
      name: "lms_http_requests_total",
      help: "Requests answered by this process, by method, route pattern and status class",
      labelNames: ["method", "route", "status_class"],
      registers,
    }),
    httpDuration: new Histogram({
      name: "lms_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by route pattern and status class",
      labelNames: ["route", "status_class"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    scormCommits: new Counter({
      name: "lms_scorm_commits_total",
      help: "SCORM commits: applied, stale (an older or repeated sequence, acknowledged but not applied), refused (the whole batch, e.g. a bad token or body)",
      labelNames: ["outcome"],
      registers,
    }),
    jobRuns: new Counter({
      name: "lms_job_runs_total",
      help: "Job runs in this process, by queue and outcome (completed, failed)",
      labelNames: ["queue", "outcome"],
      registers,
    }),
  };
}
