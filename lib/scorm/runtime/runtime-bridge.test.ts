import { readFileSync } from "node:fs";
import path from "node:path";
import type { Scorm2004API } from "scorm-again";
import { describe, expect, it } from "vitest";
import type { CommitDraft } from "@/lib/scorm/runtime/commit-queue";
import { RuntimeBridge } from "@/lib/scorm/runtime/runtime-bridge";
import { parseManifest } from "@/lib/scorm/manifest";
import { scoList } from "@/lib/scorm/sco-list";
import type { ScormLaunch } from "@/lib/scorm/types";

// The bridge with scorm-again's real sequencer and our forced-order package (three steps, flow only): the
// activity tree's state leaves in commits of its own after each navigation, and a new bridge given that
// state begins where the learner left (resumeAll), before any SCO initializes.

const FIXTURE = path.resolve(import.meta.dirname, "../../../test/fixtures/scorm/own/sequential-2004/imsmanifest.xml");

function launchOf(edit: (xml: string) => string = (xml) => xml): ScormLaunch {
  const { manifest } = parseManifest(edit(readFileSync(FIXTURE, "utf8")), ["imsmanifest.xml", "step.html"]);
  return {
    lessonId: "lesson",
    courseId: "course",
    packageId: "package",
    version: manifest.version,
    content: { origin: "http://c", runtimeUrl: "http://c/r", filesUrl: "http://c/f/", commitUrl: "http://c/commits" },
    scos: scoList(manifest),
    manifest,
    attempt: {
      attemptId: "attempt",
      attemptNumber: 1,
      mode: "normal",
      lastSequence: 0,
      lastScoId: null,
      scoStatus: {},
      scoCmi: {},
      globals: {},
      sequencing: null,
      playerGeneration: 0,
    },
    learner: { id: "learner", name: "Doe, Jane" },
  };
}

function bridgeWith(state: Record<string, unknown> | null, launch = launchOf()) {
  const drafts: CommitDraft[] = [];
  const bridge = new RuntimeBridge(
    launch,
    { commit: (draft) => (drafts.push(draft), true), terminated: () => undefined, navigation: () => undefined },
    state,
  );
  return { bridge, drafts, api: bridge.api as Scorm2004API };
}

/** The SCO's session as the package's own page runs it: Initialize, its values, a navigation request, Terminate. */
function runSco(api: Scorm2004API, values: Record<string, string>, request: string): void {
  api.Initialize("");
  for (const [element, value] of Object.entries(values)) api.SetValue(element, value);
  api.SetValue("adl.nav.request", request);
  api.Terminate("");
}

type Tree = { sequencing: { currentActivity: string | null; suspendedActivity: string | null } };
const treeOf = (draft: CommitDraft | undefined) => (draft?.sequencing as Tree | undefined)?.sequencing;
const stateDrafts = (drafts: CommitDraft[]) => drafts.filter((draft) => draft.sequencing);

