import { describe, expect, it } from "vitest";
import { instantAt, moveToZone, newEventValues, toggleAllDay, wallClock } from "./event-form-values";

// Written out by hand: Berlin is UTC+1 until 29 March 2026, UTC+2 after; New York UTC-5 until 8 March.

describe("event form values", () => {
  it("a picker's wall clock is the time in the event's zone, not the browser's", () => {
    const wall = wallClock("2026-04-02T08:00:00.000Z", "Europe/Berlin");
    expect([wall.getDate(), wall.getHours(), wall.getMinutes()]).toEqual([2, 10, 0]);
    expect(new Date(instantAt(new Date(2026, 3, 2, 10, 0), "Europe/Berlin")).toISOString()).toBe(
      "2026-04-02T08:00:00.000Z",
    );
    expect(instantAt(new Date(2026, 2, 19, 10, 0), "Europe/Berlin")).toMatch(/^2026-03-19T10:00:00(\.000)?\+01:00$/);
    expect(instantAt(new Date(Number.NaN), "UTC")).toBe("invalid");
  });

  it("a wall clock typed in a year before standard time reads back as typed", () => {
    // New York kept local mean time (UTC-4:56:02) until 1883: midnight of 25 March 0202 stays midnight.
    const wall = wallClock(instantAt(new Date(202, 2, 25, 0, 0), "America/New_York"), "America/New_York");
    expect([wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours(), wall.getMinutes()]).toEqual([
      202, 2, 25, 0, 0,
    ]);
  });

  it("another zone keeps the wall clock", () => {
    expect(new Date(moveToZone("2026-03-19T09:00:00.000Z", "Europe/Berlin", "America/New_York")).toISOString()).toBe(
      "2026-03-19T14:00:00.000Z",
    );
  });

  it("all day on keeps the dates of the zone; off puts it at 09:00–10:00", () => {
    const timed = {
      starts_at: "2026-03-18T23:30:00.000Z",
      ends_at: "2026-03-19T00:30:00.000Z",
      time_zone: "Europe/Berlin",
    };
    expect(toggleAllDay(timed, true)).toEqual({ starts_at: "2026-03-19", ends_at: "2026-03-19" });
    const back = toggleAllDay({ starts_at: "2026-03-19", ends_at: "2026-03-19", time_zone: "Europe/Berlin" }, false);
    expect([new Date(back.starts_at).toISOString(), new Date(back.ends_at).toISOString()]).toEqual([
      "2026-03-19T08:00:00.000Z",
      "2026-03-19T09:00:00.000Z",
    ]);
  });

  it("a new event starts at the next full hour of the zone, for an hour", () => {
    const values = newEventValues("America/New_York", new Date("2026-03-02T15:20:00Z"));
    expect(new Date(values.starts_at).toISOString()).toBe("2026-03-02T16:00:00.000Z");
    expect(new Date(values.ends_at).toISOString()).toBe("2026-03-02T17:00:00.000Z");
    expect(values).toMatchObject({ all_day: false, time_zone: "America/New_York", recurrence: null, course_id: null });
  });
});
