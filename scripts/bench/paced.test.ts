import { describe, expect, it } from "vitest";
import { poissonArrivals, runPaced } from "./paced";

describe("Poisson arrivals", () => {
  it("come in order, at the asked rate on average, the same for the same seed", () => {
    const arrivals = poissonArrivals(20_000, 16, 7);
    expect(arrivals.every((at, i) => i === 0 || at > arrivals[i - 1]!)).toBe(true);
    // 20,000 arrivals at 16 a second: about 1,250 s; the mean of 20,000 exponential gaps is within 3 %.
    expect(arrivals.at(-1)! / 1000).toBeGreaterThan(1250 * 0.97);
    expect(arrivals.at(-1)! / 1000).toBeLessThan(1250 * 1.03);
    expect(poissonArrivals(5, 16, 7)).toEqual(arrivals.slice(0, 5));
    expect(poissonArrivals(5, 16, 8)).not.toEqual(arrivals.slice(0, 5));
  });
});

describe("a paced run", () => {
  it("does not wait for one answer before sending the next, and counts failures apart", async () => {
    let inFlight = 0;
    let most = 0;
    const run = await runPaced({ count: 10, perSecond: 200, seed: 1 }, async (index) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 100));
      inFlight -= 1;
      return index !== 3;
    });
    // Ten arrivals at 200 a second come within about 50 ms: all ten are in flight together.
    expect(most).toBeGreaterThan(5);
    expect(run.failures).toBe(1);
    expect(run.latencies).toHaveLength(9);
    // Each took its 100 ms of work (less the millisecond or two a timer may fire early).
    expect(Math.min(...run.latencies)).toBeGreaterThanOrEqual(95);
  });
});
