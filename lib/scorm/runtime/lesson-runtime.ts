import type { Channel } from "@/lib/scorm/runtime/channel";
import { claimAttempt, openCommitQueue } from "@/lib/scorm/runtime/commit-queue/browser";
import type { CommitQueue } from "@/lib/scorm/runtime/commit-queue/commit-queue";
import type { CommitDraft } from "@/lib/scorm/runtime/commit-queue/outbox";
import {
  initialRuntimeState,
  NOT_STARTED_AFTER_MS,
  type RuntimeMessage,
  type RuntimeState,
} from "@/lib/scorm/runtime/messages";
import { RuntimeBridge } from "@/lib/scorm/runtime/runtime-bridge";
import {
  decideAfterTerminate,
  firstScoId,
  pendingSequencingState,
  prepareRevisitCmi,
  scoUrl,
  withPendingCommits,
  type Cmi,
  type NavRequest,
} from "@/lib/scorm/runtime/runtime-settings";
import { ScoFrame } from "@/lib/scorm/runtime/sco-frame";
import { isReviewMode, readScoStatus } from "@/lib/scorm/cmi-status";
import { furtherProgress, scoProgressOf, type ScormAttemptState, type ScormLaunch } from "@/lib/scorm/types";

// One SCORM lesson as it runs on the content host: scorm-again on this window (the SCO's parent, on the
// SCO's own origin, so its synchronous API look-up works), the commit queue, and the SCO's frame. The
// lesson page's player only shows what this reports and asks for navigation.

const START_POLL_MS = 1_000;

export interface RuntimeDom {
  window: Window;
  document: Document;
  /** Where the SCO's frame goes. */
  container: HTMLElement;
  /** To the player (channel.ts). */
  channel: Channel<RuntimeMessage>;
}

export class LessonRuntime {
  private readonly queue: CommitQueue | null;
  private bridge: RuntimeBridge | null = null;
  private readonly frame: ScoFrame;
  private readonly scoIds: string[];
  private readonly latestCmi = new Map<string, Cmi>();
  /** Saved CMI per SCO: the server's, overlaid with commits an earlier page left unacknowledged. */
  private savedCmi: Record<string, Cmi> = {};
  private unloading = false;
  private switching = false;
  /** The interval that watches whether the SCO opened last has started (called Initialize). */
  private startWatch: number | undefined;
  private state: RuntimeState;
  /** Review mode records nothing: its writes never enter the queue. */
  private readonly reviewing: boolean;

  constructor(
    private launch: ScormLaunch,
    private readonly dom: RuntimeDom,
  ) {
    this.scoIds = launch.scos.map((sco) => sco.identifier);
    this.reviewing = launch.attempt?.mode === "review";
    this.frame = new ScoFrame(dom.window, dom.container);
    // In review mode the queue is kept only to send what an earlier normal visit left unacknowledged.
    this.queue = openCommitQueue(dom.window, launch, (commits) =>
      dom.channel.send({ type: "lms.scorm.saved", terminated: commits.some((commit) => commit.terminated) }),
    );
    this.state = initialRuntimeState(launch, this.queue?.getState() ?? null);
    this.queue?.subscribe((queue) => {
      this.update({ queue });
      if (queue.superseded) this.replaced();
    });
    void this.begin();
  }

  /**
   * Takes the attempt over for this player (one attempt, one live player), then starts from the server's
   * state as of the claim: another window's progress up to that moment included. Unreachable server: the
   * launch's state, the claim going with the first batch that gets through.
   */
  private async begin(): Promise<void> {
    const attempt = this.launch.attempt;
    if (this.queue && attempt && !this.reviewing) {
      const claimed = await claimAttempt(this.dom.window, this.queue, attempt.attemptId);
      if (this.queue.getState().superseded) return;
      if (claimed) this.launch = { ...this.launch, attempt: claimed.attempt as ScormAttemptState };
    } else void this.queue?.flush();
    // What an earlier page left unacknowledged is newer than the server's copy: resume from it, send it
    // first. Review-mode commits an older runtime queued are not progress and never read back.
    const pending = (this.queue?.pendingCommits() ?? []).filter((commit) => !commit.cmi || !isReviewMode(commit.cmi));
    this.savedCmi = withPendingCommits(this.launch, pending);
    const launch = this.launch;
    const bridge = new RuntimeBridge(
      launch,
      {
        commit: (draft) => this.commit(draft),
        terminated: (scoId, request, deliveredId, sessionEnded) =>
          this.onTerminated(scoId, request, deliveredId, sessionEnded),
        navigation: ({ unavailable, flow, closed, hidden }) =>
          this.update({ unavailable: [...unavailable], flow, closed, hidden }),
      },
      pendingSequencingState(launch, pending),
    );
    this.bridge = bridge;
    bridge.install(this.dom.window);
    const fallback = pending.at(-1)?.scoId ?? firstScoId(launch);
    // 2004 sequencing: the sequencer decides where the session begins (resumeAll after suspendAll).
    const session = bridge.sequencer?.beginSession(launch.attempt?.lastScoId ?? null) ?? null;
    const resumed = session?.resumed ? this.savedCmi[session.scoId] : undefined;
    // The SCO suspended by suspendAll resumes its suspended attempt, whatever its own cmi.exit said.
    if (session && resumed) this.savedCmi[session.scoId] = { ...resumed, entry: "resume" };
    this.watchDeparture();
    const first = session?.scoId ?? fallback;
    if (first) this.open(first);
    else this.update({ phase: "error", error: "This lesson's SCORM package has nothing to launch." });
  }

