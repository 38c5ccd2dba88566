import type { IHttpService, ResultObject, Settings } from "scorm-again";
import type { CommitDraft } from "@/lib/scorm/runtime/commit-queue/outbox";
import {
  buildPreloadCmi,
  findItem,
  isScorm2004,
  parseNavRequest,
  type Cmi,
  type NavRequest,
} from "@/lib/scorm/runtime/runtime-settings";
import { Scorm12Adapter } from "@/lib/scorm/runtime/versions/scorm12";
import { Scorm2004Adapter } from "@/lib/scorm/runtime/versions/scorm2004";
import type { Sequencer } from "@/lib/scorm/runtime/versions/sequencer";
import type {
  NavigationUpdate,
  ScormApi,
  VersionAdapter,
  VersionHooks,
} from "@/lib/scorm/runtime/versions/version-adapter";
import type { ScormLaunch } from "@/lib/scorm/types";

// The SCORM runtime bridge: one scorm-again API object for the lesson, put on the runtime page's window
// (an ancestor of the SCO's iframe) by the adapter of the package's version (versions/). Its HTTP layer
// is replaced: every commit scorm-again makes becomes a CommitDraft handed to the queue, and the content
// hears "true" only when the queue stored it.

/** Autocommit this many seconds after a SetValue, so progress flows even when the content never commits. */
const AUTOCOMMIT_SECONDS = 15;

export interface RuntimeBridgeHandlers {
  /** Store the commit (synchronously); returns whether it is safely kept. */
  commit: (draft: CommitDraft) => boolean;
  /** The SCO called LMSFinish / Terminate; request is what it asked for next (adl.nav.request or 1.2 nav.event). */
  terminated: (scoId: string, request: NavRequest, deliveredId: string | null, sessionEnded: boolean) => void;
  /** 2004 with sequencing, recomputed by scorm-again after each delivery and rollup. */
  navigation: (update: NavigationUpdate) => void;
}

/** scorm-again calls this instead of XHR: the commit goes to the queue. */
class QueueHttpService implements IHttpService {
  constructor(private readonly handle: (params: unknown, terminated: boolean) => boolean) {}
  processHttpRequest(_url: string, params: unknown, immediate: boolean): ResultObject {
    return this.handle(params, immediate) ? { result: true, errorCode: 0 } : { result: false, errorCode: 101 };
  }
  updateSettings(): void {}
}

export class RuntimeBridge {
  private readonly version: VersionAdapter;
  private scoId: string | null = null;

  /** `sequencingState`: the activity tree's state to restore before the sequencer starts (the server's, or newer unsent). */
  constructor(
    private readonly launch: ScormLaunch,
    private readonly handlers: RuntimeBridgeHandlers,
    sequencingState: Cmi | null = null,
  ) {
    const hooks: VersionHooks = {
      settings: this.settings(new QueueHttpService((params, terminated) => this.onCommit(params, terminated))),
      scoId: () => this.scoId,
      commit: handlers.commit,
      finished: (request) => this.afterTerminate(request),
      navigation: handlers.navigation,
    };
    this.version = isScorm2004(launch.version)
      ? new Scorm2004Adapter(launch, hooks, sequencingState)
      : new Scorm12Adapter(launch, hooks);
  }

  /** scorm-again's API object the SCO calls. */
  get api(): ScormApi {
    return this.version.api;
  }

  /** scorm-again's sequencer: 2004 packages with an activity tree only. */
  get sequencer(): Sequencer | null {
    return this.version.sequencer;
  }

  install(win: Window): void {
    this.version.install(win);
  }

  isRunning(): boolean {
    return this.version.isRunning();
  }

  /** Whether the SCO prepared last has called Initialize (it may have finished since). */
  hasStarted(): boolean {
    return this.version.api.isInitialized() || this.version.api.isTerminated();
  }

  /** Prepares the API for a SCO before its page loads (reset, shared data, the saved CMI with what the LMS owns). */
  prepare(scoId: string, saved: Cmi | undefined): void {
    const reset = this.scoId !== null;
    this.scoId = scoId;
    const item = findItem(this.launch.manifest, scoId);
    this.version.prepare(item, buildPreloadCmi(this.launch, item, saved), reset);
  }

  /** Ends the running SCO as the content would (its final commit is queued before this returns). */
  terminate(): void {
    this.version.finish();
  }

  /** The settings both versions share (documented in docs/scorm-player.md); the adapters add their own. */
  private settings(httpService: IHttpService): Settings {
    const tracked = this.launch.attempt !== null;
    return {
      // scorm-again commits only when it has a URL; our httpService sends to the queue, which knows the endpoint.
      lmsCommitUrl: tracked ? (this.launch.content.commitUrl ?? false) : false,
      httpService,
      autocommit: tracked,
      autocommitSeconds: AUTOCOMMIT_SECONDS,
      dataCommitFormat: "json",
      sendFullCommit: true,
      useAsynchronousCommits: false,
      logLevel: "ERROR",
      courseId: this.launch.lessonId,
    };
  }

  private onCommit(params: unknown, terminated: boolean): boolean {
    const scoId = this.scoId;
    if (!scoId || !this.launch.attempt) return true;
    return this.handlers.commit(this.version.draft(scoId, params, terminated));
  }

  private afterTerminate(request: string): void {
    const scoId = this.scoId;
    if (!scoId) return;
    const parsed = parseNavRequest(request);
    // scorm-again runs its sequencing after the Terminate listeners: decide once it is done.
    setTimeout(() => {
      if (this.scoId !== scoId) return;
      const { delivered, sessionEnded } = this.version.delivery();
      this.handlers.terminated(scoId, parsed, delivered, sessionEnded);
    }, 0);
  }
}
