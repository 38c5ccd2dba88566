import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { installSqlTrace, setSqlTracing } from "./trace-sql";

// What the bench asks a server process over its IPC channel: turn SQL tracing on or off, (the app, under
// --profile) record a CPU profile of exactly one measured window, and (the soak) report the process's
// figures since the last such report. Every message is answered once.

export type ControlMessage =
  { trace: boolean } | { profile: "start" } | { profile: "stop"; file: string } | { sample: true };

/** The app process's figures for one window of the soak (scripts/soak/). */
export interface ProcessSample {
  /** V8's used heap right after a full garbage collection forced for this sample. */
  heapAfterGcMb: number;
  rssMb: number;
  /** Event-loop delay over the window (ms): mean, p99 and max. */
  lagMeanMs: number;
  lagP99Ms: number;
  lagMaxMs: number;
  /** Requests waiting for a database connection, sampled every 100 ms over the window: the mean and the most. */
  poolWaitingMean: number;
  poolWaitingMax: number;
}

/** Pool waits and event-loop delay, accumulated between two samples. */
async function windowRecorder() {
  // Loaded late: the app's modules read the environment the process prepares first.
  const { poolStats } = await import("@/lib/db");
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  let waits = { sum: 0, count: 0, max: 0 };
  setInterval(() => {
    const waiting = poolStats()?.waiting ?? 0;
    waits = { sum: waits.sum + waiting, count: waits.count + 1, max: Math.max(waits.max, waiting) };
  }, 100).unref();
  return async (session: Session): Promise<ProcessSample> => {
    // HeapProfiler's collection is a full GC, without starting the process with --expose-gc.
    await session.post("HeapProfiler.collectGarbage");
    const memory = process.memoryUsage();
    const sample: ProcessSample = {
      heapAfterGcMb: memory.heapUsed / 1024 / 1024,
      rssMb: memory.rss / 1024 / 1024,
      lagMeanMs: lag.mean / 1e6,
      lagP99Ms: lag.percentile(99) / 1e6,
      lagMaxMs: lag.max / 1e6,
      poolWaitingMean: waits.count ? waits.sum / waits.count : 0,
      poolWaitingMax: waits.max,
    };
    lag.reset();
    waits = { sum: 0, count: 0, max: 0 };
    return sample;
  };
}

export function answerBenchControl(profileDirectory: string | undefined): void {
  installSqlTrace(false);
  let session: Session | undefined;
  let recordWindow: Awaited<ReturnType<typeof windowRecorder>> | undefined;
  let gcSession: Session | undefined;
  process.on("message", (message: ControlMessage) => {
    void (async () => {
      if ("sample" in message) {
        // The first request for a sample starts the window; later ones close it and start the next.
        if (!recordWindow || !gcSession) {
          recordWindow = await windowRecorder();
          gcSession = new Session();
          gcSession.connect();
        }
        process.send?.(await recordWindow(gcSession));
      } else if ("trace" in message) {
        setSqlTracing(message.trace);
        process.send?.({ tracing: message.trace });
      } else if (message.profile === "start" && profileDirectory) {
        session = new Session();
        session.connect();
        await session.post("Profiler.enable");
        await session.post("Profiler.setSamplingInterval", { interval: 500 });
        await session.post("Profiler.start");
        process.send?.({ profiled: "started" });
      } else if (message.profile === "stop" && session) {
        const { profile } = await session.post("Profiler.stop");
        const file = path.join(profileDirectory!, message.file);
        await writeFile(file, JSON.stringify(profile));
        session.disconnect();
        session = undefined;
        process.send?.({ profiled: file });
      } else {
        process.send?.({ ignored: true });
      }
    })();
  });
}
