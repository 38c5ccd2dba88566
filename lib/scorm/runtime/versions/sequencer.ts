import type { Scorm2004API } from "scorm-again";
import {
  addSessionTime,
  findActivity,
  keepAttemptTimes,
  repairAttemptAbsoluteDuration,
  timeUpReason,
  type TimedActivity,
} from "@/lib/scorm/runtime/attempt-time";
import { comparableSequencingState, type Cmi } from "@/lib/scorm/runtime/runtime-settings";
import type { FlowValidity, VersionHooks } from "@/lib/scorm/runtime/versions/version-adapter";
import { MAX_SEQUENCING_STATE_CHARS, type ScormLaunch } from "@/lib/scorm/types";

// scorm-again's sequencer for a SCORM 2004 package with an activity tree, as the runtime drives it: the
// tree's state restored before anything runs, the session begun by the LMS, the player's own navigation
// requests, and the tree's state queued in commits of its own whenever it changed (docs/scorm-player.md,
// "The activity tree across visits").

/** Where the sequencing session begins on a launch: the SCO the sequencer delivered, and whether it resumes a suspended one. */
export interface SessionStart {
  scoId: string;
  resumed: boolean;
}

/** What scorm-again's sequencing delivered after the last request (its onActivityDelivery, onSequencingSessionEnd). */
export class Delivery {
  delivered: string | null = null;
  /** The sequencer ended the session on the last request (the end of the flow): nothing more to deliver. */
  sessionEnded = false;

  reset(): void {
    this.delivered = null;
    this.sessionEnded = false;
  }
}

/** What this file reads of scorm-again's activity objects. */
interface TreeActivity extends TimedActivity {
  attemptLimit: number | null;
  children?: TreeActivity[];
}

export function rootActivity(api: Scorm2004API): TreeActivity | null {
  return (api.getSequencingState().rootActivity as TreeActivity | null | undefined) ?? null;
}

/**
 * The SCOs whose limit conditions are used up, with the reason the table of contents shows: their
 * attempts (`attemptLimit`) or their last attempt's time (`attemptAbsoluteDurationLimit`, attempt-time.ts).
 * scorm-again's sequencer refuses to deliver them a new attempt (its limit conditions check, with the
 * restored tree), but its look-ahead still answers a choice of them as valid. An attempt in progress
 * (active or suspended) is not subject to them (SN UP.1): a suspended timed SCO resumes, and acts on its
 * own cmi.max_time_allowed.
 */
export function closedActivities(root: TreeActivity | null, scoIds: ReadonlySet<string>): Record<string, string> {
  const closed: Record<string, string> = {};
  const stack = [root];
  while (stack.length > 0) {
    const activity = stack.pop();
    if (!activity) continue;
    stack.push(...(activity.children ?? []));
    if (!scoIds.has(activity.id) || activity.isActive || activity.isSuspended) continue;
    const limit = activity.attemptLimit ?? 0;
    const reason =
      limit > 0 && activity.attemptCount >= limit
        ? `No attempts left (${activity.attemptCount} of ${limit} used)`
        : timeUpReason(activity);
    if (reason) closed[activity.id] = reason;
  }
  return closed;
}

export class Sequencer {
  private readonly scoIds: ReadonlySet<string>;
  /** Whether a stored activity-tree state was restored into the sequencer. */
  private restored = false;
  /** The activity tree's state as last queued (comparableSequencingState), so an unchanged tree is not sent again. */
  private queuedState: string | null = null;
  /** When the running SCO called Initialize (its session counts towards a timed activity's attempt). */
  private sessionStart: number | null = null;

  /** `state`: the activity tree's state to restore before the sequencer starts (the server's, or newer unsent). */
  constructor(
    private readonly api: Scorm2004API,
    private readonly launch: ScormLaunch,
    private readonly delivery: Delivery,
    private readonly hooks: Pick<VersionHooks, "scoId" | "commit">,
    state: Cmi | null,
  ) {
    this.scoIds = new Set(launch.scos.map((sco) => sco.identifier));
    repairAttemptAbsoluteDuration(rootActivity(api));
    this.restore(state);
    this.api.on("Initialize", () => (this.sessionStart = Date.now()));
  }

  /**
   * The stored activity tree goes into the sequencer before anything runs (scorm-again's own
   * sequencingStatePersistence would load it asynchronously after Initialize, once the sequencer has
   * already started a session of its own). Its Terminate is wrapped so the tree's state after the
   * navigation that follows a SCO's end (which scorm-again runs after the terminate commit) is queued at
   * once, still inside the content's call: an unload handler's Terminate gets it into the same beacon run.
   */
  private restore(state: Cmi | null): void {
    const api = this.api;
    if (state) {
      this.restored = api.deserializeSequencingState(JSON.stringify(state));
      if (this.restored) this.queuedState = comparableSequencingState(api.serializeSequencingState());
    }
    const terminate = api.Terminate;
    api.Terminate = (parameter?: string) => {
      const scoId = this.hooks.scoId();
      // The session's time goes into its activity's attempt before the navigation that follows is checked.
      if (api.isInitialized() && this.sessionStart !== null && scoId)
        addSessionTime(findActivity(rootActivity(api), scoId), (Date.now() - this.sessionStart) / 1000);
      this.sessionStart = null;
      const result = keepAttemptTimes(rootActivity(api), () => terminate.call(api, parameter));
      this.queueState(this.delivery.delivered ?? this.hooks.scoId());
      return result;
    };
  }

