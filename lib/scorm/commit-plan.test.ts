import { describe, expect, it } from "vitest";
import { planCommit, readCommit, type AttemptState, type StoredSco } from "@/lib/scorm/commit-plan";
import type { PackageRules } from "@/lib/scorm/rollup";
import type { ScormCommit } from "@/lib/schemas/scorm";

// A SCO's activity attempts within one package attempt (SCORM 2004 sequencing: a post-test of two attempts).

const pkg: PackageRules = { scoIds: ["posttest"], rules: new Map(), weights: new Map() };

const failedFirst: StoredSco = {
  scoId: "posttest",
  commitSequence: 5,
  completionStatus: "completed",
  successStatus: "failed",
  scoreScaled: 0.4,
  progressMeasure: null,
  totalTimeSeconds: 100,
  sessionSeconds: 0,
  activityAttempt: 1,
  activityStartSeconds: 0,
};

const locked = (sco: StoredSco): AttemptState => ({
  scos: [sco],
  globalsSequence: 0,
  sequencingSequence: 0,
  ended: false,
  globalsRollup: null,
});

const commit = (sequence: number, cmi: Record<string, unknown>, extra: Partial<ScormCommit> = {}): ScormCommit => ({
  attemptId: "0190a1b2-0000-7000-8000-000000000001",
  sequence,
  scoId: "posttest",
  cmi,
  terminated: false,
  ...extra,
});

const planOf = (attempt: AttemptState, c: ScormCommit) => planCommit(pkg, attempt, readCommit("scorm2004_4th", pkg, c));

describe("planCommit: activity attempts", () => {
  it("a later activity attempt archives the stored one and starts afresh, its time added to the SCO's total", () => {
    const plan = planOf(
      locked(failedFirst),
      commit(6, { completion_status: "incomplete", session_time: "PT20S" }, { activityAttempt: 2 }),
    );
    expect(plan.applySco).toBe(true);
    expect(plan.sco).toMatchObject({
      archive: 1,
      activityAttempt: 2,
      activityStartSeconds: 100,
      completionStatus: "incomplete",
      successStatus: "unknown",
      scoreScaled: null,
      totalTimeSeconds: 120,
      sessionSecondsOpen: 20,
    });
  });

  it("within an activity attempt nothing is archived and its completion does not go back", () => {
    const plan = planOf(locked(failedFirst), commit(6, { completion_status: "incomplete" }));
    expect(plan.sco).toMatchObject({
      archive: null,
      activityAttempt: 1,
      activityStartSeconds: 0,
      completionStatus: "completed",
      successStatus: "failed",
    });
    const same = planOf(locked(failedFirst), commit(6, { completion_status: "incomplete" }, { activityAttempt: 1 }));
    expect(same.sco).toMatchObject({ archive: null, activityAttempt: 1, completionStatus: "completed" });
  });

  it("the session clock runs within the activity attempt: its terminate commit adds the session to where it began", () => {
    const second: StoredSco = {
      ...failedFirst,
      commitSequence: 6,
      completionStatus: "incomplete",
      successStatus: "unknown",
      scoreScaled: null,
      totalTimeSeconds: 120,
      sessionSeconds: 20,
      activityAttempt: 2,
      activityStartSeconds: 100,
    };
    const plan = planOf(
      locked(second),
      commit(
        7,
        { completion_status: "completed", success_status: "failed", score: { scaled: "0.4" }, session_time: "PT30S" },
        { activityAttempt: 2, terminated: true },
      ),
    );
    expect(plan.sco).toMatchObject({
      archive: null,
      activityAttempt: 2,
      totalTimeSeconds: 130,
      sessionSecondsOpen: 0,
      successStatus: "failed",
      scoreScaled: 0.4,
    });
  });

  it("an earlier activity attempt's late commit is not applied, whatever its sequence; a replay is not either", () => {
    const second: StoredSco = { ...failedFirst, commitSequence: 6, activityAttempt: 2, activityStartSeconds: 100 };
    const late = planOf(locked(second), commit(9, { completion_status: "completed" }, { activityAttempt: 1 }));
    expect(late).toMatchObject({ applySco: false, sco: null });
    const replay = planOf(locked(second), commit(6, { completion_status: "incomplete" }, { activityAttempt: 2 }));
    expect(replay).toMatchObject({ applySco: false, sco: null });
  });

  it("a SCO's first commit of a later activity attempt (the earlier one never committed) archives nothing", () => {
    const plan = planOf(
      { ...locked(failedFirst), scos: [] },
      commit(1, { completion_status: "incomplete" }, { activityAttempt: 2 }),
    );
    expect(plan.sco).toMatchObject({ archive: null, activityAttempt: 2, activityStartSeconds: 0 });
  });
});
