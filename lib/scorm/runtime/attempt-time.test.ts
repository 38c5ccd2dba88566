import { describe, expect, it } from "vitest";
import {
  addSessionTime,
  keepAttemptTimes,
  repairAttemptAbsoluteDuration,
  timeUpReason,
  type TimedActivity,
} from "@/lib/scorm/runtime/attempt-time";

// The pure parts of the time limits around scorm-again (the sequencer itself: runtime-bridge.test.ts).

const activity = (limit: string | null, time: string, attemptCount = 1): TimedActivity => ({
  id: "a",
  attemptCount,
  attemptAbsoluteDurationLimit: limit,
  attemptExperiencedDuration: time,
  isActive: false,
  isSuspended: false,
});

describe("attempt time", () => {
  it("says the time is up once the last attempt's time reached the limit, in words", () => {
    expect(timeUpReason(activity("PT1H30M0S", "PT1H30M0S"))).toBe("Time is up (1 h 30 min allowed)");
    expect(timeUpReason(activity("PT0H1M30S", "PT0H2M0S"))).toBe("Time is up (1 min 30 s allowed)");
    expect(timeUpReason(activity("PT0H5M0S", "PT0H4M59S"))).toBeNull();
    expect(timeUpReason(activity("PT0H5M0S", "PT0H9M0S", 0))).toBeNull();
    expect(timeUpReason(activity(null, "PT9H0M0S"))).toBeNull();
  });

  it("adds a session's seconds to a timed activity only", () => {
    const timed = activity("PT0H5M0S", "PT0H1M0S");
    addSessionTime(timed, 90.5);
    expect(timed.attemptExperiencedDuration).toBe("PT0H2M30.5S");
    const untimed = activity(null, "PT0H0M0S");
    addSessionTime(untimed, 90);
    expect(untimed.attemptExperiencedDuration).toBe("PT0H0M0S");
  });

  it("gives a resumed attempt back the time its delivery cleared, and a new attempt none", () => {
    const resumed = activity("PT0H5M0S", "PT0H3M0S");
    const renewed = { ...activity("PT0H5M0S", "PT0H4M0S"), id: "b" };
    const root = { ...activity(null, "PT0H0M0S"), id: "root", children: [resumed, renewed] };
    keepAttemptTimes(root, () => {
      resumed.attemptExperiencedDuration = "PT0H0M0S";
      renewed.attemptExperiencedDuration = "PT0H0M0S";
      renewed.attemptCount = 2;
    });
    expect(resumed.attemptExperiencedDuration).toBe("PT0H3M0S");
    expect(renewed.attemptExperiencedDuration).toBe("PT0H0M0S");
  });

  it("points an accessor that answers the limit at the tracked duration, on the class", () => {
    class Broken {
      _attemptAbsoluteDuration = "PT0H0M0S";
      _attemptAbsoluteDurationLimit: string | null = "PT0H5M0S";
      get attemptAbsoluteDuration(): string {
        return this._attemptAbsoluteDurationLimit || "PT0H0M0S";
      }
      set attemptAbsoluteDuration(duration: string) {
        this._attemptAbsoluteDurationLimit = duration;
      }
    }
    const first = new Broken();
    repairAttemptAbsoluteDuration(first);
    expect(first.attemptAbsoluteDuration).toBe("PT0H0M0S");
    const second = new Broken();
    second.attemptAbsoluteDuration = "PT0H1M0S";
    expect(second._attemptAbsoluteDurationLimit).toBe("PT0H5M0S");
    expect(second.attemptAbsoluteDuration).toBe("PT0H1M0S");
  });
});
