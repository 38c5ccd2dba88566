import { CommitQueue } from "@/lib/scorm/runtime/commit-queue";
import type { RuntimeMessage, RuntimeState } from "@/lib/scorm/runtime/messages";
import { RuntimeBridge } from "@/lib/scorm/runtime/runtime-bridge";
import {
  decideAfterTerminate,
  firstScoId,
  prepareRevisitCmi,
  scoUrl,
  withPendingCommits,
  type Cmi,
  type NavRequest,
} from "@/lib/scorm/runtime/runtime-settings";
import { readScoStatus } from "@/lib/scorm/cmi-status";
import { furtherProgress, scoProgressOf, type ScormLaunch } from "@/lib/scorm/types";

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
  private readonly bridge: RuntimeBridge;
  private readonly scoIds: string[];
  private readonly latestCmi = new Map<string, Cmi>();
  /** Saved CMI per SCO: the server's, overlaid with commits an earlier page left unacknowledged. */
  private readonly savedCmi: Record<string, Cmi>;
  private frame: HTMLIFrameElement | null = null;
  private unloading = false;
  private switching = false;
  private state: RuntimeState;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly launch: ScormLaunch,
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
      queue: null,
      error: null,
    };
    const attempt = launch.attempt;
    const commitUrl = launch.content.commitUrl;
    this.queue =
      attempt && commitUrl
        ? new CommitQueue({
            attemptId: attempt.attemptId,
            lastSequence: attempt.lastSequence,
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
    this.queue?.subscribe((queue) => this.update({ queue }));
    if (this.queue) this.state.queue = this.queue.getState();
    // What an earlier page left unacknowledged is newer than the server's copy: resume from it, send it first.
    const pending = this.queue?.pendingCommits() ?? [];
    this.savedCmi = withPendingCommits(launch, pending);
    void this.queue?.flush();
    this.bridge = new RuntimeBridge(launch, {
      commit: (draft) => {
        this.latestCmi.set(draft.scoId, draft.cmi);
        // The server's own reading of the commit (including the 1.2 minimum-calls rule on finish).
        const status = readScoStatus(launch.version, draft.cmi, { terminated: draft.terminated });
        const progress = furtherProgress(
          this.state.progress[draft.scoId],
          scoProgressOf(status.completionStatus, status.successStatus),
        );
        this.update({ progress: { ...this.state.progress, [draft.scoId]: progress } });
        if (!this.queue) return true;
        const { stored } = this.queue.enqueue(draft);
        // A SCO finishing because the page goes away: the page's own pagehide beacon has already left.
        if (this.unloading) this.queue.flushWithBeacon();
        return stored;
      },
      terminated: (scoId, request, deliveredId) => this.onTerminated(scoId, request, deliveredId),
      unavailable: (ids) => this.update({ unavailable: [...ids] }),
    });
    this.bridge.install(win);
    this.start(pending.at(-1)?.scoId ?? firstScoId(launch));
  }

  /** The learner chose a SCO in the player (table of contents, Previous, Continue). */
  navigate(scoId: string): void {
    if (this.scoIds.includes(scoId) && this.state.phase !== "loading") void this.switchTo(scoId);
  }

  /** Back into the lesson after leaving it. */
  resume(): void {
    if (this.state.phase === "left" && this.state.currentId) this.open(this.state.currentId);
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
    if (!url || !sco) return;
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

  /** Ends the running SCO (its unload handler usually calls Finish itself), then opens the next one. */
  private async switchTo(scoId: string | null): Promise<void> {
    if (this.switching) return;
    this.switching = true;
    this.update({ phase: "loading" });
    try {
      await blankFrame(this.dom.window, this.frame);
      this.bridge.terminate();
      if (scoId) {
        this.bridge.sequenceChoice(scoId);
        this.open(scoId);
      } else {
        this.frame?.remove();
        this.frame = null;
        this.update({ phase: "left" });
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
      if (this.unloading && this.frame === frame && this.bridge.isRunning()) this.bridge.terminate();
    });
  }

  private onTerminated(scoId: string, request: NavRequest, deliveredId: string | null): void {
    if (this.switching || this.unloading) return;
    const next = decideAfterTerminate(request, this.scoIds, scoId, deliveredId);
    if (next.kind === "open") void this.switchTo(next.scoId);
    else if (next.kind === "leave") void this.switchTo(null);
  }

  private update(patch: Partial<RuntimeState>): void {
    this.state = { ...this.state, ...patch };
    this.dom.post({ type: "lms.scorm.state", state: this.state });
  }
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
