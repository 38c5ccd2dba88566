import { NO_RULES, nextSessionClock, readScoStatus, type ScoStatus } from "@/lib/scorm/cmi-status";
import {
  isAttemptCompleted,
  readSequencingRollup,
  rollupAttempt,
  type AttemptRollup,
  type PackageRules,
  type ScoRollupState,
} from "@/lib/scorm/rollup";
import type { ScormVersion } from "@/lib/scorm/types";
import type { ScormCommit } from "@/lib/schemas/scorm";

// What one commit changes, computed from the locked attempt's current SCO states. Pure: the commit
// service and the benchmark's ceiling both run it, so they write the same values.

export interface StoredSco extends ScoRollupState {
  commitSequence: number;
  sessionSeconds: number;
}

export interface CommitPlan {
  applySco: boolean;
  applyGlobals: boolean;
  /** The commit's activity-tree state replaces the stored one (it is newer). */
  applySequencing: boolean;
  /** The commit ends the attempt, which was not ended yet. */
  endsAttempt: boolean;
  sco: (ScoStatus & { totalTimeSeconds: number; sessionSecondsOpen: number }) | null;
  attempt: AttemptRollup;
  attemptCompleted: boolean;
  log: { at: string; scoId: string; message: string }[];
}

export interface LockedAttempt {
  scos: StoredSco[];
  globalsSequence: number;
  /** The sequence of the commit that last wrote the activity tree's state (0: none yet). */
  sequencingSequence: number;
  /** Whether the learner already ended the attempt. */
  ended: boolean;
  /** The stored globals.rollup (the player's sequencing rollup), if any. */
  globalsRollup: unknown;
}

export function planCommit(
  version: ScormVersion,
  pkg: PackageRules,
  locked: LockedAttempt,
  commit: ScormCommit,
  now = new Date(),
): CommitPlan {
  const { scos, globalsSequence } = locked;
  const previous = scos.find((s) => s.scoId === commit.scoId);
  // Each part is ordered on its own: the SCO's CMI by the SCO's last sequence, the globals and the
  // activity tree's state by theirs, so a late or replayed commit never takes any of them back.
  const cmi = commit.cmi;
  const applySco = cmi !== undefined && commit.sequence > (previous?.commitSequence ?? 0);
  const applyGlobals = commit.globals !== undefined && commit.sequence > globalsSequence;
  const applySequencing = commit.sequencing !== undefined && commit.sequence > locked.sequencingSequence;
  const endsAttempt = commit.endsAttempt === true && !locked.ended;
  let sco: CommitPlan["sco"] = null;
  let states: ScoRollupState[] = scos;
  if (applySco) {
    const status = readScoStatus(version, cmi, {
      terminated: commit.terminated,
      rules: pkg.rules.get(commit.scoId) ?? NO_RULES,
    });
    // Within an attempt a SCO's completion does not go back, and a known success is not forgotten.
    if (previous?.completionStatus === "completed") status.completionStatus = "completed";
    if (
      status.successStatus === "unknown" &&
      (previous?.successStatus === "passed" || previous?.successStatus === "failed")
    ) {
      status.successStatus = previous.successStatus;
    }
    const clock = nextSessionClock(
      { totalTimeSeconds: previous?.totalTimeSeconds ?? 0, sessionSeconds: previous?.sessionSeconds ?? 0 },
      status,
      commit.terminated,
    );
    sco = { ...status, totalTimeSeconds: clock.totalTimeSeconds, sessionSecondsOpen: clock.sessionSeconds };
    const next: ScoRollupState = { scoId: commit.scoId, ...status, totalTimeSeconds: clock.totalTimeSeconds };
    states = previous ? scos.map((s) => (s.scoId === commit.scoId ? next : s)) : [...scos, next];
  }
  const attempt = rollupAttempt(
    pkg,
    states,
    readSequencingRollup(applyGlobals ? commit.globals : { rollup: locked.globalsRollup }),
  );
  const at = now.toISOString();
  return {
    applySco,
    applyGlobals,
    applySequencing,
    endsAttempt,
    sco,
    attempt,
    attemptCompleted: isAttemptCompleted(attempt),
    log: (sco?.warnings ?? []).map((message) => ({ at, scoId: commit.scoId, message })),
  };
}