  /**
   * Begins the sequencing session before the first SCO loads, as the LMS does in the overall sequencing
   * process: resumeAll when the stored tree holds a suspended activity; when the learner left without
   * exiting (the tree has a current activity, nothing suspended: the tab was closed, or the learner went
   * elsewhere) the LMS suspends on their behalf first, so nothing is lost; a tree with neither starts. An
   * attempt from before the tree was stored goes back to its last SCO by choice if the rules allow it.
   * Null: the sequencer delivered nothing, and the player opens its own first SCO.
   */
  beginSession(lastScoId: string | null): SessionStart | null {
    let result: SessionStart | null = null;
    if (this.restored) {
      const tree = readTree(this.api.serializeSequencingState());
      if (tree.suspended) result = this.deliver("resumeAll", undefined, true);
      else if (tree.current) {
        this.deliver("suspendAll");
        result = this.deliver("resumeAll");
      } else result = this.deliver("start");
    } else if (lastScoId) result = this.deliver("choice", lastScoId);
    else result = this.deliver("start");
    if (result) this.queueState(result.scoId);
    return result;
  }

  closedActivities(): Record<string, string> {
    return closedActivities(rootActivity(this.api), this.scoIds);
  }

  /**
   * The SCO's activity attempt in the sequencer's count (a post-test of two attempts: 1, then 2), so the
   * server keeps each one's results.
   */
  activityAttemptOf(scoId: string): { activityAttempt: number } | Record<string, never> {
    const activity = findActivity(rootActivity(this.api), scoId);
    return activity && activity.attemptCount > 0 ? { activityAttempt: activity.attemptCount } : {};
  }

  /**
   * The sequencer's answer to a Continue / Previous click while the SCO runs, without ending it:
   * "blocked" (forward only, a precondition, the end of the flow), "allowed", or "unknown".
   */
  previewFlow(request: "continue" | "previous"): "allowed" | "blocked" | "unknown" {
    try {
      return this.api.previewNavigationRequest(request).outcome;
    } catch {
      return "unknown";
    }
  }

  /**
   * Continue and Previous as the sequencer would answer them now, from the running SCO's live data (the
   * look-ahead scorm-again computes at delivery goes stale as the SCO completes): refused only when it
   * says "blocked", so an unknown answer never traps the learner. Null when no SCO runs.
   */
  liveFlow(): FlowValidity | null {
    if (!this.api.isInitialized()) return null;
    return {
      continue: this.previewFlow("continue") !== "blocked",
      previous: this.previewFlow("previous") !== "blocked",
    };
  }

  /** An LMS-initiated Continue / Previous after the SCO ended: the SCO the sequencer delivered, or null. */
  sequenceFlow(request: "continue" | "previous"): string | null {
    const delivered = this.deliver(request)?.scoId ?? null;
    this.queueState(delivered ?? this.hooks.scoId());
    return delivered;
  }

  /**
   * The player's own Exit controls: suspendAll (the place is kept, the next launch resumes) or exitAll (the
   * attempt ends). While a SCO runs the request is set on its behalf, so its Terminate (its unload handler's,
   * or the player's) carries it, and the terminate commit ends the attempt for exitAll. After the SCO ended
   * the sequencer is asked directly, and the tree's state goes in a commit that ends the attempt.
   */
  requestExit(request: "suspendAll" | "exitAll"): void {
    if (this.api.isInitialized()) {
      this.api.SetValue("adl.nav.request", request);
      return;
    }
    this.deliver(request);
    this.queueState(this.hooks.scoId(), request === "exitAll");
  }

  /** An LMS-initiated choice (the player opens the SCO): keeps the sequencer's current activity in step. */
  sequenceChoice(scoId: string): void {
    // Already delivered by the sequencer (the SCO asked for it): a choice now would start a second attempt of it.
    if ((this.api.getSequencingState().currentActivity as { id?: string } | null)?.id === scoId) return;
    try {
      keepAttemptTimes(rootActivity(this.api), () => this.api.processNavigationRequest("choice", scoId));
    } catch {
      // the player delivers the SCO anyway; the sequencer's view may lag (docs/scorm-player.md)
    }
    this.queueState(scoId);
  }

  private deliver(request: string, target?: string, resumed = false): SessionStart | null {
    this.delivery.reset();
    try {
      keepAttemptTimes(rootActivity(this.api), () => this.api.processNavigationRequest(request, target));
    } catch {
      return null;
    }
    return this.delivery.delivered ? { scoId: this.delivery.delivered, resumed } : null;
  }

  /** Queues the activity tree's state, in a commit of its own (no CMI), when it changed since it was last queued. */
  private queueState(scoId: string | null, endsAttempt = false): void {
    if (!scoId || !this.launch.attempt) return;
    const serialized = this.api.serializeSequencingState();
    const comparable = comparableSequencingState(serialized);
    // Too large for the server: the tree is not persisted, the CMI still is (the next launch starts the tree afresh).
    const changed = comparable !== this.queuedState && serialized.length <= MAX_SEQUENCING_STATE_CHARS;
    if (!changed && !endsAttempt) return;
    if (changed) this.queuedState = comparable;
    this.hooks.commit({
      scoId,
      terminated: false,
      ...(changed ? { sequencing: JSON.parse(serialized) as Cmi } : {}),
      ...(endsAttempt ? { endsAttempt: true } : {}),
    });
  }
}

/** The current and the suspended activity of a serialized sequencing state. */
function readTree(serialized: string): { current: string | null; suspended: string | null } {
  try {
    const state = JSON.parse(serialized) as { sequencing?: { currentActivity?: unknown; suspendedActivity?: unknown } };
    const tree = state.sequencing ?? {};
    return {
      current: typeof tree.currentActivity === "string" ? tree.currentActivity : null,
      suspended: typeof tree.suspendedActivity === "string" ? tree.suspendedActivity : null,
    };
  } catch {
    return { current: null, suspended: null };
  }
}
