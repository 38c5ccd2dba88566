import { Scorm12API } from "scorm-again";
import type { CommitDraft } from "@/lib/scorm/runtime/commit-queue/outbox";
import { findItem, type Cmi } from "@/lib/scorm/runtime/runtime-settings";
import { cmiOf, type VersionAdapter, type VersionHooks } from "@/lib/scorm/runtime/versions/version-adapter";
import type { ManifestItem, ScormLaunch } from "@/lib/scorm/types";

// SCORM 1.2: scorm-again's Scorm12API on window.API. No sequencing: the SCO asks for what comes next with
// nav.event (a scorm-again extension content may set), read when it calls LMSFinish.

export class Scorm12Adapter implements VersionAdapter {
  readonly api: Scorm12API;
  readonly sequencer = null;

  constructor(launch: ScormLaunch, hooks: VersionHooks) {
    // Pass/fail follows the mastery score where the manifest has one; the server applies the minimum-calls
    // rule (a SCO that never sets lesson_status is completed on LMSFinish).
    const hasMastery = launch.scos.some((sco) => findItem(launch.manifest, sco.identifier)?.masteryScore != null);
    this.api = new Scorm12API({ ...hooks.settings, mastery_override: hasMastery, autoCompleteLessonStatus: false });
    this.api.on("LMSFinish", () => hooks.finished(this.api.nav.event));
  }

  install(win: Window): void {
    (win as unknown as Record<string, unknown>).API = this.api;
  }

  isRunning(): boolean {
    return this.api.isInitialized();
  }

  prepare(_item: ManifestItem | null, preload: Cmi, reset: boolean): void {
    if (reset) this.api.reset({}, { preserveListeners: true });
    this.api.loadFromJSON(preload);
  }

  finish(): void {
    if (this.api.isInitialized()) this.api.LMSFinish("");
  }

  draft(scoId: string, params: unknown, terminated: boolean): CommitDraft {
    return { scoId, cmi: cmiOf(params), terminated };
  }

  delivery(): { delivered: string | null; sessionEnded: boolean } {
    return { delivered: null, sessionEnded: false };
  }
}
