import { describe, expect, it } from "vitest";
import { lessonStatusAfter, readSequencingRollup, rollupAttempt, type ScoRollupState } from "@/lib/scorm/rollup";

const pkg = (ids: string[], weights: Record<string, number> = {}) => ({
  scoIds: ids,
  weights: new Map(Object.entries(weights)),
});
const sco = (scoId: string, s: Partial<ScoRollupState> = {}): ScoRollupState => ({
  scoId,
  completionStatus: "incomplete",
  successStatus: "unknown",
  scoreScaled: null,
  progressMeasure: null,
  totalTimeSeconds: 0,
  ...s,
});

describe("rollupAttempt", () => {
  it("is not attempted without states, incomplete once a SCO has one, completed when all are", () => {
    expect(rollupAttempt(pkg(["a", "b"]), []).completionStatus).toBe("not attempted");
    expect(rollupAttempt(pkg(["a", "b"]), [sco("a", { completionStatus: "completed" })]).completionStatus).toBe(
      "incomplete",
    );
    const done = rollupAttempt(pkg(["a", "b"]), [
      sco("a", { completionStatus: "completed", totalTimeSeconds: 10 }),
      sco("b", { completionStatus: "completed", totalTimeSeconds: 5 }),
    ]);
    expect(done).toMatchObject({ completionStatus: "completed", totalTimeSeconds: 15, progressMeasure: 1 });
  });
  it("fails when any SCO failed, passes when completed with passes only", () => {
    const passed = sco("a", { completionStatus: "completed", successStatus: "passed", scoreScaled: 0.9 });
    expect(
      rollupAttempt(pkg(["a", "b"]), [
        passed,
        sco("b", { completionStatus: "completed", successStatus: "failed", scoreScaled: 0.3 }),
      ]),
    ).toMatchObject({ successStatus: "failed", scoreScaled: 0.6 });
    expect(rollupAttempt(pkg(["a", "b"]), [passed]).successStatus).toBe("unknown");
    expect(rollupAttempt(pkg(["a", "b"]), [passed, sco("b", { completionStatus: "completed" })]).successStatus).toBe(
      "passed",
    );
  });
  it("weighs progress by progressWeight", () => {
    const r = rollupAttempt(pkg(["a", "b"], { a: 3, b: 1 }), [
      sco("a", { progressMeasure: 0.5 }),
      sco("b", { completionStatus: "completed" }),
    ]);
    expect(r.progressMeasure).toBeCloseTo((3 * 0.5 + 1) / 4);
  });
  it("lets the sequencing engine's root rollup win", () => {
    const seq = readSequencingRollup({
      rollup: { completionStatus: "completed", successStatus: "passed", scoreScaled: 0.8, bogus: 1 },
    });
    const r = rollupAttempt(pkg(["a", "b"]), [sco("a"), sco("b")], seq);
    expect(r).toMatchObject({ completionStatus: "completed", successStatus: "passed", scoreScaled: 0.8 });
    expect(readSequencingRollup({ rollup: { completionStatus: "nope" } })).toBeNull();
    expect(readSequencingRollup({})).toBeNull();
  });
});

describe("lessonStatusAfter", () => {
  it("completes on a completed or passed attempt and never goes back", () => {
    expect(lessonStatusAfter(null, { completionStatus: "incomplete", successStatus: "unknown" })).toBe("in_progress");
    expect(lessonStatusAfter("in_progress", { completionStatus: "completed", successStatus: "failed" })).toBe(
      "completed",
    );
    expect(lessonStatusAfter("in_progress", { completionStatus: "incomplete", successStatus: "passed" })).toBe(
      "completed",
    );
    expect(lessonStatusAfter("completed", { completionStatus: "incomplete", successStatus: "unknown" })).toBe(
      "completed",
    );
    expect(lessonStatusAfter(null, { completionStatus: "not attempted", successStatus: "unknown" })).toBe(
      "not_started",
    );
  });
});
