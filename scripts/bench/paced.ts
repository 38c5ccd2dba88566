import type { LoadRun } from "./load";

// Requests at a pace, not as fast as answers come back: a class does not wait for the server before the next
// person presses Submit. Arrivals are a Poisson process (independent people) at `perSecond`, drawn from a
// seeded generator so that every run offers the same load. Each latency counts from the request's scheduled
// time, so a server that falls behind is charged for the wait as well as for the work.

/** Mulberry32: a small, seeded, uniform generator on [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Milliseconds from the start at which each of `count` arrivals comes, `perSecond` on average. */
export function poissonArrivals(count: number, perSecond: number, seed: number): number[] {
  const random = seededRandom(seed);
  const arrivals: number[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    at += (-Math.log(1 - random()) / perSecond) * 1000;
    arrivals.push(at);
  }
  return arrivals;
}

/**
 * Sends `count` requests at Poisson arrivals; `send(i)` makes the i-th and says whether its answer counts
 * (anything else is a failure). Resolves once every answer is in.
 */
export async function runPaced(
  load: { count: number; perSecond: number; seed: number },
  send: (index: number) => Promise<boolean>,
): Promise<LoadRun> {
  const arrivals = poissonArrivals(load.count, load.perSecond, load.seed);
  const latencies: number[] = [];
  let failures = 0;
  const start = performance.now();
  await Promise.all(
    arrivals.map(async (at, index) => {
      const wait = start + at - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const ok = await send(index).catch(() => false);
      if (ok) latencies.push(performance.now() - (start + at));
      else failures += 1;
    }),
  );
  return { latencies, seconds: (performance.now() - start) / 1000, failures };
}
