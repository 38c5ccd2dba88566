import {
  Scorm12API,
  Scorm2004API,
  type CommitObject,
  type IHttpService,
  type ResultObject,
  type Settings,
} from "scorm-again";
import {
  addSessionTime,
  findActivity,
  keepAttemptTimes,
  repairAttemptAbsoluteDuration,
  timeUpReason,
  type TimedActivity,
} from "@/lib/scorm/runtime/attempt-time";
import type { CommitDraft } from "@/lib/scorm/runtime/commit-queue/outbox";
import {
  buildPreloadCmi,
  comparableSequencingState,
  endsAttempt,
  findItem,
  isScorm2004,
  parseNavRequest,
  sharesState,
  type Cmi,
  type NavRequest,
} from "@/lib/scorm/runtime/runtime-settings";
import { MAX_SEQUENCING_STATE_CHARS, type ScormLaunch } from "@/lib/scorm/types";

// The SCORM runtime bridge: one scorm-again API object for the lesson, put on the player's window (an
// ancestor of the SCO's iframe) as window.API (1.2) or window.API_1484_11 (2004). Its HTTP layer is
// replaced: every commit scorm-again makes becomes a CommitDraft handed to the player's queue, and the
// content hears "true" only when the queue stored it.

export const COMMIT_ENDPOINT = "/api/scorm/commits";
/** Autocommit this many seconds after a SetValue, so progress flows even when the content never commits. */
const AUTOCOMMIT_SECONDS = 15;

type ScormApi = Scorm12API | Scorm2004API;
type GlobalObjectiveSnapshot = Parameters<Scorm2004API["restoreGlobalObjectiveSnapshot"]>[0];

export interface RuntimeBridgeHandlers {
  /** Store the commit (synchronously); returns whether it is safely kept. */
  commit: (draft: CommitDraft) => boolean;
  /** The SCO called LMSFinish / Terminate; request is what it asked for next (adl.nav.request or 1.2 nav.event). */
  terminated: (scoId: string, request: NavRequest, deliveredId: string | null, sessionEnded: boolean) => void;
  /**
   * 2004 with sequencing, recomputed by scorm-again after each delivery and rollup: the SCOs a choice
   * request may not go to now, whether a Continue and a Previous request would be valid, and the controls
   * the current activity's manifest asks the LMS to hide (adlnav:hideLMSUI).
   */
  navigation: (update: {
    unavailable: Set<string>;
    flow: FlowValidity;
    closed: Record<string, string>;
    hidden: string[];
  }) => void;
}

/** Whether the sequencer would accept a Continue and a Previous request now. */
export interface FlowValidity {
  continue: boolean;
  previous: boolean;
}

/** scorm-again calls this instead of XHR: the commit goes to the queue. */
class QueueHttpService implements IHttpService {
  constructor(private readonly handle: (params: unknown, terminated: boolean) => boolean) {}
  processHttpRequest(_url: string, params: unknown, immediate: boolean): ResultObject {
    return this.handle(params, immediate) ? { result: true, errorCode: 0 } : { result: false, errorCode: 101 };
  }
  updateSettings(): void {}
}

/** Where the sequencing session begins on a launch: the SCO the sequencer delivered, and whether it resumes a suspended one. */
export interface SessionStart {
  scoId: string;
  resumed: boolean;
}

export class RuntimeBridge {
  readonly api: ScormApi;
  readonly is2004: boolean;
  private scoId: string | null = null;
  private navRequest = "";
  private delivered: string | null = null;
  /** The sequencer ended the session on the last request (the end of the flow): nothing more to deliver. */
  private sessionEnded = false;
  private readonly sharesState: boolean;
  /** 2004 with an activity tree: scorm-again's sequencer runs, and its state is persisted. */
  private readonly sequenced: boolean;
  /** Whether a stored activity-tree state was restored into the sequencer. */
  private restored = false;
  /** The activity tree's state as last queued (comparableSequencingState), so an unchanged tree is not sent again. */
  private queuedState: string | null = null;
  /** When the running SCO called Initialize (its session counts towards a timed activity's attempt). */
  private sessionStart: number | null = null;

