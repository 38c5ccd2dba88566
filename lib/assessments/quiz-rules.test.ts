import { describe, expect, it } from "vitest";
import { deadlineOf, lessonScorePercent, pageOf, reviewAllows, successOf } from "@/lib/assessments/quiz-rules";

const attempts = [
  { number: 1, percent: 40 },
  { number: 3, percent: 70 },
  { number: 2, percent: 100 },
];

describe("lessonScorePercent", () => {
  it("takes the highest, the last or the average of the finished attempts", () => {
    expect(lessonScorePercent("highest", attempts)).toBe(100);
    expect(lessonScorePercent("last", attempts)).toBe(70);
    expect(lessonScorePercent("average", attempts)).toBe(70);
  });
  it("is null before any attempt is finished", () => {
    expect(lessonScorePercent("highest", [])).toBeNull();
  });
});

describe("successOf", () => {
  it("passes at the pass mark and above, fails below, has no verdict without a pass mark", () => {
    expect(successOf(60, 60)).toBe("passed");
    expect(successOf(59.99, 60)).toBe("failed");
    expect(successOf(0.1 + 0.2, 0.3)).toBe("passed");
    expect(successOf(100, null)).toBeNull();
  });
});

describe("reviewAllows", () => {
  const closesAt = new Date("2026-12-10T12:00:00Z");
  const before = new Date("2026-12-10T11:59:59Z");
  const after = new Date("2026-12-10T12:00:00Z");
  it("immediately: even while the attempt is taken", () => {
    expect(reviewAllows("immediately", { inProgress: true, now: before, closesAt: null })).toBe(true);
  });
  it("after submission: once the attempt is no longer in progress", () => {
    expect(reviewAllows("after_submission", { inProgress: true, now: before, closesAt: null })).toBe(false);
    expect(reviewAllows("after_submission", { inProgress: false, now: before, closesAt: null })).toBe(true);
  });
  it("after close: once the quiz has closed; a quiz that never closes never shows it", () => {
    expect(reviewAllows("after_close", { inProgress: false, now: before, closesAt })).toBe(false);
    expect(reviewAllows("after_close", { inProgress: false, now: after, closesAt })).toBe(true);
    expect(reviewAllows("after_close", { inProgress: false, now: after, closesAt: null })).toBe(false);
  });
  it("never", () => {
    expect(reviewAllows("never", { inProgress: false, now: after, closesAt })).toBe(false);
  });
});

describe("pageOf and deadlineOf", () => {
  it("puts questions on pages of the given size, or all on page 1", () => {
    expect([1, 2, 3, 4, 5].map((p) => pageOf(p, 2))).toEqual([1, 1, 2, 2, 3]);
    expect(pageOf(7, 0)).toBe(1);
  });
  it("ends an attempt at its time limit, or when the quiz closes if that is sooner", () => {
    const start = new Date("2026-12-10T10:00:00Z");
    expect(deadlineOf(start, 90, null)).toEqual(new Date("2026-12-10T10:01:30Z"));
    expect(deadlineOf(start, 3600, new Date("2026-12-10T10:30:00Z"))).toEqual(new Date("2026-12-10T10:30:00Z"));
    expect(deadlineOf(start, null, null)).toBeNull();
  });
});
