import { describe, expect, it } from "vitest";
import { formatCount, formatDuration, formatPercent, formatScore } from "./format";

describe("report figures", () => {
  it("writes durations in the largest sensible units", () => {
    expect(formatDuration(0)).toBe("—");
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(45)).toBe("45 s");
    expect(formatDuration(60)).toBe("1 min");
    expect(formatDuration(12 * 60 + 20)).toBe("12 min");
    expect(formatDuration(3600)).toBe("1 h");
    expect(formatDuration(3600 + 5 * 60)).toBe("1 h 5 min");
  });

  it("writes percents, scores and counts", () => {
    expect(formatPercent(66.6)).toBe("67%");
    expect(formatPercent(null)).toBe("—");
    expect(formatScore(82.25)).toBe("82.3");
    expect(formatScore(null)).toBe("—");
    expect(formatCount(250000)).toBe("250,000");
  });
});
