import { describe, expect, it } from "vitest";
import { countTicks, labelledPoints, pointShare } from "@/components/reports/chart-scale";

describe("countTicks", () => {
  it("counts one by one up to five", () => {
    expect(countTicks(5)).toEqual({ top: 5, ticks: [0, 1, 2, 3, 4, 5] });
    expect(countTicks(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
  });
  it("steps by 2, 5 or a power of ten times those for larger counts, ending at or above the largest", () => {
    expect(countTicks(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(countTicks(23)).toEqual({ top: 25, ticks: [0, 5, 10, 15, 20, 25] });
    expect(countTicks(1234)).toEqual({ top: 1500, ticks: [0, 500, 1000, 1500] });
  });
  it("draws an axis to 1 when there is nothing", () => {
    expect(countTicks(0)).toEqual({ top: 1, ticks: [0, 1] });
  });
});

describe("labelledPoints", () => {
  it("labels every point of a short series", () => {
    expect(labelledPoints(5)).toEqual([0, 1, 2, 3, 4]);
  });
  it("labels at most eight of a long one, evenly, starting with the first", () => {
    expect(labelledPoints(30)).toEqual([0, 4, 8, 12, 16, 20, 24, 28]);
    expect(labelledPoints(9)).toEqual([0, 2, 4, 6, 8]);
  });
});

describe("pointShare", () => {
  it("spreads points from one end to the other, a lone one in the middle", () => {
    expect([0, 1, 2].map((i) => pointShare(i, 3))).toEqual([0, 0.5, 1]);
    expect(pointShare(0, 1)).toBe(0.5);
  });
});
