import { describe, expect, it } from "vitest";
import { dateInZone, exclusiveEnd, formatOccurrence } from "./occurrence-time";

describe("occurrence times", () => {
  it("a timed occurrence reads in the viewer's zone", () => {
    const item = { all_day: false, starts_at: "2026-04-02T08:00:00.000Z", ends_at: "2026-04-02T09:00:00.000Z" };
    // ICU versions differ in punctuation ("Thu, 2 Apr" or "Thu 2 Apr"); the day and the hours are what matter.
    expect(formatOccurrence(item, "Europe/Berlin", "en-GB")).toMatch(/^Thu,? 2 Apr 2026, 10:00\s?–\s?11:00$/);
    expect(formatOccurrence(item, "America/New_York", "en-GB")).toMatch(/^Thu,? 2 Apr 2026, 04:00\s?–\s?05:00$/);
  });

  it("an all-day occurrence reads the same days in every zone", () => {
    const oneDay = { all_day: true, starts_at: "2026-03-05", ends_at: "2026-03-05" };
    expect(formatOccurrence(oneDay, "Pacific/Kiritimati", "en-GB")).toMatch(/^Thu,? 5 Mar 2026 \(all day\)$/);
    expect(formatOccurrence(oneDay, "Pacific/Pago_Pago", "en-GB")).toMatch(/^Thu,? 5 Mar 2026 \(all day\)$/);
    expect(formatOccurrence({ ...oneDay, ends_at: "2026-03-06" }, "UTC", "en-GB")).toMatch(
      /^Thu,? 5(\sMar)?\s?–\s?Fri,? 6\sMar 2026 \(all day\)$/,
    );
  });

  it("FullCalendar's all-day end is the day after the last", () => {
    expect(exclusiveEnd("2026-02-28")).toBe("2026-03-01");
    expect(exclusiveEnd("2026-12-31")).toBe("2027-01-01");
  });

  it("the day an instant falls on depends on the zone", () => {
    // 1 March 00:00 in Berlin is still 28 February in UTC.
    expect(dateInZone(new Date("2026-02-28T23:00:00Z"), "Europe/Berlin")).toBe("2026-03-01");
    expect(dateInZone(new Date("2026-02-28T23:00:00Z"), "UTC")).toBe("2026-02-28");
  });
});
