import { describe, expect, it } from "vitest";
import { nextEnrollmentState, nextLessonProgress, type LessonCounts } from "./rules";

// The percentage, the completion and the watched video, read through the functions the services call.
const ACTIVE = { status: "active", progressPercent: 0, completedAt: null } as const;
const SOME_TIME = new Date("2030-01-01T00:00:00Z");
const progressPercent = (c: LessonCounts) => nextEnrollmentState(ACTIVE, c, SOME_TIME).progressPercent;
const isCourseComplete = (c: LessonCounts) => nextEnrollmentState(ACTIVE, c, SOME_TIME).status === "completed";
const isVideoWatched = (positionSeconds: number | undefined, durationSeconds: number | null) =>
  nextLessonProgress(
    null,
    { kind: "video", durationSeconds },
    positionSeconds === undefined ? {} : { position_seconds: positionSeconds },
    SOME_TIME,
  ).status === "completed";

const counts = (requiredTotal: number, requiredDone: number, allTotal: number, allDone: number): LessonCounts => ({
  requiredTotal,
  requiredDone,
  allTotal,
  allDone,
});

describe("progressPercent", () => {
  it("counts required lessons only when there are any", () => {
    expect(progressPercent(counts(4, 1, 6, 3))).toBe(25);
    expect(progressPercent(counts(4, 4, 6, 4))).toBe(100);
  });

  it("counts all lessons when none is required", () => {
    expect(progressPercent(counts(0, 0, 4, 3))).toBe(75);
  });

  it("rounds down, so only a finished course shows 100", () => {
    expect(progressPercent(counts(3, 1, 3, 1))).toBe(33);
    expect(progressPercent(counts(3, 2, 3, 2))).toBe(66);
    expect(progressPercent(counts(200, 199, 200, 199))).toBe(99);
  });

  it("is 0 for a course without lessons and never above 100", () => {
    expect(progressPercent(counts(0, 0, 0, 0))).toBe(0);
    expect(progressPercent(counts(2, 5, 2, 5))).toBe(100);
  });
});

describe("progressPercent with the parts SCORM lessons report", () => {
  it("counts a lesson in progress as the part its package reported, of the counted lessons only", () => {
    expect(progressPercent({ ...counts(1, 0, 1, 0), requiredPartial: 0.6, allPartial: 0.6 })).toBe(60);
    expect(progressPercent({ ...counts(4, 1, 6, 1), requiredPartial: 0.5, allPartial: 1.5 })).toBe(37);
    expect(progressPercent({ ...counts(0, 0, 4, 1), allPartial: 1.2 })).toBe(55);
  });

  it("stays below 100 until every counted lesson is done", () => {
    expect(progressPercent({ ...counts(1, 0, 1, 0), requiredPartial: 0.999, allPartial: 0.999 })).toBe(99);
    expect(progressPercent({ ...counts(2, 1, 2, 1), requiredPartial: 1, allPartial: 1 })).toBe(99);
    expect(progressPercent({ ...counts(2, 2, 2, 2), requiredPartial: 0, allPartial: 0 })).toBe(100);
  });
});

describe("isCourseComplete", () => {
  it("needs every counted lesson and at least one lesson", () => {
    expect(isCourseComplete(counts(2, 2, 5, 2))).toBe(true);
    expect(isCourseComplete(counts(2, 1, 5, 4))).toBe(false);
    expect(isCourseComplete(counts(0, 0, 2, 2))).toBe(true);
    expect(isCourseComplete(counts(0, 0, 0, 0))).toBe(false);
  });
});

