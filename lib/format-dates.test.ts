import { describe, expect, it } from "vitest";
import { longDay, shortDay } from "@/lib/format-dates";

describe("dates as the product writes them", () => {
  it("writes the day in UTC, whatever the instant's local day", () => {
    expect(longDay("2026-11-27T23:30:00.000Z")).toBe("27 November 2026");
    expect(longDay(new Date("2026-01-05T00:10:00.000Z"))).toBe("5 January 2026");
    expect(shortDay("2026-11-27T23:30:00.000Z")).toBe("27 Nov 2026");
  });
});
