import autocannon from "autocannon";

// One load run: autocannon at N connections for a while, every response's latency kept so the
// percentiles are exact (autocannon's own summary has no p95) and runs can be pooled.

export interface LoadRun {
  /** Milliseconds, one per answered request. */
  latencies: number[];
  seconds: number;
  /** Non-2xx answers plus connection errors and timeouts. */
  failures: number;
}

export interface Measurement {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** A run with any failure is not a valid figure. */
  failures: number;
}

export interface LoadTarget {
  port: number;
  host: string;
  path: string;
  token: string;
  /** Send the token as the session cookie (pages) instead of a bearer token. */
  cookie?: boolean;
  method?: "POST";
}

export async function runLoad(target: LoadTarget, options: { connections: number; seconds: number }): Promise<LoadRun> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${target.port}${target.path}`,
        method: target.method ?? "GET",
        connections: options.connections,
        duration: options.seconds,
        headers: {
          host: target.host,
          ...(target.cookie
            ? { cookie: `next-auth.session-token=${target.token}` }
            : { authorization: `Bearer ${target.token}` }),
        },
        timeout: 10,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  return { latencies, seconds: result.duration, failures: result.non2xx + result.errors + result.timeouts };
}

/** Several runs of the same request on the same server, pooled into one figure. */
export function summarize(runs: LoadRun[]): Measurement {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  return {
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    failures: runs.reduce((sum, r) => sum + r.failures, 0),
  };
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}