describe("nextEnrollmentState", () => {
  const now = new Date("2030-01-02T03:04:05Z");
  const earlier = new Date("2029-12-31T00:00:00Z");

  it("completes an active enrollment with the current time", () => {
    expect(
      nextEnrollmentState({ status: "active", progressPercent: 50, completedAt: null }, counts(2, 2, 2, 2), now),
    ).toEqual({ status: "completed", progressPercent: 100, completedAt: now });
  });

  it("keeps the first completion time", () => {
    expect(
      nextEnrollmentState({ status: "completed", progressPercent: 100, completedAt: earlier }, counts(2, 2, 2, 2), now)
        .completedAt,
    ).toBe(earlier);
  });

  it("keeps a completed enrollment completed when a new lesson lowers the percentage", () => {
    expect(
      nextEnrollmentState({ status: "completed", progressPercent: 100, completedAt: earlier }, counts(3, 2, 3, 2), now),
    ).toEqual({ status: "completed", progressPercent: 66, completedAt: earlier });
  });

  it("updates the percentage of an active enrollment", () => {
    expect(
      nextEnrollmentState({ status: "active", progressPercent: 0, completedAt: null }, counts(4, 1, 4, 1), now),
    ).toEqual({ status: "active", progressPercent: 25, completedAt: null });
  });

  it("leaves a withdrawn enrollment withdrawn", () => {
    expect(
      nextEnrollmentState({ status: "withdrawn", progressPercent: 50, completedAt: null }, counts(2, 2, 2, 2), now),
    ).toEqual({ status: "withdrawn", progressPercent: 100, completedAt: null });
  });
});

describe("isVideoWatched", () => {
  it("is reached at 95 % of the duration", () => {
    expect(isVideoWatched(95, 100)).toBe(true);
    expect(isVideoWatched(94, 100)).toBe(false);
    expect(isVideoWatched(2, 2)).toBe(true);
  });

  it("needs a known duration and position", () => {
    expect(isVideoWatched(100, null)).toBe(false);
    expect(isVideoWatched(100, 0)).toBe(false);
    expect(isVideoWatched(undefined, 100)).toBe(false);
  });
});

describe("nextLessonProgress", () => {
  const now = new Date("2030-01-02T03:04:05Z");
  const earlier = new Date("2029-12-31T00:00:00Z");
  const text = { kind: "text" as const, durationSeconds: null };
  const video = { kind: "video" as const, durationSeconds: 100 };

  it("marks a text lesson complete and keeps the first completion time", () => {
    expect(nextLessonProgress(null, text, { completed: true }, now)).toEqual({
      status: "completed",
      position: null,
      completedAt: now,
    });
    expect(
      nextLessonProgress({ status: "completed", position: null, completedAt: earlier }, text, { completed: true }, now)
        .completedAt,
    ).toBe(earlier);
  });

  it("un-completes on an explicit completed: false", () => {
    expect(
      nextLessonProgress(
        { status: "completed", position: null, completedAt: earlier },
        text,
        { completed: false },
        now,
      ),
    ).toEqual({ status: "in_progress", position: null, completedAt: null });
  });

  it("tracks a video's position and completes it at 95 %", () => {
    expect(nextLessonProgress(null, video, { position_seconds: 40 }, now)).toEqual({
      status: "in_progress",
      position: 40,
      completedAt: null,
    });
    expect(
      nextLessonProgress(
        { status: "in_progress", position: 40, completedAt: null },
        video,
        { position_seconds: 96 },
        now,
      ),
    ).toEqual({ status: "completed", position: 96, completedAt: now });
  });

  it("uses the player's duration when the lesson has none", () => {
    const external = { kind: "video" as const, durationSeconds: null };
    expect(nextLessonProgress(null, external, { position_seconds: 10 }, now).status).toBe("in_progress");
    expect(nextLessonProgress(null, external, { position_seconds: 10, duration_seconds: 10 }, now).status).toBe(
      "completed",
    );
  });

  it("keeps a watched video completed when the learner rewinds", () => {
    expect(
      nextLessonProgress(
        { status: "completed", position: 100, completedAt: earlier },
        video,
        { position_seconds: 3 },
        now,
      ),
    ).toEqual({ status: "completed", position: 3, completedAt: earlier });
  });

  it("completes a video on the ended event", () => {
    expect(nextLessonProgress(null, video, { completed: true, position_seconds: 80 }, now).status).toBe("completed");
  });
});
