import { describe, expect, it } from "vitest";
import { expandSeries, fromRrule, seriesEnd, toRrule, type Series } from "./recurrence";

const iso = (dates: { startsAt: Date; endsAt: Date }[]) =>
  dates.map((o) => [o.startsAt.toISOString(), o.endsAt.toISOString()]);

// Europe/Berlin moves from UTC+1 to UTC+2 on Sunday 29 March 2026 and back on Sunday 25 October 2026;
// America/New_York moves to UTC-4 on 8 March 2026. Expected instants written out by hand from that.
describe("weekly series across a daylight-saving change", () => {
  const berlin: Series = {
    startsAt: new Date("2026-03-19T09:00:00Z"), // Thursday 10:00 in Berlin
    endsAt: new Date("2026-03-19T10:30:00Z"),
    allDay: false,
    timeZone: "Europe/Berlin",
    rrule: "FREQ=WEEKLY;INTERVAL=1",
  };

  it("keeps 10:00 Berlin time: 09:00 UTC before 29 March, 08:00 UTC after", () => {
    expect(iso(expandSeries(berlin, new Date("2026-03-01T00:00:00Z"), new Date("2026-04-10T00:00:00Z")))).toEqual([
      ["2026-03-19T09:00:00.000Z", "2026-03-19T10:30:00.000Z"],
      ["2026-03-26T09:00:00.000Z", "2026-03-26T10:30:00.000Z"],
      ["2026-04-02T08:00:00.000Z", "2026-04-02T09:30:00.000Z"],
      ["2026-04-09T08:00:00.000Z", "2026-04-09T09:30:00.000Z"],
    ]);
  });

  it("and back to 09:00 UTC after 25 October", () => {
    expect(iso(expandSeries(berlin, new Date("2026-10-20T00:00:00Z"), new Date("2026-11-02T00:00:00Z")))).toEqual([
      ["2026-10-22T08:00:00.000Z", "2026-10-22T09:30:00.000Z"],
      ["2026-10-29T09:00:00.000Z", "2026-10-29T10:30:00.000Z"],
    ]);
  });

  it("an occurrence overlapping the window's start is included; one ending at it is not", () => {
    expect(iso(expandSeries(berlin, new Date("2026-03-26T10:00:00Z"), new Date("2026-03-27T00:00:00Z")))).toEqual([
      ["2026-03-26T09:00:00.000Z", "2026-03-26T10:30:00.000Z"],
    ]);
    expect(expandSeries(berlin, new Date("2026-03-26T10:30:00Z"), new Date("2026-04-02T08:00:00Z"))).toEqual([]);
  });

  it("every second week in New York, until a date (inclusive, in New York's calendar)", () => {
    const ny: Series = {
      startsAt: new Date("2026-02-26T23:00:00Z"),
      endsAt: new Date("2026-02-27T00:00:00Z"),
      allDay: false,
      timeZone: "America/New_York",
      rrule: "",
    };
    ny.rrule = toRrule({ frequency: "weekly", interval: 2, until: "2026-03-26", count: null }, ny);
    expect(ny.rrule).toBe("FREQ=WEEKLY;INTERVAL=2;UNTIL=20260327T035959Z");
    // 18:00 in New York: 23:00 UTC in winter, 22:00 UTC from 8 March.
    expect(
      iso(expandSeries(ny, new Date("2026-01-01T00:00:00Z"), new Date("2026-12-31T00:00:00Z"))).map(([s]) => s),
    ).toEqual(["2026-02-26T23:00:00.000Z", "2026-03-12T22:00:00.000Z", "2026-03-26T22:00:00.000Z"]);
    expect(seriesEnd(ny)?.toISOString()).toBe("2026-03-26T23:00:00.000Z");
    expect(fromRrule(ny.rrule, ny)).toEqual({ frequency: "weekly", interval: 2, until: "2026-03-26", count: null });
  });
});

describe("monthly and all-day series", () => {
  it("monthly, a count of 3, on the same day of the month", () => {
    const series: Series = {
      startsAt: new Date("2026-01-15T14:00:00Z"),
      endsAt: new Date("2026-01-15T15:00:00Z"),
      allDay: false,
      timeZone: "UTC",
      rrule: "FREQ=MONTHLY;INTERVAL=1;COUNT=3",
    };
    expect(
      iso(expandSeries(series, new Date("2025-01-01T00:00:00Z"), new Date("2027-01-01T00:00:00Z"))).map(([s]) => s),
    ).toEqual(["2026-01-15T14:00:00.000Z", "2026-02-15T14:00:00.000Z", "2026-03-15T14:00:00.000Z"]);
    expect(seriesEnd(series)?.toISOString()).toBe("2026-03-15T15:00:00.000Z");
  });

  it("all-day events stay on their dates (midnight UTC), whatever zone they were made in", () => {
    const series: Series = {
      startsAt: new Date("2026-03-27T00:00:00Z"),
      endsAt: new Date("2026-03-29T00:00:00Z"),
      allDay: true,
      timeZone: "Pacific/Auckland",
      rrule: "",
    };
    series.rrule = toRrule({ frequency: "weekly", interval: 1, until: "2026-04-10", count: null }, series);
    expect(series.rrule).toBe("FREQ=WEEKLY;INTERVAL=1;UNTIL=20260410");
    expect(iso(expandSeries(series, new Date("2026-03-01T00:00:00Z"), new Date("2026-05-01T00:00:00Z")))).toEqual([
      ["2026-03-27T00:00:00.000Z", "2026-03-29T00:00:00.000Z"],
      ["2026-04-03T00:00:00.000Z", "2026-04-05T00:00:00.000Z"],
      ["2026-04-10T00:00:00.000Z", "2026-04-12T00:00:00.000Z"],
    ]);
    expect(fromRrule(series.rrule, series).until).toBe("2026-04-10");
  });

  it("a series without an end has no last occurrence; one without a rule is itself", () => {
    const base = {
      startsAt: new Date("2026-01-01T10:00:00Z"),
      endsAt: new Date("2026-01-01T11:00:00Z"),
      allDay: false,
      timeZone: "UTC",
    };
    expect(seriesEnd({ ...base, rrule: "FREQ=WEEKLY;INTERVAL=1" })).toBeNull();
    expect(seriesEnd({ ...base, rrule: null })?.toISOString()).toBe("2026-01-01T11:00:00.000Z");
    expect(
      expandSeries({ ...base, rrule: null }, new Date("2026-01-02T00:00:00Z"), new Date("2026-01-03T00:00:00Z")),
    ).toEqual([]);
  });
});
