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

// What one commit changes, computed from the attempt's SCO states as read. Pure: the commit service and
// the benchmark's ceiling both run it, so they write the same values. A commit's CMI is read once
// (readCommit); a commit that has to be planned again (another commit of the attempt got there first)
// keeps that reading.

export interface StoredSco extends ScoRollupState {
  commitSequence: number;
  sessionSeconds: number;
  /** The SCO's activity attempt the row holds. */
  activityAttempt: number;
  /** totalTimeSeconds when that activity attempt began. */
  activityStartSeconds: number;
}

export interface CommitPlan {
  applySco: boolean;
  applyGlobals: boolean;
  /** The commit's activity-tree state replaces the stored one (it is newer). */
  applySequencing: boolean;
  /** The commit ends the attempt, which was not ended yet. */
  endsAttempt: boolean;
  sco:
    | (ScoStatus & {
        totalTimeSeconds: number;
        sessionSecondsOpen: number;
        activityAttempt: number;
        activityStartSeconds: number;
        /**
         * The commit starts a later activity attempt of its SCO: the stored row's results are kept as
         * activity attempt `archive` before the row starts afresh (null: nothing to archive).
         */
        archive: number | null;
      })
    | null;
  attempt: AttemptRollup;
  attemptCompleted: boolean;
  log: { at: string; scoId: string; message: string }[];
}

/** A commit with its CMI read: the SCO's status under the package's rules, and whether it ran in review mode. */
export interface CommitReading {
  commit: ScormCommit;
  /** Null when the commit carries no CMI (only globals or the activity tree's state). */
  sco: ScoStatus | null;
  /** Content run in review mode: nothing of the commit is tracked. */
  review: boolean;
}

export function readCommit(version: ScormVersion, pkg: PackageRules, commit: ScormCommit): CommitReading {
  if (commit.cmi === undefined) return { commit, sco: null, review: false };
  const sco = readScoStatus(version, commit.cmi, {
    terminated: commit.terminated,
    rules: pkg.rules.get(commit.scoId) ?? NO_RULES,
  });
  return { commit, sco, review: sco.review };
}

/** The attempt as a commit is planned against. */
export interface AttemptState {
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
  pkg: PackageRules,
  attempt: AttemptState,
  { commit, sco: read }: CommitReading,
  now = new Date(),
): CommitPlan {
  const { scos, globalsSequence } = attempt;
  const stored = scos.find((s) => s.scoId === commit.scoId);
  // Each part is ordered on its own: the SCO's CMI by the SCO's last sequence, the globals and the
  // activity tree's state by theirs, so a late or replayed commit never takes any of them back. A commit
  // of an earlier activity attempt of the SCO than stored is late too, whatever its sequence.
  const activityAttempt = commit.activityAttempt ?? stored?.activityAttempt ?? 1;
  const startsActivityAttempt = stored !== undefined && activityAttempt > stored.activityAttempt;
  const applySco =
    read !== null &&
    commit.sequence > (stored?.commitSequence ?? 0) &&
    activityAttempt >= (stored?.activityAttempt ?? 1);
  const applyGlobals = commit.globals !== undefined && commit.sequence > globalsSequence;
  const applySequencing = commit.sequencing !== undefined && commit.sequence > attempt.sequencingSequence;
  const endsAttempt = commit.endsAttempt === true && !attempt.ended;
  // A new activity attempt inherits nothing of the last one (its results are archived), but its time
  // adds to the SCO's total, which the package attempt's time sums.
  const previous = startsActivityAttempt ? undefined : stored;
  const activityStartSeconds = startsActivityAttempt ? stored.totalTimeSeconds : (stored?.activityStartSeconds ?? 0);
  let sco: CommitPlan["sco"] = null;
  let states: ScoRollupState[] = scos;
  if (applySco) {
    // A copy: the reading is kept for a commit planned again.
    const status = { ...read };
    // Within an activity attempt a SCO's completion does not go back, and a known success is not forgotten.
    if (previous?.completionStatus === "completed") status.completionStatus = "completed";
    if (
      status.successStatus === "unknown" &&
      (previous?.successStatus === "passed" || previous?.successStatus === "failed")
    ) {
      status.successStatus = previous.successStatus;
    }
    // The session clock runs within the activity attempt (the content's total_time is the attempt's own).
    const clock = nextSessionClock(
      {
        totalTimeSeconds: previous ? previous.totalTimeSeconds - activityStartSeconds : 0,
        sessionSeconds: previous?.sessionSeconds ?? 0,
      },
      status,
      commit.terminated,
    );
    const totalTimeSeconds = activityStartSeconds + clock.totalTimeSeconds;
    sco = {
      ...status,
      totalTimeSeconds,
      sessionSecondsOpen: clock.sessionSeconds,
      activityAttempt,
      activityStartSeconds,
      archive: startsActivityAttempt ? stored.activityAttempt : null,
    };
    const next: ScoRollupState = { scoId: commit.scoId, ...status, totalTimeSeconds };
    states = stored ? scos.map((s) => (s.scoId === commit.scoId ? next : s)) : [...scos, next];
  }
  const rollup = rollupAttempt(
    pkg,
    states,
    readSequencingRollup(applyGlobals ? commit.globals : { rollup: attempt.globalsRollup }),
  );
  const at = now.toISOString();
  return {
    applySco,
    applyGlobals,
    applySequencing,
    endsAttempt,
    sco,
    attempt: rollup,
    attemptCompleted: isAttemptCompleted(rollup),
    log: (sco?.warnings ?? []).map((message) => ({ at, scoId: commit.scoId, message })),
  };
}
