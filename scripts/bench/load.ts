import autocannon from "autocannon";

// One load run: autocannon at N connections for a while, every response's latency kept so the
// percentiles are exact (autocannon's own summary has no p95) and runs can be pooled.

export interface LoadRun {
  /** Milliseconds, one per answered request. */
  latencies: number[];
  seconds: number;
  /** Answers of another status than the expected one, plus connection errors and timeouts. */
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
  /** None: signed out. */
  token?: string;
  /** Send the token as the session cookie (pages) instead of a bearer token. */
  cookie?: boolean;
  method?: "POST";
  /** As a browser asks for pages: the server's compression is part of what a page costs. */
  acceptEncoding?: string;
  /** The status every answer should have (200 unless said; a not-found page's is 404). */
  status?: number;
}

export async function runLoad(
  target: LoadTarget,
  /** `until`: the run ends when it resolves, `seconds` being then the longest it may last. */
  options: { connections: number; seconds: number; until?: Promise<unknown> },
): Promise<LoadRun> {
  const latencies: number[] = [];
  const expected = target.status ?? 200;
  let unexpected = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${target.port}${target.path}`,
        method: target.method ?? "GET",
        connections: options.connections,
        duration: options.seconds,
        headers: {
          host: target.host,
          ...(target.token === undefined
            ? {}
            : target.cookie
              ? { cookie: `next-auth.session-token=${target.token}` }
              : { authorization: `Bearer ${target.token}` }),
          ...(target.acceptEncoding ? { "accept-encoding": target.acceptEncoding } : {}),
        },
        timeout: 10,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    void options.until?.then(() => instance.stop());
    instance.on("response", (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (status !== expected) unexpected += 1;
    });
  });
  return { latencies, seconds: result.duration, failures: unexpected + result.errors + result.timeouts };
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
