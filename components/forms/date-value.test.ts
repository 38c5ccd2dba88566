import { describe, expect, it } from "vitest";
import { dateFromString, stringFromDate } from "./date-value";

describe("date values between a form and a picker", () => {
  it("round-trips a day through local midnight", () => {
    const date = dateFromString("2026-03-29");
    expect([date?.getFullYear(), date?.getMonth(), date?.getDate(), date?.getHours()]).toEqual([2026, 2, 29, 0]);
    expect(stringFromDate(date)).toBe("2026-03-29");
  });

  it("empty stays empty; an unfinished date is marked invalid", () => {
    expect(dateFromString(null)).toBeNull();
    expect(dateFromString("")).toBeNull();
    expect(stringFromDate(null)).toBeNull();
    expect(stringFromDate(new Date(Number.NaN))).toBe("invalid");
  });
});
