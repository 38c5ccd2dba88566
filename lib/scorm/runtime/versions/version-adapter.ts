import type { Scorm12API, Scorm2004API, Settings } from "scorm-again";
import type { CommitDraft } from "@/lib/scorm/runtime/commit-queue/outbox";
import type { Cmi } from "@/lib/scorm/runtime/runtime-settings";
import type { Sequencer } from "@/lib/scorm/runtime/versions/sequencer";
import type { ManifestItem } from "@/lib/scorm/types";

// What the runtime needs of a SCORM version, behind one interface: scorm12.ts and scorm2004.ts each wrap
// their scorm-again API; only they know which API they hold (the bridge picks one from the launch).

export type ScormApi = Scorm12API | Scorm2004API;

/** Whether the sequencer would accept a Continue and a Previous request now. */
export interface FlowValidity {
  continue: boolean;
  previous: boolean;
}

/** What scorm-again's sequencing recomputes after each delivery and rollup (2004 with sequencing). */
export interface NavigationUpdate {
  /** The SCOs a choice request may not go to now. */
  unavailable: Set<string>;
  flow: FlowValidity;
  /** The SCOs the sequencer will not deliver again, with the reason shown. */
  closed: Record<string, string>;
  /** The player's controls the current activity's manifest asks the LMS to hide (adlnav:hideLMSUI). */
  hidden: string[];
}

/** How an adapter reaches the rest of the runtime. */
export interface VersionHooks {
  /** The settings both versions share, with the HTTP layer that hands scorm-again's commits to the queue. */
  settings: Settings;
  /** The SCO whose page is loaded (the bridge's). */
  scoId(): string | null;
  /** Queues a commit the runtime makes itself (the activity tree's state); returns whether it is stored. */
  commit(draft: CommitDraft): boolean;
  /** The SCO called LMSFinish / Terminate; `request` is what it asked for next (adl.nav.request, 1.2's nav.event). */
  finished(request: string): void;
  navigation(update: NavigationUpdate): void;
}

export interface VersionAdapter {
  /** scorm-again's API object the SCO finds on this window. */
  readonly api: ScormApi;
  /** scorm-again's sequencer with the activity tree: 2004 packages with sequencing only. */
  readonly sequencer: Sequencer | null;
  /** Puts the API where the SCO's search finds it (window.API for 1.2, window.API_1484_11 for 2004). */
  install(win: Window): void;
  isRunning(): boolean;
  /**
   * Before a SCO's page loads: a reset when another SCO ran before, the item's shared data view, then the
   * preload (loadFromJSON refuses once the SCO has initialized).
   */
  prepare(item: ManifestItem | null, preload: Cmi, reset: boolean): void;
  /** Ends the running SCO as the content would (its final commit is queued before this returns). */
  finish(): void;
  /** scorm-again's JSON commit as a commit for the queue. */
  draft(scoId: string, params: unknown, terminated: boolean): CommitDraft;
  /** The activity scorm-again's sequencing delivered after the last request, and whether it ended the session. */
  delivery(): { delivered: string | null; sessionEnded: boolean };
}

/** scorm-again's JSON commit is { cmi: {…} } (plus adl for 2004): the bare cmi children are what loadFromJSON takes back. */
export function cmiOf(params: unknown): Cmi {
  const cmi = (params as { cmi?: unknown } | null)?.cmi;
  return cmi && typeof cmi === "object" ? (cmi as Cmi) : {};
}