describe("RuntimeBridge with sequencing", () => {
  it("queues the tree after each navigation, and a new bridge resumes the step suspendAll left", () => {
    const first = bridgeWith(null);
    expect(first.bridge.beginSession(null)).toEqual({ scoId: "step1", resumed: false });
    expect(treeOf(first.drafts.at(-1))).toMatchObject({ currentActivity: "step1", suspendedActivity: null });
    const completed = { "cmi.completion_status": "completed", "cmi.exit": "normal" };
    first.bridge.prepare("step1", undefined);
    runSco(first.api, completed, "continue");
    first.bridge.prepare("step2", undefined);
    runSco(first.api, completed, "continue");
    first.bridge.prepare("step3", undefined);
    runSco(first.api, { "cmi.suspend_data": "2", "cmi.exit": "suspend" }, "suspendAll");

    // Each SCO's terminate commit (its CMI), then the tree's state after the navigation that followed it.
    const last = first.drafts.at(-1)!;
    expect(first.drafts.at(-2)).toMatchObject({ scoId: "step3", terminated: true, cmi: { suspend_data: "2" } });
    expect(first.drafts.at(-2)).not.toHaveProperty("endsAttempt");
    expect(last).toMatchObject({ scoId: "step3", terminated: false });
    expect(last).not.toHaveProperty("cmi");
    expect(treeOf(last)).toMatchObject({ currentActivity: null, suspendedActivity: "step3" });
    expect(stateDrafts(first.drafts).map((draft) => treeOf(draft)?.currentActivity)).toEqual([
      "step1",
      "step2",
      "step3",
      null,
    ]);

    const second = bridgeWith(last.sequencing!);
    expect(second.bridge.beginSession("step3")).toEqual({ scoId: "step3", resumed: true });
    expect(treeOf(second.drafts.at(-1))).toMatchObject({ currentActivity: "step3", suspendedActivity: null });
    second.bridge.prepare("step3", { suspend_data: "2", entry: "resume" });
    second.api.Initialize("");
    expect(second.api.GetValue("cmi.entry")).toBe("resume");
    expect(second.api.GetValue("cmi.suspend_data")).toBe("2");
    // Forward only: the sequencer answers that Previous is not allowed, Continue is.
    expect(second.api.GetValue("adl.nav.request_valid.previous")).toBe("false");
    expect(second.api.GetValue("adl.nav.request_valid.continue")).toBe("true");
    expect(second.bridge.previewFlow("previous")).toBe("blocked");
    second.api.SetValue("adl.nav.request", "exitAll");
    second.api.Terminate("");
    expect(second.drafts.find((draft) => draft.terminated)).toMatchObject({ scoId: "step3", endsAttempt: true });
  });

  it("a learner who left without exiting is suspended on their behalf, and resumed in the same step attempt", () => {
    const first = bridgeWith(null);
    first.bridge.beginSession(null);
    first.bridge.prepare("step1", undefined);
    runSco(first.api, { "cmi.completion_status": "completed", "cmi.exit": "normal" }, "continue");
    first.bridge.prepare("step2", undefined);
    // The tab closes: the page's unload handler suspends the SCO and terminates without a request.
    runSco(first.api, { "cmi.exit": "suspend" }, "_none_");
    const left = first.drafts.at(-1)!;
    expect(treeOf(left)).toMatchObject({ currentActivity: "step2", suspendedActivity: null });

    const second = bridgeWith(left.sequencing!);
    expect(second.bridge.beginSession("step2")).toEqual({ scoId: "step2", resumed: false });
    const attempts = (
      second.drafts.at(-1)!.sequencing as { sequencing: { activityStates: Record<string, { attemptCount: number }> } }
    ).sequencing.activityStates;
    expect(attempts.step2?.attemptCount).toBe(1);
  });

  it("the player's Continue is the sequencer's: the SCO ends, the next step is delivered and stored", () => {
    const { bridge, api, drafts } = bridgeWith(null);
    bridge.beginSession(null);
    bridge.prepare("step1", undefined);
    api.Initialize("");
    api.SetValue("cmi.completion_status", "completed");
    expect(bridge.previewFlow("continue")).toBe("allowed");
    expect(bridge.previewFlow("previous")).toBe("blocked");
    expect(bridge.liveFlow()).toEqual({ continue: true, previous: false });
    bridge.terminate();
    expect(bridge.liveFlow()).toBeNull();
    expect(bridge.sequenceFlow("continue")).toBe("step2");
    expect(treeOf(drafts.at(-1))).toMatchObject({ currentActivity: "step2" });
  });

  it("sends the tree only when it changed, and not for an untracked preview", () => {
    const tracked = bridgeWith(null);
    tracked.bridge.beginSession(null);
    const count = stateDrafts(tracked.drafts).length;
    tracked.bridge.prepare("step1", undefined);
    tracked.api.Initialize("");
    tracked.api.Commit("");
    expect(stateDrafts(tracked.drafts)).toHaveLength(count);

    const drafts: CommitDraft[] = [];
    const preview = new RuntimeBridge(
      { ...launchOf(), attempt: null },
      { commit: (draft) => (drafts.push(draft), true), terminated: () => undefined, navigation: () => undefined },
    );
    expect(preview.beginSession(null)).toEqual({ scoId: "step1", resumed: false });
    expect(drafts).toEqual([]);
  });

  it("a step whose attempt limit is used up is closed, with the reason, and not delivered again, after a relaunch too", () => {
    // The same package with choice allowed and step two limited to one attempt.
    const limited = launchOf((xml) =>
      xml
        .replace('choice="false" choiceExit="false" flow="true" forwardOnly="true"', 'choice="true" flow="true"')
        .replace(
          "<title>Step two</title>",
          '<title>Step two</title><imsss:sequencing><imsss:limitConditions attemptLimit="1"/></imsss:sequencing>',
        ),
    );
    const first = bridgeWith(null, limited);
    first.bridge.beginSession(null);
    const completed = { "cmi.completion_status": "completed" };
    first.bridge.prepare("step1", undefined);
    runSco(first.api, completed, "continue");
    expect(first.bridge.closedActivities()).toEqual({});
    first.bridge.prepare("step2", undefined);
    runSco(first.api, completed, "continue");
    expect(first.bridge.closedActivities()).toEqual({ step2: "No attempts left (1 of 1 used)" });
    first.bridge.prepare("step3", undefined);
    runSco(first.api, {}, "suspendAll");

    const second = bridgeWith(first.drafts.at(-1)!.sequencing!, limited);
    expect(second.bridge.beginSession("step3")).toEqual({ scoId: "step3", resumed: true });
    expect(second.bridge.closedActivities()).toEqual({ step2: "No attempts left (1 of 1 used)" });
    second.bridge.prepare("step3", undefined);
    runSco(second.api, {}, "{target=step2}choice");
    expect(treeOf(second.drafts.at(-1))).not.toMatchObject({ currentActivity: "step2" });
  });
});
