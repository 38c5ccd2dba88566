import { CommitQueue } from "@/lib/scorm/runtime/commit-queue/commit-queue";
import { playerStorageKey } from "@/lib/scorm/runtime/commit-queue/storage";
import type { RuntimeMessage, RuntimeState } from "@/lib/scorm/runtime/messages";
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
import { isReviewMode, readScoStatus } from "@/lib/scorm/cmi-status";
import { furtherProgress, scoProgressOf, type ScormAttemptState, type ScormLaunch } from "@/lib/scorm/types";

// One SCORM lesson as it runs on the content host: scorm-again on this window (the SCO's parent, on the
// SCO's own origin, so its synchronous API look-up works), the commit queue, and the SCO's frame. The
// lesson page's player only shows what this reports (post) and asks for navigation.

export interface RuntimeDom {
  window: Window;
  document: Document;
  /** Where the SCO's frame goes. */
  container: HTMLElement;
  /** Sends a message to the player (its origin pinned by the caller). */
  post(message: RuntimeMessage): void;
}

export class LessonRuntime {
  private readonly queue: CommitQueue | null;
  private bridge: RuntimeBridge | null = null;
  private readonly scoIds: string[];
  private readonly latestCmi = new Map<string, Cmi>();
  /** Saved CMI per SCO: the server's, overlaid with commits an earlier page left unacknowledged. */
  private savedCmi: Record<string, Cmi> = {};
  private frame: HTMLIFrameElement | null = null;
  private unloading = false;
  private switching = false;
  private state: RuntimeState;
  private readonly cleanups: (() => void)[] = [];
  /** Review mode records nothing: its writes never enter the queue. */
  private readonly reviewing: boolean;

