import { describe, expect, it } from "vitest";
import { NO_RULES, nextSessionClock, readScoStatus, type ScoRules } from "@/lib/scorm/cmi-status";
import { formatIsoDuration, formatScorm12Time, parseDuration } from "@/lib/scorm/duration";
import { resumeCmi } from "@/lib/scorm/resume";

const core12 = (core: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  core: { score: {}, ...core },
  suspend_data: "",
  ...extra,
});
const read12 = (cmi: Record<string, unknown>, terminated = false, masteryScore: number | null = null) =>
  readScoStatus("scorm12", cmi, {
    terminated,
    rules: { masteryScore, scaledPassingScore: null, completionThreshold: null },
  });

describe("durations", () => {
  it("reads 1.2 timespans and 2004 ISO durations", () => {
    expect(parseDuration("0000:01:30.50")).toBe(90.5);
    expect(parseDuration("01:00:00")).toBe(3600);
    expect(parseDuration("PT1H2M3.5S")).toBe(3723.5);
    expect(parseDuration("P1DT1S")).toBe(86_401);
    expect(parseDuration("")).toBe(0);
    expect(parseDuration("garbage")).toBe(0);
    expect(parseDuration("PT")).toBe(0);
  });
  it("writes both formats back", () => {
    expect(formatScorm12Time(3723.5)).toBe("01:02:03.50");
    expect(formatIsoDuration(3723.5)).toBe("PT1H2M3.5S");
    expect(parseDuration(formatScorm12Time(12.25))).toBe(12.25);
  });
});

describe("SCORM 1.2 status", () => {
  it("splits the combined lesson_status into completion and success", () => {
    expect(read12(core12({ lesson_status: "passed" }))).toMatchObject({
      completionStatus: "completed",
      successStatus: "passed",
    });
    expect(read12(core12({ lesson_status: "failed" }))).toMatchObject({
      completionStatus: "completed",
      successStatus: "failed",
    });
    expect(read12(core12({ lesson_status: "completed" }))).toMatchObject({
      completionStatus: "completed",
      successStatus: "unknown",
    });
    expect(read12(core12({ lesson_status: "incomplete" }))).toMatchObject({
      completionStatus: "incomplete",
      successStatus: "unknown",
    });
    expect(read12(core12({ lesson_status: "browsed" }))).toMatchObject({ completionStatus: "incomplete" });
    expect(read12(core12({ lesson_status: "not attempted" }))).toMatchObject({ completionStatus: "not attempted" });
  });
  it("scales the score by max, or by 100 when max is empty", () => {
    expect(read12(core12({ lesson_status: "completed", score: { raw: "40", min: "0", max: "50" } }))).toMatchObject({
      scoreRaw: 40,
      scoreMin: 0,
      scoreMax: 50,
      scoreScaled: 0.8,
    });
    expect(read12(core12({ score: { raw: "85", min: "", max: "" } })).scoreScaled).toBe(0.85);
  });
  it("judges by the mastery score when the SCO leaves the status at completed, or incomplete at finish", () => {
    expect(read12(core12({ lesson_status: "completed", score: { raw: "80" } }), false, 75)).toMatchObject({
      completionStatus: "completed",
      successStatus: "passed",
    });
    expect(read12(core12({ lesson_status: "completed", score: { raw: "60" } }), false, 75)).toMatchObject({
      successStatus: "failed",
    });
    expect(read12(core12({ lesson_status: "incomplete", score: { raw: "60" } }), false, 75)).toMatchObject({
      completionStatus: "incomplete",
      successStatus: "unknown",
    });
    expect(read12(core12({ lesson_status: "incomplete", score: { raw: "90" } }), true, 75)).toMatchObject({
      completionStatus: "completed",
      successStatus: "passed",
    });
    expect(
      read12(core12({ lesson_status: "completed", score: { raw: "90" } }, { student_data: { mastery_score: "95" } })),
    ).toMatchObject({ successStatus: "failed" });
  });
  it("marks a SCO that never set lesson_status completed on LMSFinish only", () => {
    expect(read12(core12({ lesson_status: "not attempted" }), false)).toMatchObject({
      completionStatus: "not attempted",
    });
    expect(read12(core12({ lesson_status: "not attempted" }), true)).toMatchObject({
      completionStatus: "completed",
      successStatus: "unknown",
    });
    expect(read12({}, true)).toMatchObject({ completionStatus: "completed" });
  });
  it("keeps long suspend_data and location whole, with warnings", () => {
    const status = read12(core12({ lesson_location: "x".repeat(300) }, { suspend_data: "s".repeat(10_000) }));
    expect(status.suspendData).toHaveLength(10_000);
    expect(status.location).toHaveLength(300);
    expect(status.warnings).toHaveLength(2);
    expect(status.warnings[0]).toContain("10000 characters");
  });
  it("reads the commit envelope of renderCommitCMI as well as the bare cmi", () => {
    const status = read12({
      cmi: core12({ lesson_status: "passed", session_time: "00:00:10", exit: "suspend", entry: "ab-initio" }),
    });
    expect(status).toMatchObject({
      successStatus: "passed",
      sessionSeconds: 10,
      exit: "suspend",
      entry: "ab-initio",
      reportedTotalSeconds: null,
    });
  });
});

