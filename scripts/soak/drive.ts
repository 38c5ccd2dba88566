import autocannon from "autocannon";
import type { SoakSession } from "./session";
import { drawKind } from "./workload";

// The load itself: autocannon on the app with the mixed workload, either as fast as it answers (the
// capacity burst) or at a steady overall rate; every answer's latency and every error kept by the window
// of the run it arrived in.

export interface WindowLoad {
  /** Milliseconds, one per successful answer. */
  latencies: number[];
  errors: number;
  /** Errors by request kind (and "connection" for errors and timeouts without an answer). */
  errorsByKind: Record<string, number>;
}

export interface DriveOptions {
  connections: number;
  seconds: number;
  windowSeconds: number;
  /** Requests per second over all connections; none: as fast as the app answers. */
  rate?: number;
}

/** Fills `windows` as the answers arrive (the caller prints each window as it closes). */
export async function drive(
  session: SoakSession,
  options: DriveOptions,
  windows: WindowLoad[] = [],
): Promise<WindowLoad[]> {
  const started = performance.now();
  const current = () => {
    const index = Math.floor((performance.now() - started) / 1000 / options.windowSeconds);
    return (windows[index] ??= { latencies: [], errors: 0, errorsByKind: {} });
  };
  const error = (kind: string) => {
    const window = current();
    window.errors += 1;
    window.errorsByKind[kind] = (window.errorsByKind[kind] ?? 0) + 1;
  };
  // autocannon calls onResponse and then emits "response" for the same answer, synchronously.
  let last: { ok: boolean; kind: string } = { ok: false, kind: "none" };
  await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${session.port}/`,
        connections: options.connections,
        duration: options.seconds,
        ...(options.rate ? { overallRate: Math.max(1, Math.round(options.rate)) } : {}),
        timeout: 10,
        requests: [
          {
            setupRequest: (req: autocannon.Request, context: Record<string, unknown>) => {
              const kind = drawKind(Math.random());
              context.kind = kind;
              return { ...req, ...kind.build(session, context) };
            },
            onResponse: (status: number, body: string, context: Record<string, unknown>) => {
              const kind = context.kind as ReturnType<typeof drawKind>;
              last = { ok: kind.judge(status, body, context), kind: kind.key };
            },
          },
        ],
      } as autocannon.Options,
      (failure, done) => (failure ? reject(failure) : resolve(done)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      if (last.ok) current().latencies.push(responseTime);
      else error(last.kind);
    });
    instance.on("reqError", () => error("connection"));
  });
  return windows;
}
