import { describe, expect, it } from "vitest";
import { percentile, summarize } from "./load";

describe("percentile", () => {
  it("takes the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.95)).toBe(95);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });
});

describe("summarize", () => {
  it("pools runs: requests over the summed duration, percentiles over all latencies", () => {
    const m = summarize([
      { latencies: [1, 2, 3], seconds: 1, failures: 0 },
      { latencies: [10, 20, 30, 40, 50], seconds: 3, failures: 1 },
    ]);
    expect(m.requests).toBe(8);
    expect(m.rps).toBe(2);
    expect(m.p50).toBe(10);
    expect(m.p99).toBe(50);
    expect(m.failures).toBe(1);
  });
});