  /** A commit of the content (or of the sequencer): shown, then queued; returns whether it is stored. */
  private commit(draft: CommitDraft): boolean {
    if (draft.cmi) this.latestCmi.set(draft.scoId, draft.cmi);
    if (this.reviewing) return true;
    if (draft.cmi) this.showProgress(draft.scoId, draft.cmi, draft.terminated);
    // The SCO's progress may open or close Continue / Previous (a precondition on its completion).
    const flow = draft.cmi && !draft.terminated ? this.bridge?.sequencer?.liveFlow() : null;
    if (flow) this.update({ flow });
    if (!this.queue) return true;
    const { stored } = this.queue.enqueue(draft);
    // A SCO finishing because the page goes away: the page's own pagehide beacon has already left.
    if (this.unloading) this.queue.flushWithBeacon();
    return stored;
  }

  /** The table of contents follows the server's own reading of each commit (the 1.2 minimum-calls rule included). */
  private showProgress(scoId: string, cmi: Record<string, unknown>, terminated: boolean): void {
    const status = readScoStatus(this.launch.version, cmi, { terminated });
    const progress = furtherProgress(
      this.state.progress[scoId],
      scoProgressOf(status.completionStatus, status.successStatus),
    );
    this.update({ progress: { ...this.state.progress, [scoId]: progress } });
  }

  /** Another window took the attempt over: the content stops here (its commits would be refused). */
  private replaced(): void {
    if (this.state.phase === "replaced") return;
    this.stopStartWatch();
    this.frame.remove();
    this.update({ phase: "replaced", notStarted: false });
  }

  /**
   * The learner chose a SCO in the player (table of contents; Previous and Continue without sequencing). After the session ended
   * (suspendAll, exitAll) the player relaunches instead: the sequencer begins a new session from the stored tree.
   */
  navigate(scoId: string): void {
    if (this.scoIds.includes(scoId) && this.state.phase === "running" && !this.state.closed[scoId])
      void this.switchTo(scoId);
  }

  /**
   * Previous / Continue of a package with sequencing. The sequencer is asked first, while the SCO still
   * runs: a request it refuses (forward only, the end of the flow) does nothing. Otherwise the SCO ends
   * and the sequencer delivers the next activity; should it deliver none after all, the SCO reopens.
   */
  flow(request: "continue" | "previous"): void {
    const sequencer = this.bridge?.sequencer;
    if (!sequencer || this.state.phase !== "running" || this.switching) return;
    if (sequencer.previewFlow(request) === "blocked") return;
    const current = this.state.currentId;
    void this.switchTo(() => sequencer.sequenceFlow(request) ?? current);
  }

  /**
   * The player's Exit controls (sequenced packages): the request is the sequencer's, set for the running
   * SCO or asked after it ended; then the session is over, suspended or ended as the request says.
   */
  exit(request: "suspendAll" | "exitAll"): void {
    const sequencer = this.bridge?.sequencer;
    if (!sequencer || this.switching || this.state.phase !== "running") return;
    sequencer.requestExit(request);
    void this.switchTo(null, request === "exitAll");
  }