  constructor(
    private launch: ScormLaunch,
    private readonly dom: RuntimeDom,
  ) {
    const { window: win } = dom;
    this.scoIds = launch.scos.map((sco) => sco.identifier);
    this.state = {
      phase: "loading",
      currentId: null,
      progress: Object.fromEntries(
        launch.scos.map((sco) => [sco.identifier, launch.attempt?.scoStatus[sco.identifier] ?? "not_started"]),
      ),
      unavailable: [],
      flow: null,
      closed: {},
      hidden: [],
      queue: null,
      error: null,
    };
    const attempt = launch.attempt;
    const commitUrl = launch.content.commitUrl;
    this.reviewing = attempt?.mode === "review";
    // In review mode the queue is kept only to send what an earlier normal visit left unacknowledged.
    this.queue =
      attempt && commitUrl
        ? new CommitQueue({
            attemptId: attempt.attemptId,
            lastSequence: attempt.lastSequence,
            generation: attempt.playerGeneration,
            endpoint: commitUrl,
            storage: browserStorage(win),
            fetch: (input, init) => win.fetch(input, init),
            sendBeacon:
              typeof win.navigator.sendBeacon === "function"
                ? (url, data) => win.navigator.sendBeacon(url, data)
                : undefined,
            setTimer: (callback, ms) => win.setTimeout(callback, ms),
            clearTimer: (handle) => win.clearTimeout(handle as number),
            onAcknowledged: (commits) =>
              dom.post({ type: "lms.scorm.saved", terminated: commits.some((commit) => commit.terminated) }),
          })
        : null;
    this.queue?.subscribe((queue) => {
      this.update({ queue });
      if (queue.superseded) this.replaced();
    });
    if (this.queue) this.state.queue = this.queue.getState();
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
      const key = playerStorageKey(attempt.attemptId);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key && event.newValue) this.queue?.supersede(Number(event.newValue));
      };
      this.dom.window.addEventListener("storage", onStorage);
      this.cleanups.push(() => this.dom.window.removeEventListener("storage", onStorage));
      const claimed = await withTimeout(this.dom.window, this.queue.claim(), CLAIM_WAIT_MS);
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
        commit: (draft) => {
          if (draft.cmi) this.latestCmi.set(draft.scoId, draft.cmi);
          if (this.reviewing) return true;
          if (draft.cmi) this.showProgress(draft.scoId, draft.cmi, draft.terminated);
          // The SCO's progress may open or close Continue / Previous (a precondition on its completion).
          const flow = draft.cmi && !draft.terminated ? this.bridge?.liveFlow() : null;
          if (flow) this.update({ flow });
          if (!this.queue) return true;
          const { stored } = this.queue.enqueue(draft);
          // A SCO finishing because the page goes away: the page's own pagehide beacon has already left.
          if (this.unloading) this.queue.flushWithBeacon();
          return stored;
        },
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
    const session = bridge.beginSession(launch.attempt?.lastScoId ?? null);
    const resumed = session?.resumed ? this.savedCmi[session.scoId] : undefined;
    // The SCO suspended by suspendAll resumes its suspended attempt, whatever its own cmi.exit said.
    if (session && resumed) this.savedCmi[session.scoId] = { ...resumed, entry: "resume" };
    this.start(session?.scoId ?? fallback);
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
    this.frame?.remove();
    this.frame = null;
    this.update({ phase: "replaced" });
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
    const bridge = this.bridge;
    if (!bridge?.isSequenced || this.state.phase !== "running" || this.switching) return;
    if (bridge.previewFlow(request) === "blocked") return;
    const current = this.state.currentId;
    void this.switchTo(() => bridge.sequenceFlow(request) ?? current);
  }

  /**
   * The player's Exit controls (sequenced packages): the request is the sequencer's, set for the running
   * SCO or asked after it ended; then the session is over, suspended or ended as the request says.
   */
  exit(request: "suspendAll" | "exitAll"): void {
    const bridge = this.bridge;
    if (!bridge?.isSequenced || this.switching || this.state.phase !== "running") return;
    bridge.requestExit(request);
    void this.switchTo(null, request === "exitAll");
  }

  private start(first: string | null): void {
    const { window: win, document: doc } = this.dom;
    // The page goes away (the learner left the lesson page or closed the tab): this pagehide comes before
    // the SCO's own unload handler, which usually sets exit and calls Finish; its commit then leaves with
    // a beacon of its own (see commit above), and a SCO that does not finish is ended after its handler.
    const leave = () => {
      this.unloading = true;
      this.queue?.flushWithBeacon();
    };
    // A hidden tab may never come back: send what is queued; the page still runs, so commits go on as usual.
    const onVisibility = () =>
      doc.visibilityState === "hidden" ? this.queue?.flushWithBeacon() : void this.queue?.flush();
    const onOnline = () => void this.queue?.flush();
    const onShow = () => (this.unloading = false); // back from the back/forward cache
    win.addEventListener("pagehide", leave);
    win.addEventListener("online", onOnline);
    win.addEventListener("pageshow", onShow);
    doc.addEventListener("visibilitychange", onVisibility);
    this.cleanups.push(() => {
      win.removeEventListener("pagehide", leave);
      win.removeEventListener("online", onOnline);
      win.removeEventListener("pageshow", onShow);
      doc.removeEventListener("visibilitychange", onVisibility);
    });
    if (first) this.open(first);
    else this.update({ phase: "error", error: "This lesson's SCORM package has nothing to launch." });
  }

  /** Loads a SCO: the API is reset and preloaded before its frame gets its URL. */
  private open(scoId: string): void {
    const url = scoUrl(this.launch, scoId);
    const sco = this.launch.scos.find((entry) => entry.identifier === scoId);
    if (!url || !sco || !this.bridge || this.state.phase === "replaced") return;
    const seen = this.latestCmi.get(scoId);
    this.bridge.prepare(scoId, seen ? prepareRevisitCmi(this.launch.version, seen) : this.savedCmi[scoId]);
    this.frame?.remove();
    const frame = this.dom.document.createElement("iframe");
    frame.title = sco.title;
    frame.allow = "fullscreen";
    frame.src = url;
    frame.addEventListener("load", () => this.endOnUnload(frame));
    this.dom.container.append(frame);
    this.frame = frame;
    this.update({ phase: "running", currentId: scoId, error: null });
  }

  /**
   * Ends the running SCO (its unload handler usually calls Finish itself), then opens the next one, or
   * ends the session: `ended` when the attempt is over (exitAll), else it is suspended (suspendAll).
   */
  private async switchTo(target: string | null | (() => string | null), ended = false): Promise<void> {
    if (this.switching) return;
    this.switching = true;
    this.update({ phase: "loading" });
    try {
      await blankFrame(this.dom.window, this.frame);
      this.bridge?.terminate();
      // A function: the sequencer picks the SCO once the running one has ended (Previous / Continue).
      const scoId = typeof target === "function" ? target() : target;
      if (typeof target !== "function" && scoId) this.bridge?.sequenceChoice(scoId);
      if (scoId) this.open(scoId);
      else {
        this.frame?.remove();
        this.frame = null;
        this.update({ phase: ended ? "ended" : "suspended" });
      }
    } catch (cause) {
      this.update({ phase: "error", error: cause instanceof Error ? cause.message : String(cause) });
    } finally {
      this.switching = false;
    }
  }

  /** After the SCO's own unload handlers, when the page goes away: a SCO still running is ended as the content would. */
  private endOnUnload(frame: HTMLIFrameElement): void {
    frame.contentWindow?.addEventListener("unload", () => {
      if (this.unloading && this.frame === frame && this.bridge?.isRunning()) this.bridge.terminate();
    });
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
    this.frame?.remove();
    this.frame = null;
    this.update({ phase: "finished", currentId: null });
  }

  private update(patch: Partial<RuntimeState>): void {
    // Once replaced, the runtime stays so: a switch that was under way must not bring the content back.
    const phase = this.state.phase === "replaced" ? { phase: "replaced" as const } : {};
    this.state = { ...this.state, ...patch, ...phase };
    this.dom.post({ type: "lms.scorm.state", state: this.state });
  }
}

/** How long a new player waits for its claim before it starts from the launch's state. */
const CLAIM_WAIT_MS = 15_000;

/** The promise's value, or null when it takes longer than `ms` (the promise still runs on). */
function withTimeout<T>(win: Window, promise: Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = win.setTimeout(() => resolve(null), ms);
    void promise.then(
      (value) => {
        win.clearTimeout(timer);
        resolve(value);
      },
      () => {
        win.clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

/** Unloads the SCO's page (its unload handler commits and finishes) and waits for about:blank, at most 3 s. */
function blankFrame(win: Window, frame: HTMLIFrameElement | null): Promise<void> {
  if (!frame) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      frame.removeEventListener("load", done);
      win.clearTimeout(timer);
      resolve();
    };
    const timer = win.setTimeout(done, 3_000);
    frame.addEventListener("load", done);
    frame.src = "about:blank";
  });
}

function browserStorage(win: Window): Storage | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}
