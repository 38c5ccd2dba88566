import { Scorm2004API, type CommitObject } from "scorm-again";
import type { CommitDraft } from "@/lib/scorm/runtime/commit-queue/outbox";
import { endsAttempt, parseNavRequest, sharesState, type Cmi } from "@/lib/scorm/runtime/runtime-settings";
import { closedActivities, Delivery, rootActivity, Sequencer } from "@/lib/scorm/runtime/versions/sequencer";
import { cmiOf, type VersionAdapter, type VersionHooks } from "@/lib/scorm/runtime/versions/version-adapter";
import type { ManifestItem, ScormLaunch } from "@/lib/scorm/types";

// SCORM 2004: scorm-again's Scorm2004API on window.API_1484_11, with the state SCOs share (global
// objectives, adl.data) restored from the attempt and carried in its commits, and scorm-again's sequencer
// (sequencer.ts) when the package has an activity tree.

type GlobalObjectiveSnapshot = Parameters<Scorm2004API["restoreGlobalObjectiveSnapshot"]>[0];

export class Scorm2004Adapter implements VersionAdapter {
  readonly api: Scorm2004API;
  readonly sequencer: Sequencer | null;
  private readonly lastDelivery = new Delivery();
  /** What the running SCO asked for after its session (adl.nav.request). */
  private navRequest = "";
  /** Whether the package's SCOs share state its commits must carry (global objectives, adl.data, sequencing). */
  private readonly sharesState: boolean;

  /** `sequencingState`: the activity tree's state to restore before the sequencer starts. */
  constructor(launch: ScormLaunch, hooks: VersionHooks, sequencingState: Cmi | null) {
    const manifest = launch.manifest;
    const scoIds = new Set(launch.scos.map((sco) => sco.identifier));
    this.sharesState = sharesState(manifest);
    this.api = new Scorm2004API({
      ...hooks.settings,
      // The commit object carries the global objective snapshot and the rolled-up status.
      renderCommonCommitFields: true,
      ...(manifest.sequencing ? { sequencing: manifest.sequencing } : {}),
      scoItemIds: launch.scos.map((sco) => sco.identifier),
      globalObjectiveIds: manifest.globalObjectiveIds,
      autoProgress: false,
    });
    const globals = launch.attempt?.globals ?? {};
    if (globals.globalObjectives && typeof globals.globalObjectives === "object")
      this.api.restoreGlobalObjectiveSnapshot(globals.globalObjectives as GlobalObjectiveSnapshot);
    if (globals.adlData && typeof globals.adlData === "object")
      this.api.restoreSharedDataSnapshot(globals.adlData as Record<string, string>);
    this.api.setSequencingEventListeners({
      onActivityDelivery: (activity: { id: string }) => (this.lastDelivery.delivered = activity.id),
      onSequencingSessionEnd: () => (this.lastDelivery.sessionEnded = true),
      // Recomputed by scorm-again after each delivery and rollup; the table of contents follows it.
      onNavigationValidityUpdate: (update: {
        continue: boolean;
        previous: boolean;
        choice: Record<string, "true" | "false">;
        hideLmsUi?: string[];
      }) =>
        hooks.navigation({
          unavailable: new Set(
            Object.entries(update.choice)
              .filter(([id, valid]) => valid === "false" && scoIds.has(id))
              .map(([id]) => id),
          ),
          flow: { continue: update.continue === true, previous: update.previous === true },
          closed: manifest.sequencing ? closedActivities(rootActivity(this.api), scoIds) : {},
          hidden: update.hideLmsUi ?? [],
        }),
    });
    this.sequencer = manifest.sequencing
      ? new Sequencer(this.api, launch, this.lastDelivery, hooks, sequencingState)
      : null;
    this.api.on("SetValue.adl.nav.request", (_element: string, value: unknown) => {
      this.navRequest = String(value ?? "");
    });
    this.api.on("Terminate", () => hooks.finished(this.navRequest));
  }

  install(win: Window): void {
    (win as unknown as Record<string, unknown>).API_1484_11 = this.api;
  }

  isRunning(): boolean {
    return this.api.isInitialized();
  }

  prepare(item: ManifestItem | null, preload: Cmi, reset: boolean): void {
    if (reset) this.api.reset({}, { preserveListeners: true });
    this.navRequest = "";
    this.lastDelivery.reset();
    if (item && item.sharedData.length > 0) {
      this.api.adl.configureSharedDataMaps(
        item.sharedData.map((map) => ({
          targetID: map.targetId,
          readSharedData: map.readSharedData,
          writeSharedData: map.writeSharedData,
        })),
      );
    }
    this.api.loadFromJSON(preload);
  }

  finish(): void {
    if (this.api.isInitialized()) this.api.Terminate("");
  }

  draft(scoId: string, params: unknown, terminated: boolean): CommitDraft {
    const commit = params as CommitObject;
    const cmi = cmiOf(commit.runtimeData);
    // The terminate commit of exitAll / abandonAll ends the attempt: the next launch starts a new one.
    const ends = terminated && endsAttempt(parseNavRequest(this.navRequest)) ? { endsAttempt: true } : {};
    if (!this.sharesState) return { scoId, cmi, terminated, ...ends };
    const activity = this.sequencer?.activityAttemptOf(scoId) ?? {};
    return { scoId, cmi, globals: this.globals(commit), terminated, ...activity, ...ends };
  }

  delivery(): { delivered: string | null; sessionEnded: boolean } {
    return { delivered: this.lastDelivery.delivered, sessionEnded: this.lastDelivery.sessionEnded };
  }

  /** The shared state the commit carries: global objectives, adl.data, and the sequencing root's rollup. */
  private globals(commit: CommitObject): Record<string, unknown> {
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
    return globals;
  }
}
