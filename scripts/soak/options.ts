// npm run soak -- --minutes 30 [--dataset large|demo] [--rate-fraction 0.6] [--max-p95-ratio 1.5] [--max-heap-slope 1]

export interface SoakOptions {
  /** Length of the steady phase. */
  minutes: number;
  dataset: "large" | "demo";
  /** The steady rate as a fraction of the capacity measured at the start. */
  rateFraction: number;
  /** Seconds per reported window: a minute, or 10 s for runs shorter than 5 minutes. */
  windowSeconds: number;
  /** Target: the p95 of the last windows at most this many times the first ones'. */
  maxP95Ratio: number;
  /** Target: the heap after GC grows by less than this many MB per second (a leak's signature). */
  maxHeapSlopeMbPerSecond: number;
  /** The import and export phase after the steady one (the large dataset only). */
  bulkPhase: boolean;
}

export function parseSoakOptions(args: string[]): SoakOptions {
  const number = (name: string, fallback: number) => {
    const at = args.indexOf(`--${name}`);
    const value = at >= 0 ? Number(args[at + 1]) : fallback;
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
    return value;
  };
  const at = args.indexOf("--dataset");
  const dataset = at >= 0 ? args[at + 1] : "large";
  if (dataset !== "large" && dataset !== "demo") throw new Error("--dataset is large or demo");
  const minutes = number("minutes", 30);
  return {
    minutes,
    dataset,
    rateFraction: number("rate-fraction", 0.6),
    windowSeconds: minutes < 5 ? 10 : 60,
    maxP95Ratio: number("max-p95-ratio", 1.5),
    maxHeapSlopeMbPerSecond: number("max-heap-slope", 1),
    bulkPhase: dataset === "large" && !args.includes("--no-bulk"),
  };
}