describe("SCORM 2004 status", () => {
  const read = (cmi: Record<string, unknown>, rules: ScoRules = NO_RULES) =>
    readScoStatus("scorm2004_4th", cmi, { terminated: false, rules });
  it("keeps completion and success as the SCO set them", () => {
    expect(read({ completion_status: "completed", success_status: "failed", score: { scaled: "0.4" } })).toMatchObject({
      completionStatus: "completed",
      successStatus: "failed",
      scoreScaled: 0.4,
    });
  });
  it("derives success from scaled_passing_score when the SCO did not set it", () => {
    expect(
      read(
        { completion_status: "completed", success_status: "unknown", score: { scaled: "0.9" } },
        { masteryScore: null, scaledPassingScore: 0.8, completionThreshold: null },
      ).successStatus,
    ).toBe("passed");
    expect(
      read({ success_status: "unknown", scaled_passing_score: "0.8", score: { scaled: "0.5" } }).successStatus,
    ).toBe("failed");
    expect(
      read({ success_status: "passed", scaled_passing_score: "0.8", score: { scaled: "0.5" } }).successStatus,
    ).toBe("passed");
  });
  it("derives completion from progress_measure against the threshold", () => {
    expect(
      read({ completion_status: "incomplete", progress_measure: "0.9", completion_threshold: "0.8" }).completionStatus,
    ).toBe("completed");
    expect(
      read({ completion_status: "completed", progress_measure: "0.5", completion_threshold: "0.8" }),
    ).toMatchObject({ completionStatus: "incomplete", progressMeasure: 0.5 });
    expect(read({ completion_status: "incomplete", progress_measure: "0.5" }).completionStatus).toBe("incomplete");
  });
  it("reads session and total time as ISO durations", () => {
    expect(read({ session_time: "PT1M", total_time: "PT2M" })).toMatchObject({
      sessionSeconds: 60,
      reportedTotalSeconds: 120,
    });
  });
});

describe("total time across sessions", () => {
  it("does not double count the commits of one session", () => {
    let clock = { totalTimeSeconds: 100, sessionSeconds: 0 };
    for (const s of [10, 20, 30])
      clock = nextSessionClock(clock, { sessionSeconds: s, reportedTotalSeconds: null }, false);
    expect(clock).toEqual({ totalTimeSeconds: 130, sessionSeconds: 30 });
    clock = nextSessionClock(clock, { sessionSeconds: 35, reportedTotalSeconds: 135 }, true);
    expect(clock).toEqual({ totalTimeSeconds: 135, sessionSeconds: 0 });
    clock = nextSessionClock(clock, { sessionSeconds: 5, reportedTotalSeconds: null }, false);
    expect(clock).toEqual({ totalTimeSeconds: 140, sessionSeconds: 5 });
  });
  it("keeps a session that ended without a terminate commit when the next one starts lower", () => {
    const clock = nextSessionClock(
      { totalTimeSeconds: 130, sessionSeconds: 30 },
      { sessionSeconds: 4, reportedTotalSeconds: null },
      false,
    );
    expect(clock.totalTimeSeconds).toBe(134);
  });
  it("falls back to scorm-again's wall-clock total on terminate when the SCO reports no session time", () => {
    expect(
      nextSessionClock(
        { totalTimeSeconds: 100, sessionSeconds: 0 },
        { sessionSeconds: 0, reportedTotalSeconds: 160 },
        true,
      ).totalTimeSeconds,
    ).toBe(160);
  });
});

describe("resume", () => {
  it("1.2: entry resume after a suspend, total time from the server, session time and exit cleared", () => {
    const cmi = resumeCmi("scorm12", {
      cmi: core12(
        {
          lesson_location: "p3",
          lesson_status: "incomplete",
          exit: "suspend",
          session_time: "00:01:00",
          student_name: "x",
        },
        { suspend_data: "abc" },
      ),
      exit: "suspend",
      totalTimeSeconds: 75,
    });
    expect(cmi.core).toMatchObject({
      entry: "resume",
      lesson_location: "p3",
      lesson_status: "incomplete",
      total_time: "00:01:15.00",
    });
    expect(cmi.core).not.toHaveProperty("session_time");
    expect(cmi.core).not.toHaveProperty("exit");
    expect(cmi.core).not.toHaveProperty("student_name");
    expect(cmi.suspend_data).toBe("abc");
  });
  it("2004: entry empty after a normal exit", () => {
    const cmi = resumeCmi("scorm2004_3rd", {
      cmi: { location: "2", exit: "normal", session_time: "PT5S", completion_status: "completed" },
      exit: "normal",
      totalTimeSeconds: 5,
    });
    expect(cmi).toMatchObject({ entry: "", location: "2", total_time: "PT0H0M5S", completion_status: "completed" });
    expect(cmi).not.toHaveProperty("exit");
  });
});