  /** `sequencingState`: the activity tree's state to restore before the sequencer starts (the server's, or newer unsent). */
  constructor(
    private readonly launch: ScormLaunch,
    private readonly handlers: RuntimeBridgeHandlers,
    sequencingState: Cmi | null = null,
  ) {
    this.is2004 = isScorm2004(launch.version);
    this.sharesState = sharesState(launch.manifest);
    this.sequenced = this.is2004 && launch.manifest.sequencing !== null;
    const httpService = new QueueHttpService((params, terminated) => this.onCommit(params, terminated));
    const settings = this.settings(httpService);
    this.api = this.is2004 ? new Scorm2004API(settings) : new Scorm12API(settings);
    if (this.api instanceof Scorm2004API) {
      const globals = launch.attempt?.globals ?? {};
      if (globals.globalObjectives && typeof globals.globalObjectives === "object")
        this.api.restoreGlobalObjectiveSnapshot(globals.globalObjectives as GlobalObjectiveSnapshot);
      if (globals.adlData && typeof globals.adlData === "object")
        this.api.restoreSharedDataSnapshot(globals.adlData as Record<string, string>);
      this.api.setSequencingEventListeners({
        onActivityDelivery: (activity: { id: string }) => (this.delivered = activity.id),
        onSequencingSessionEnd: () => (this.sessionEnded = true),
        // Recomputed by scorm-again after each delivery and rollup; the table of contents follows it.
        onNavigationValidityUpdate: (update: {
          continue: boolean;
          previous: boolean;
          choice: Record<string, "true" | "false">;
          hideLmsUi?: string[];
        }) => {
          const scoIds = new Set(launch.scos.map((sco) => sco.identifier));
          handlers.navigation({
            unavailable: new Set(
              Object.entries(update.choice)
                .filter(([id, valid]) => valid === "false" && scoIds.has(id))
                .map(([id]) => id),
            ),
            flow: { continue: update.continue === true, previous: update.previous === true },
            closed: this.closedActivities(),
            hidden: update.hideLmsUi ?? [],
          });
        },
      });
      if (this.sequenced) {
        repairAttemptAbsoluteDuration(this.rootActivity());
        this.restoreSequencing(sequencingState);
      }
    }
    this.listen();
  }

