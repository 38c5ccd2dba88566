import { describe, expect, it } from "vitest";
import { fitLine, judge, targetSpans, type WindowFigures } from "./verdict";

const windows = (heap: (i: number) => number, p95: (i: number) => number, count: number, windowSeconds: number) =>
  Array.from({ length: count }, (_, i): WindowFigures => ({
    endSeconds: (i + 1) * windowSeconds,
    // 100 answers, 10 of them at the window's p95: a window's p95, or that of windows pooled with others.
    latencies: [...Array<number>(90).fill(10), ...Array<number>(10).fill(p95(i))],
    errors: 0,
    heapAfterGcMb: heap(i),
  }));

describe("fitLine", () => {
  it("finds the slope of points on a line, with no spread around it", () => {
    expect(fitLine([0, 1, 2, 3].map((x) => ({ x, y: 5 + 2 * x })))).toEqual({ slope: 2, residualSd: 0 });
  });

  it("finds no slope in points alternating around a level", () => {
    const fit = fitLine([0, 1, 2, 3].map((x) => ({ x, y: x % 2 === 0 ? 9 : 11 })));
    expect(fit.slope).toBeCloseTo(0.4, 10);
  });
});

describe("targetSpans", () => {
  it("compares the first and last 10 minutes after a 2-minute warm-up and fits the last 20 in a 30-minute run", () => {
    expect(targetSpans(30, 60)).toEqual({ warmup: 2, first: [2, 12], last: [20, 30], trend: [10, 30] });
  });

  it("scales the windows to a minute of 10-second windows", () => {
    expect(targetSpans(6, 10)).toEqual({ warmup: 1, first: [1, 3], last: [4, 6], trend: [2, 6] });
  });
});

describe("judge", () => {
  const options = { windowSeconds: 10, maxP95Ratio: 4, maxHeapSlopeMbPerSecond: 1 };

  it("passes a flat heap, steady latencies and no errors", () => {
    const verdict = judge(
      windows(
        (i) => 80 + (i % 2),
        () => 30,
        6,
        10,
      ),
      options,
    );
    expect(verdict.passed).toBe(true);
  });

  it("fails a heap growing by 2 MB a second", () => {
    const verdict = judge(
      windows(
        (i) => 80 + 20 * i,
        () => 30,
        6,
        10,
      ),
      options,
    );
    expect(verdict.passed).toBe(false);
    expect(verdict.lines.filter((l) => l.startsWith("FAIL"))).toEqual([
      "FAIL  heap after GC, slope over the last 4 windows: 120.000 MB/min (target < 60 MB/min, a leak's signature)",
    ]);
  });

  it("fails one error, and a p95 five times the first windows'", () => {
    const run = windows(
      () => 80,
      (i) => (i >= 4 ? 150 : 30),
      6,
      10,
    );
    run[2]!.errors = 1;
    const failed = judge(run, options).lines.filter((l) => l.startsWith("FAIL"));
    expect(failed).toEqual([
      "FAIL  errors: 1 (target 0)",
      "FAIL  p95 of windows 5–6: 150 ms against 30 ms in windows 2–3 after the warm-up: × 5.00 (target ≤ 4)",
    ]);
  });

  it("judges a slow climb of a long run against the noise around it", () => {
    // 30 one-minute windows, a heap climbing 0.5 MB a minute without spread: 9.5 MB over the last 20.
    const verdict = judge(
      windows(
        (i) => 100 + 0.5 * i,
        () => 30,
        30,
        60,
      ),
      { ...options, windowSeconds: 60, maxP95Ratio: 1.5 },
    );
    expect(verdict.lines.filter((l) => l.startsWith("FAIL"))).toEqual([
      "FAIL  heap after GC, growth along that slope: 9.5 MB against a noise of 2.0 MB (3 σ of the points around the line, at least 2 MB)",
    ]);
  });
});