  /**
   * The page goes away (the learner left the lesson page or closed the tab): pagehide comes before the
   * SCO's own unload handler, which usually sets exit and calls Finish; its commit then leaves with a
   * beacon of its own (commit above), and a SCO that does not finish is ended after its handler (open).
   * A hidden tab may never come back: what is queued is sent; the page still runs, so commits go on as usual.
   */
  private watchDeparture(): void {
    const { window: win, document: doc } = this.dom;
    win.addEventListener("pagehide", () => {
      this.unloading = true;
      this.queue?.flushWithBeacon();
    });
    // Back from the back/forward cache.
    win.addEventListener("pageshow", () => (this.unloading = false));
    win.addEventListener("online", () => void this.queue?.flush());
    doc.addEventListener("visibilitychange", () =>
      doc.visibilityState === "hidden" ? this.queue?.flushWithBeacon() : void this.queue?.flush(),
    );
  }

  /** Loads a SCO: the API is reset and preloaded before its frame gets its URL. */
  private open(scoId: string): void {
    const url = scoUrl(this.launch, scoId);
    const sco = this.launch.scos.find((entry) => entry.identifier === scoId);
    const bridge = this.bridge;
    if (!url || !sco || !bridge || this.state.phase === "replaced") return;
    const seen = this.latestCmi.get(scoId);
    bridge.prepare(scoId, seen ? prepareRevisitCmi(this.launch.version, seen) : this.savedCmi[scoId]);
    // After the SCO's own unload handlers, when the page goes away: a SCO still running is ended as the content would.
    this.frame.open(url, sco.title, () => {
      if (this.unloading && bridge.isRunning()) bridge.terminate();
    });
    this.update({ phase: "running", currentId: scoId, error: null, notStarted: false });
    this.watchStart(bridge);
  }

  /**
   * A SCO that never calls Initialize (its own script failed, a file it needs did not load) would sit
   * there with "All progress saved" under it: past NOT_STARTED_AFTER_MS the learner is told it did not
   * start, and told no more once it does.
   */
  private watchStart(bridge: RuntimeBridge): void {
    const win = this.dom.window;
    this.stopStartWatch();
    const opened = Date.now();
    this.startWatch = win.setInterval(() => {
      if (bridge.hasStarted()) {
        this.stopStartWatch();
        if (this.state.notStarted) this.update({ notStarted: false });
      } else if (!this.state.notStarted && Date.now() - opened >= NOT_STARTED_AFTER_MS) {
        this.update({ notStarted: true });
      }
    }, START_POLL_MS);
  }

  private stopStartWatch(): void {
    this.dom.window.clearInterval(this.startWatch);
    this.startWatch = undefined;
  }

  /**
   * Ends the running SCO (its unload handler usually calls Finish itself), then opens the next one, or
   * ends the session: `ended` when the attempt is over (exitAll), else it is suspended (suspendAll).
   */
  private async switchTo(target: string | null | (() => string | null), ended = false): Promise<void> {
    if (this.switching) return;
    this.switching = true;
    this.stopStartWatch();
    this.update({ phase: "loading", notStarted: false });
    try {
      await this.frame.blank();
      this.bridge?.terminate();
      // A function: the sequencer picks the SCO once the running one has ended (Previous / Continue).
      const scoId = typeof target === "function" ? target() : target;
      if (typeof target !== "function" && scoId) this.bridge?.sequencer?.sequenceChoice(scoId);
      if (scoId) this.open(scoId);
      else {
        this.frame.remove();
        this.update({ phase: ended ? "ended" : "suspended" });
      }
    } catch (cause) {
      this.update({ phase: "error", error: cause instanceof Error ? cause.message : String(cause) });
    } finally {
      this.switching = false;
    }
  }

  private onTerminated(scoId: string, request: NavRequest, deliveredId: string | null, sessionEnded: boolean): void {
    if (this.switching || this.unloading) return;
    const next = decideAfterTerminate(
      request,
      this.scoIds,
      scoId,
      deliveredId,
      new Set(Object.keys(this.state.closed)),
    );
    if (next.kind === "open") void this.switchTo(next.scoId);
    else if (next.kind === "leave") void this.switchTo(null, next.ended);
    else if (sessionEnded) this.finish();
  }

  /** The sequencer has nothing more to deliver (the end of the flow): the ended SCO gives way to a closing screen. */
  private finish(): void {
    this.stopStartWatch();
    this.frame.remove();
    this.update({ phase: "finished", currentId: null });
  }

  private update(patch: Partial<RuntimeState>): void {
    // Once replaced, the runtime stays so: a switch that was under way must not bring the content back.
    const phase = this.state.phase === "replaced" ? { phase: "replaced" as const } : {};
    this.state = { ...this.state, ...patch, ...phase };
    this.dom.channel.send({ type: "lms.scorm.state", state: this.state });
  }
}
