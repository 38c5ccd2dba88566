import { formatIsoDuration, parseDuration } from "@/lib/scorm/duration";

// Time limits of sequenced activities (imsss:limitConditions attemptAbsoluteDurationLimit), around
// scorm-again 3.4's sequencer. What it gets right: given the limit, its limit conditions check refuses a
// new attempt once the last one's time reached it (for the flow and for a choice), and `timeLimitExceeded`
// rule conditions read the same time. What it gets wrong, repaired here:
// - the activity's `attemptAbsoluteDuration` accessor reads and writes the LIMIT, so its delivery check
//   (DB.1.1) compared the limit with itself and never delivered a timed activity, each delivery overwrote
//   the limit with zero, and the stored tree carried the limit as the duration;
// - nothing advances an activity's attempt time, and each delivery, a resume included, sets it back to 0.
// The time that counts is the learner's time in the attempt: the sum of its SCO sessions (Initialize to
// Terminate, the LMS's own clock), suspended time between visits excluded (the SN's attempt experienced
// duration). It is the time the SCO itself counts against the same limit (cmi.max_time_allowed is
// accumulated time, RTE 4.2.18), so the SCO and the sequencer agree on when it is up.

/** What this module reads and writes of scorm-again's activity objects. */
export interface TimedActivity {
  id: string;
  attemptCount: number;
  attemptAbsoluteDurationLimit: string | null;
  attemptExperiencedDuration: string;
  isActive: boolean;
  isSuspended: boolean;
  children?: TimedActivity[];
}

const REPAIRED = Symbol.for("lms.scorm.attemptAbsoluteDuration");

/**
 * Points scorm-again's `attemptAbsoluteDuration` accessor at the tracked duration instead of the limit, on
 * the Activity class itself (the look-ahead's clones of the tree are Activity objects too). Idempotent.
 */
export function repairAttemptAbsoluteDuration(activity: object | null | undefined): void {
  if (!activity || !("_attemptAbsoluteDuration" in activity)) return;
  const prototype = Object.getPrototypeOf(activity) as Record<PropertyKey, unknown>;
  if (prototype[REPAIRED]) return;
  type Tracked = { _attemptAbsoluteDuration: string };
  Object.defineProperty(prototype, "attemptAbsoluteDuration", {
    configurable: true,
    get(this: Tracked) {
      return this._attemptAbsoluteDuration;
    },
    set(this: Tracked, duration: string) {
      this._attemptAbsoluteDuration = duration;
    },
  });
  prototype[REPAIRED] = true;
}

function limitSeconds(activity: TimedActivity): number {
  return parseDuration(activity.attemptAbsoluteDurationLimit ?? "");
}

function timedActivities(root: TimedActivity | null | undefined): TimedActivity[] {
  const found: TimedActivity[] = [];
  const stack = root ? [root] : [];
  while (stack.length > 0) {
    const activity = stack.pop()!;
    stack.push(...(activity.children ?? []));
    if (limitSeconds(activity) > 0) found.push(activity);
  }
  return found;
}

export function findActivity(root: TimedActivity | null | undefined, id: string): TimedActivity | null {
  const stack = root ? [root] : [];
  while (stack.length > 0) {
    const activity = stack.pop()!;
    if (activity.id === id) return activity;
    stack.push(...(activity.children ?? []));
  }
  return null;
}

/** Adds a SCO session's seconds to its activity's attempt time, when the activity is timed. */
export function addSessionTime(activity: TimedActivity | null, seconds: number): void {
  if (!activity || limitSeconds(activity) <= 0 || !(seconds > 0)) return;
  activity.attemptExperiencedDuration = formatIsoDuration(parseDuration(activity.attemptExperiencedDuration) + seconds);
}

/**
 * Runs a sequencer call, then gives each timed activity whose attempt went on (no new attempt began: a
 * resume) back the time scorm-again's delivery set to zero. A new attempt starts from zero.
 */
export function keepAttemptTimes<T>(root: TimedActivity | null | undefined, run: () => T): T {
  const before = timedActivities(root).map((activity) => ({
    activity,
    attemptCount: activity.attemptCount,
    time: activity.attemptExperiencedDuration,
  }));
  try {
    return run();
  } finally {
    for (const { activity, attemptCount, time } of before) {
      if (activity.attemptCount === attemptCount && activity.attemptExperiencedDuration !== time)
        activity.attemptExperiencedDuration = time;
    }
  }
}

/** "Time is up (5 min allowed)" once the activity's last attempt used its time, else null. */
export function timeUpReason(activity: TimedActivity): string | null {
  const limit = limitSeconds(activity);
  if (limit <= 0 || activity.attemptCount === 0) return null;
  if (parseDuration(activity.attemptExperiencedDuration) < limit) return null;
  return `Time is up (${spokenDuration(limit)} allowed)`;
}

/** 90 → "1 min 30 s"; 3600 → "1 h". */
function spokenDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const parts: [number, string][] = [
    [Math.floor(whole / 3600), "h"],
    [Math.floor((whole % 3600) / 60), "min"],
    [whole % 60, "s"],
  ];
  return parts
    .filter(([value]) => value > 0)
    .map(([value, unit]) => `${value} ${unit}`)
    .join(" ");
}