  /**
   * The stored activity tree goes into the sequencer before anything runs (scorm-again's own
   * sequencingStatePersistence would load it asynchronously after Initialize, once the sequencer has
   * already started a session of its own). Its Terminate is wrapped so the tree's state after the
   * navigation that follows a SCO's end (which scorm-again runs after the terminate commit) is queued at
   * once, still inside the content's call: an unload handler's Terminate gets it into the same beacon run.
   */
  private restoreSequencing(state: Cmi | null): void {
    const api = this.api as Scorm2004API;
    if (state) {
      const text = JSON.stringify(state);
      this.restored = api.deserializeSequencingState(text);
      if (this.restored) this.queuedState = comparableSequencingState(api.serializeSequencingState());
    }
    const terminate = api.Terminate;
    api.Terminate = (parameter?: string) => {
      // The session's time goes into its activity's attempt before the navigation that follows is checked.
      if (api.isInitialized() && this.sessionStart !== null && this.scoId)
        addSessionTime(findActivity(this.rootActivity(), this.scoId), (Date.now() - this.sessionStart) / 1000);
      this.sessionStart = null;
      const result = keepAttemptTimes(this.rootActivity(), () => terminate.call(api, parameter));
      this.queueSequencingState(this.delivered ?? this.scoId);
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
    if (!this.sequenced || !(this.api instanceof Scorm2004API)) return null;
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
    if (result) this.queueSequencingState(result.scoId);
    return result;
  }

  /**
   * The SCOs whose limit conditions are used up, with the reason the table of contents shows: their
   * attempts (`attemptLimit`) or their last attempt's time (`attemptAbsoluteDurationLimit`, attempt-time.ts).
   * scorm-again's sequencer refuses to deliver them a new attempt (its limit conditions check, with the
   * restored tree), but its look-ahead still answers a choice of them as valid. An attempt in progress
   * (active or suspended) is not subject to them (SN UP.1): a suspended timed SCO resumes, and acts on its
   * own cmi.max_time_allowed.
   */
  closedActivities(): Record<string, string> {
    if (!this.sequenced) return {};
    const scoIds = new Set(this.launch.scos.map((sco) => sco.identifier));
    const closed: Record<string, string> = {};
    const stack = [this.rootActivity()];
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

  private rootActivity(): TreeActivity | null {
    if (!(this.api instanceof Scorm2004API)) return null;
    return (this.api.getSequencingState().rootActivity as TreeActivity | null | undefined) ?? null;
  }

  /**
   * The SCO's activity attempt in the sequencer's count (a post-test of two attempts: 1, then 2), so the
   * server keeps each one's results; none without sequencing (the server keeps one per package attempt).
   */
  private activityAttemptOf(scoId: string): { activityAttempt: number } | Record<string, never> {
    if (!this.sequenced) return {};
    const stack = [this.rootActivity()];
    while (stack.length > 0) {
      const activity = stack.pop();
      if (!activity) continue;
      if (activity.id === scoId) return activity.attemptCount > 0 ? { activityAttempt: activity.attemptCount } : {};
      stack.push(...(activity.children ?? []));
    }
    return {};
  }

  /** Whether scorm-again's sequencer runs for this package (2004 with an activity tree). */
  get isSequenced(): boolean {
    return this.sequenced;
  }

  /**
   * The sequencer's answer to a Continue / Previous click while the SCO runs, without ending it:
   * "blocked" (forward only, a precondition, the end of the flow), "allowed", or "unknown".
   */
  previewFlow(request: "continue" | "previous"): "allowed" | "blocked" | "unknown" {
    if (!(this.api instanceof Scorm2004API) || !this.sequenced) return "unknown";
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
    if (!this.sequenced || !this.api.isInitialized()) return null;
    return {
      continue: this.previewFlow("continue") !== "blocked",
      previous: this.previewFlow("previous") !== "blocked",
    };
  }

  /** An LMS-initiated Continue / Previous after the SCO ended: the SCO the sequencer delivered, or null. */
  sequenceFlow(request: "continue" | "previous"): string | null {
    if (!this.sequenced) return null;
    const delivered = this.deliver(request)?.scoId ?? null;
    this.queueSequencingState(delivered ?? this.scoId);
    return delivered;
  }

  /**
   * The player's own Exit controls: suspendAll (the place is kept, the next launch resumes) or exitAll (the
   * attempt ends). While a SCO runs the request is set on its behalf, so its Terminate (its unload handler's,
   * or the player's) carries it, and the terminate commit ends the attempt for exitAll. After the SCO ended
   * the sequencer is asked directly, and the tree's state goes in a commit that ends the attempt.
   */
  requestExit(request: "suspendAll" | "exitAll"): void {
    if (!this.sequenced || !(this.api instanceof Scorm2004API)) return;
    if (this.api.isInitialized()) {
      this.api.SetValue("adl.nav.request", request);
      return;
    }
    this.deliver(request);
    this.queueSequencingState(this.scoId, request === "exitAll");
  }

  private deliver(request: string, target?: string, resumed = false): SessionStart | null {
    this.delivered = null;
    this.sessionEnded = false;
    try {
      keepAttemptTimes(this.rootActivity(), () => (this.api as Scorm2004API).processNavigationRequest(request, target));
    } catch {
      return null;
    }
    return this.delivered ? { scoId: this.delivered, resumed } : null;
  }

  /** Queues the activity tree's state, in a commit of its own (no CMI), when it changed since it was last queued. */
  private queueSequencingState(scoId: string | null, endsAttempt = false): void {
    if (!this.sequenced || !scoId || !this.launch.attempt || !(this.api instanceof Scorm2004API)) return;
    const serialized = this.api.serializeSequencingState();
    const comparable = comparableSequencingState(serialized);
    // Too large for the server: the tree is not persisted, the CMI still is (the next launch starts the tree afresh).
    const changed = comparable !== this.queuedState && serialized.length <= MAX_SEQUENCING_STATE_CHARS;
    if (!changed && !endsAttempt) return;
    if (changed) this.queuedState = comparable;
    this.handlers.commit({
      scoId,
      terminated: false,
      ...(changed ? { sequencing: JSON.parse(serialized) as Cmi } : {}),
      ...(endsAttempt ? { endsAttempt: true } : {}),
    });
  }

  /** The settings the API is created with (documented in docs/scorm-player.md). */
  private settings(httpService: IHttpService): Settings {
    const tracked = this.launch.attempt !== null;
    const common: Settings = {
      lmsCommitUrl: tracked ? COMMIT_ENDPOINT : false,
      httpService,
      autocommit: tracked,
      autocommitSeconds: AUTOCOMMIT_SECONDS,
      dataCommitFormat: "json",
      sendFullCommit: true,
      useAsynchronousCommits: false,
      logLevel: "ERROR",
      courseId: this.launch.lessonId,
    };
    if (!this.is2004) {
      // 1.2: pass/fail follows the mastery score where the manifest has one; the server applies the
      // minimum-calls rule (a SCO that never sets lesson_status is completed on LMSFinish).
      const hasMastery = this.launch.scos.some(
        (sco) => findItem(this.launch.manifest, sco.identifier)?.masteryScore != null,
      );
      return { ...common, mastery_override: hasMastery, autoCompleteLessonStatus: false };
    }
    const manifest = this.launch.manifest;
    return {
      ...common,
      // The commit object carries the global objective snapshot and the rolled-up status.
      renderCommonCommitFields: true,
      ...(manifest.sequencing ? { sequencing: manifest.sequencing } : {}),
      scoItemIds: this.launch.scos.map((sco) => sco.identifier),
      globalObjectiveIds: manifest.globalObjectiveIds,
      autoProgress: false,
    };
  }

  private listen(): void {
    if (this.api instanceof Scorm2004API) {
      this.api.on(
        "SetValue.adl.nav.request",
        (_element: string, value: unknown) => (this.navRequest = String(value ?? "")),
      );
      this.api.on("Initialize", () => (this.sessionStart = Date.now()));
      this.api.on("Terminate", () => this.afterTerminate(this.navRequest));
    } else {
      const api = this.api;
      this.api.on("LMSFinish", () => this.afterTerminate(api.nav.event));
    }
  }

  private afterTerminate(request: string): void {
    const scoId = this.scoId;
    if (!scoId) return;
    const parsed = parseNavRequest(request);
    // scorm-again runs its sequencing after the Terminate listeners: decide once it is done.
    setTimeout(() => {
      if (this.scoId === scoId) this.handlers.terminated(scoId, parsed, this.delivered, this.sessionEnded);
    }, 0);
  }

  install(win: Window): void {
    const target = win as unknown as Record<string, unknown>;
    if (this.is2004) target.API_1484_11 = this.api;
    else target.API = this.api;
  }

  uninstall(win: Window): void {
    const target = win as unknown as Record<string, unknown>;
    if (target.API_1484_11 === this.api) delete target.API_1484_11;
    if (target.API === this.api) delete target.API;
  }

  get currentScoId(): string | null {
    return this.scoId;
  }

  isRunning(): boolean {
    return this.api.isInitialized();
  }

  /**
   * Prepares the API for a SCO before its page loads: a reset when another SCO ran before, the shared data
   * view of the item, then the saved CMI (loadFromJSON refuses once the SCO has initialized).
   */
  prepare(scoId: string, saved: Cmi | undefined): void {
    if (this.scoId !== null) this.api.reset({}, { preserveListeners: true });
    this.scoId = scoId;
    this.navRequest = "";
    this.delivered = null;
    this.sessionEnded = false;
    const item = findItem(this.launch.manifest, scoId);
    if (this.api instanceof Scorm2004API && item && item.sharedData.length > 0) {
      this.api.adl.configureSharedDataMaps(
        item.sharedData.map((map) => ({
          targetID: map.targetId,
          readSharedData: map.readSharedData,
          writeSharedData: map.writeSharedData,
        })),
      );
    }
    this.api.loadFromJSON(buildPreloadCmi(this.launch, item, saved));
  }

  /** Ends the running SCO as the content would (its final commit is queued before this returns). */
  terminate(): void {
    if (!this.api.isInitialized()) return;
    if (this.api instanceof Scorm2004API) this.api.Terminate("");
    else this.api.LMSFinish("");
  }

  /** Asks scorm-again's sequencer for an LMS-initiated choice (keeps its current activity in step with ours). */
  sequenceChoice(scoId: string): void {
    if (!(this.api instanceof Scorm2004API) || !this.launch.manifest.sequencing) return;
    // Already delivered by the sequencer (the SCO asked for it): a choice now would start a second attempt of it.
    if ((this.api.getSequencingState().currentActivity as { id?: string } | null)?.id === scoId) return;
    try {
      const api = this.api;
      keepAttemptTimes(this.rootActivity(), () => api.processNavigationRequest("choice", scoId));
    } catch {
      // the player delivers the SCO anyway; the sequencer's view may lag (docs/scorm-player.md)
    }
    this.queueSequencingState(scoId);
  }

  private onCommit(params: unknown, terminated: boolean): boolean {
    const scoId = this.scoId;
    if (!scoId || !this.launch.attempt) return true;
    const draft = this.is2004
      ? this.draft2004(scoId, params as CommitObject, terminated)
      : { scoId, cmi: cmiOf(params), terminated };
    return this.handlers.commit(draft);
  }

  private draft2004(scoId: string, commit: CommitObject, terminated: boolean): CommitDraft {
    const cmi = cmiOf(commit.runtimeData);
    // The terminate commit of exitAll / abandonAll ends the attempt: the next launch starts a new one.
    const ends = terminated && endsAttempt(parseNavRequest(this.navRequest)) ? { endsAttempt: true } : {};
    if (!this.sharesState || !(this.api instanceof Scorm2004API)) return { scoId, cmi, terminated, ...ends };
    const activity = this.activityAttemptOf(scoId);
    const globals: Record<string, unknown> = {
      globalObjectives: commit.globalObjectives ?? {},
      adlData: this.api.captureSharedDataSnapshot(),
    };
    const root = this.api.getSequencingState().rootActivity as { id?: string } | null | undefined;
    const rollup = root?.id ? this.api.getActivityTrackingData(root.id) : null;
    if (rollup) {
      globals.rollup = {
        completionStatus: rollup.completionStatus,
        successStatus: rollup.successStatus,
        scoreScaled: rollup.score,
        // The root's measure of progress is its attempt completion amount, once rolled up; scorm-again's
        // progressMeasure of a cluster stays 0, which would hide the SCOs' own progress_measure.
        progressMeasure: rollup.attemptCompletionAmountStatus ? rollup.attemptCompletionAmount : null,
      };
    }
    return { scoId, cmi, globals, terminated, ...activity, ...ends };
  }
}

/** What closedActivities reads of scorm-again's activity objects. */
interface TreeActivity extends TimedActivity {
  attemptLimit: number | null;
  children?: TreeActivity[];
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

/** scorm-again's JSON commit is { cmi: {…} } (plus adl for 2004): the bare cmi children are what loadFromJSON takes back. */
function cmiOf(params: unknown): Cmi {
  const cmi = (params as { cmi?: unknown } | null)?.cmi;
  return cmi && typeof cmi === "object" ? (cmi as Cmi) : {};
}
