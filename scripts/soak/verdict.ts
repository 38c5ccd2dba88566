import { percentile } from "../bench/load";

// The soak's targets, judged on its windows: no errors; no upward trend in the heap after GC over the
// last two thirds of the run (the last 20 minutes at most); the p95 of the last windows within a bound of
// the first ones after the warm-up (10 minutes each at most, half of the rest for shorter runs).

export interface WindowFigures {
  /** Seconds from the start of the steady phase to the end of this window. */
  endSeconds: number;
  latencies: number[];
  errors: number;
  heapAfterGcMb: number;
}

export interface TargetOptions {
  windowSeconds: number;
  maxP95Ratio: number;
  maxHeapSlopeMbPerSecond: number;
}

export interface Verdict {
  lines: string[];
  passed: boolean;
}

/** Least-squares line through the points: its slope and the standard deviation of the points around it. */
export function fitLine(points: readonly { x: number; y: number }[]): { slope: number; residualSd: number } {
  const n = points.length;
  const meanX = points.reduce((s, p) => s + p.x, 0) / n;
  const meanY = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - meanX) ** 2, 0);
  const slope = sxx === 0 ? 0 : points.reduce((s, p) => s + (p.x - meanX) * (p.y - meanY), 0) / sxx;
  const residuals = points.map((p) => p.y - (meanY + slope * (p.x - meanX)));
  const residualSd = n > 2 ? Math.sqrt(residuals.reduce((s, r) => s + r * r, 0) / (n - 2)) : 0;
  return { slope, residualSd };
}

/** Which windows each target looks at, for a steady phase of `count` windows. */
export function targetSpans(count: number, windowSeconds: number) {
  const perMinute = 60 / windowSeconds;
  const warmup = Math.max(1, Math.round(count / 15));
  const compared = Math.max(1, Math.min(10 * perMinute, Math.floor((count - warmup) / 2)));
  const trend = Math.max(2, Math.min(20 * perMinute, Math.round((count * 2) / 3)));
  return {
    warmup,
    first: [warmup, warmup + compared] as const,
    last: [count - compared, count] as const,
    trend: [count - trend, count] as const,
  };
}

/** A heap trend is only judged against its noise on runs long enough to have some (10 minutes and more). */
const NOISE_JUDGED_FROM_SECONDS = 600;
/** Growth below this over the judged span is not a trend, however straight the line. */
const HEAP_GROWTH_FLOOR_MB = 2;

export function judge(windows: readonly WindowFigures[], options: TargetOptions): Verdict {
  const lines: string[] = [];
  let passed = true;
  const check = (ok: boolean, line: string) => {
    passed &&= ok;
    lines.push(`${ok ? "pass" : "FAIL"}  ${line}`);
  };
  const spans = targetSpans(windows.length, options.windowSeconds);
  const errors = windows.reduce((s, w) => s + w.errors, 0);
  check(errors === 0, `errors: ${errors} (target 0)`);

  const trendWindows = windows.slice(...spans.trend);
  const { slope, residualSd } = fitLine(trendWindows.map((w) => ({ x: w.endSeconds, y: w.heapAfterGcMb })));
  const spanSeconds = trendWindows.at(-1)!.endSeconds - trendWindows[0]!.endSeconds;
  const growth = slope * spanSeconds;
  check(
    slope < options.maxHeapSlopeMbPerSecond,
    `heap after GC, slope over the last ${trendWindows.length} windows: ${(slope * 60).toFixed(3)} MB/min (target < ${(options.maxHeapSlopeMbPerSecond * 60).toFixed(0)} MB/min, a leak's signature)`,
  );
  if (windows.length * options.windowSeconds >= NOISE_JUDGED_FROM_SECONDS) {
    const noise = Math.max(3 * residualSd, HEAP_GROWTH_FLOOR_MB);
    check(
      growth <= noise,
      `heap after GC, growth along that slope: ${growth.toFixed(1)} MB against a noise of ${noise.toFixed(1)} MB (3 σ of the points around the line, at least ${HEAP_GROWTH_FLOOR_MB} MB)`,
    );
  }

  const p95 = (span: readonly [number, number]) =>
    percentile(
      windows
        .slice(...span)
        .flatMap((w) => w.latencies)
        .sort((a, b) => a - b),
      0.95,
    );
  const first = p95(spans.first);
  const last = p95(spans.last);
  check(
    last <= first * options.maxP95Ratio,
    `p95 of windows ${spans.last[0] + 1}–${spans.last[1]}: ${last.toFixed(0)} ms against ${first.toFixed(0)} ms in windows ${spans.first[0] + 1}–${spans.first[1]} after the warm-up: × ${(last / first).toFixed(2)} (target ≤ ${options.maxP95Ratio})`,
  );
  return { lines, passed };
}
