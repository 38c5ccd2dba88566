import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, nextAttemptAfter } from "@/lib/webhooks/retry-schedule";

const now = new Date("2026-12-02T10:00:00.000Z");

describe("nextAttemptAfter", () => {
  it("waits 5 s after the first failure, without jitter at random 0.5", () => {
    expect(nextAttemptAfter(1, now, 0.5)?.toISOString()).toBe("2026-12-02T10:00:05.000Z");
  });

  it("moves the wait by at most 20 % either way", () => {
    expect(nextAttemptAfter(2, now, 0)?.toISOString()).toBe("2026-12-02T10:04:00.000Z");
    expect(nextAttemptAfter(2, now, 0.999999)?.toISOString()).toBe("2026-12-02T10:06:00.000Z");
  });

  it("spreads ten attempts over about three days, then gives up", () => {
    let at = now;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) at = nextAttemptAfter(attempt, at, 0.5)!;
    expect((at.getTime() - now.getTime()) / 3_600_000).toBeCloseTo(71.59, 1);
    expect(nextAttemptAfter(MAX_ATTEMPTS, at, 0.5)).toBeNull();
  });
});
