import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Scorm2004API } from "scorm-again";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CommitDraft } from "@/lib/scorm/runtime/commit-queue/outbox";
import { RuntimeBridge } from "@/lib/scorm/runtime/runtime-bridge";
import { parseManifest } from "@/lib/scorm/manifest";
import { scoList } from "@/lib/scorm/sco-list";
import type { ScormLaunch } from "@/lib/scorm/types";

// The bridge with scorm-again's real sequencer and our forced-order package (three steps, flow only): the
// activity tree's state leaves in commits of its own after each navigation, and a new bridge given that
// state begins where the learner left (resumeAll), before any SCO initializes.

const OWN = path.resolve(import.meta.dirname, "../../../test/fixtures/scorm/own");

/** One of our own packages as the lesson page launches it (`edit` changes its manifest for one test). */
function launchOf(edit: (xml: string) => string = (xml) => xml, fixture = "sequential-2004"): ScormLaunch {
  const dir = path.join(OWN, fixture);
  const { manifest } = parseManifest(edit(readFileSync(path.join(dir, "imsmanifest.xml"), "utf8")), readdirSync(dir));
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
  const hidden: string[][] = [];
  const ends: boolean[] = [];
  const bridge = new RuntimeBridge(
    launch,
    {
      commit: (draft) => (drafts.push(draft), true),
      terminated: (_scoId, _request, _delivered, sessionEnded) => ends.push(sessionEnded),
      navigation: (update) => hidden.push(update.hidden),
    },
    state,
  );
  return { bridge, drafts, hidden, ends, api: bridge.api as Scorm2004API };
}

/** The sequencer's current activity: after a SCO's Terminate, the one it delivered next. */
const currentOf = (api: Scorm2004API) => (api.getSequencingState().currentActivity as { id?: string } | null)?.id;
/** The bridge reports a SCO's end once scorm-again's sequencing after it has run (the next task). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

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
    expect(first.bridge.sequencer!.beginSession(null)).toEqual({ scoId: "step1", resumed: false });
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
    expect(second.bridge.sequencer!.beginSession("step3")).toEqual({ scoId: "step3", resumed: true });
    expect(treeOf(second.drafts.at(-1))).toMatchObject({ currentActivity: "step3", suspendedActivity: null });
    second.bridge.prepare("step3", { suspend_data: "2", entry: "resume" });
    second.api.Initialize("");
    expect(second.api.GetValue("cmi.entry")).toBe("resume");
    expect(second.api.GetValue("cmi.suspend_data")).toBe("2");
    // Forward only: the sequencer answers that Previous is not allowed, Continue is.
    expect(second.api.GetValue("adl.nav.request_valid.previous")).toBe("false");
    expect(second.api.GetValue("adl.nav.request_valid.continue")).toBe("true");
    expect(second.bridge.sequencer!.previewFlow("previous")).toBe("blocked");
    second.api.SetValue("adl.nav.request", "exitAll");
    second.api.Terminate("");
    expect(second.drafts.find((draft) => draft.terminated)).toMatchObject({ scoId: "step3", endsAttempt: true });
  });

  it("a learner who left without exiting is suspended on their behalf, and resumed in the same step attempt", () => {
    const first = bridgeWith(null);
    first.bridge.sequencer!.beginSession(null);
    first.bridge.prepare("step1", undefined);
    runSco(first.api, { "cmi.completion_status": "completed", "cmi.exit": "normal" }, "continue");
    first.bridge.prepare("step2", undefined);
    // The tab closes: the page's unload handler suspends the SCO and terminates without a request.
    runSco(first.api, { "cmi.exit": "suspend" }, "_none_");
    const left = first.drafts.at(-1)!;
    expect(treeOf(left)).toMatchObject({ currentActivity: "step2", suspendedActivity: null });

    const second = bridgeWith(left.sequencing!);
    expect(second.bridge.sequencer!.beginSession("step2")).toEqual({ scoId: "step2", resumed: false });
    const attempts = (
      second.drafts.at(-1)!.sequencing as { sequencing: { activityStates: Record<string, { attemptCount: number }> } }
    ).sequencing.activityStates;
    expect(attempts.step2?.attemptCount).toBe(1);
  });

  it("the player's Continue is the sequencer's: the SCO ends, the next step is delivered and stored", () => {
    const { bridge, api, drafts } = bridgeWith(null);
    bridge.sequencer!.beginSession(null);
    bridge.prepare("step1", undefined);
    api.Initialize("");
    api.SetValue("cmi.completion_status", "completed");
    expect(bridge.sequencer!.previewFlow("continue")).toBe("allowed");
    expect(bridge.sequencer!.previewFlow("previous")).toBe("blocked");
    expect(bridge.sequencer!.liveFlow()).toEqual({ continue: true, previous: false });
    bridge.terminate();
    expect(bridge.sequencer!.liveFlow()).toBeNull();
    expect(bridge.sequencer!.sequenceFlow("continue")).toBe("step2");
    expect(treeOf(drafts.at(-1))).toMatchObject({ currentActivity: "step2" });
  });

  it("sends the tree only when it changed, and not for an untracked preview", () => {
    const tracked = bridgeWith(null);
    tracked.bridge.sequencer!.beginSession(null);
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
    expect(preview.sequencer!.beginSession(null)).toEqual({ scoId: "step1", resumed: false });
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
    first.bridge.sequencer!.beginSession(null);
    const completed = { "cmi.completion_status": "completed" };
    first.bridge.prepare("step1", undefined);
    runSco(first.api, completed, "continue");
    expect(first.bridge.sequencer!.closedActivities()).toEqual({});
    first.bridge.prepare("step2", undefined);
    runSco(first.api, completed, "continue");
    expect(first.bridge.sequencer!.closedActivities()).toEqual({ step2: "No attempts left (1 of 1 used)" });
    first.bridge.prepare("step3", undefined);
    runSco(first.api, {}, "suspendAll");

    const second = bridgeWith(first.drafts.at(-1)!.sequencing!, limited);
    expect(second.bridge.sequencer!.beginSession("step3")).toEqual({ scoId: "step3", resumed: true });
    expect(second.bridge.sequencer!.closedActivities()).toEqual({ step2: "No attempts left (1 of 1 used)" });
    second.bridge.prepare("step3", undefined);
    runSco(second.api, {}, "{target=step2}choice");
    expect(treeOf(second.drafts.at(-1))).not.toMatchObject({ currentActivity: "step2" });
  });

  it("a post-test of two attempts: failed twice it is closed, and neither the flow nor a choice delivers it", () => {
    const launch = launchOf(undefined, "posttest-2004");
    const { bridge, api, hidden, drafts } = bridgeWith(null, launch);
    expect(bridge.sequencer!.beginSession(null)).toEqual({ scoId: "material", resumed: false });
    const failed = { "cmi.completion_status": "completed", "cmi.success_status": "failed", "cmi.exit": "normal" };
    for (const attempt of [1, 2]) {
      bridge.prepare("material", undefined);
      runSco(api, { "cmi.completion_status": "completed", "cmi.exit": "normal" }, "continue");
      expect(currentOf(api)).toBe("posttest");
      // adlnav:hideLMSUI of the post-test: the player hides its Previous and Continue while it runs.
      expect(hidden.at(-1)).toEqual(["continue", "previous"]);
      bridge.prepare("posttest", undefined);
      runSco(api, failed, "previous");
      expect(currentOf(api)).toBe("material");
      expect(hidden.at(-1)).toEqual([]);
      expect(bridge.sequencer!.closedActivities()).toEqual(
        attempt === 2 ? { posttest: "No attempts left (2 of 2 used)" } : {},
      );
    }
    bridge.prepare("material", undefined);
    runSco(api, { "cmi.exit": "normal" }, "continue");
    expect(currentOf(api)).toBe("material");
    bridge.prepare("material", undefined);
    runSco(api, { "cmi.exit": "normal" }, "{target=posttest}choice");
    expect(currentOf(api)).toBe("material");
    // Each SCO commit names the SCO's activity attempt in the sequencer's count, so the server keeps both tests.
    const attemptsOf = (scoId: string) =>
      drafts.filter((draft) => draft.cmi && draft.scoId === scoId).map((draft) => draft.activityAttempt);
    expect(attemptsOf("posttest")).toEqual([1, 2]);
    expect(attemptsOf("material")).toEqual([1, 2, 3, 3]);
  });

  it("the end of the flow ends the sequencing session; the player's exitAll then ends the attempt", async () => {
    const { bridge, api, drafts, ends } = bridgeWith(null);
    bridge.sequencer!.beginSession(null);
    for (const step of ["step1", "step2", "step3"]) {
      bridge.prepare(step, undefined);
      runSco(api, { "cmi.completion_status": "completed", "cmi.exit": "normal" }, "continue");
      await settled();
    }
    // Nothing follows the third step: the session ended there (the player says the lesson is finished).
    expect(ends).toEqual([false, false, true]);
    bridge.sequencer!.requestExit("exitAll");
    expect(drafts.at(-1)).toMatchObject({ scoId: "step3", terminated: false, endsAttempt: true });
  });

  it("the player's Exit while a SCO runs: its Terminate carries suspendAll, and a new bridge resumes it", () => {
    const first = bridgeWith(null);
    first.bridge.sequencer!.beginSession(null);
    first.bridge.prepare("step1", { suspend_data: "3" });
    first.api.Initialize("");
    first.bridge.sequencer!.requestExit("suspendAll");
    first.bridge.terminate();
    const tree = treeOf(first.drafts.at(-1));
    expect(tree).toMatchObject({ currentActivity: null, suspendedActivity: "step1" });
    expect(first.drafts.find((draft) => draft.terminated)).not.toHaveProperty("endsAttempt");
    const second = bridgeWith(first.drafts.at(-1)!.sequencing!);
    expect(second.bridge.sequencer!.beginSession(null)).toEqual({ scoId: "step1", resumed: true });
  });

  it("a timed step (attemptAbsoluteDurationLimit) is delivered, and its SCO reads the limit on every visit", () => {
    const launch = launchOf(undefined, "timed-2004");
    const first = bridgeWith(null, launch);
    first.bridge.sequencer!.beginSession(null);
    first.bridge.prepare("step1", undefined);
    runSco(first.api, { "cmi.completion_status": "completed", "cmi.exit": "normal" }, "continue");
    expect(currentOf(first.api)).toBe("step2");
    first.bridge.prepare("step2", undefined);
    first.api.Initialize("");
    expect(first.api.GetValue("cmi.max_time_allowed")).toBe("PT5M");
    expect(first.api.GetValue("cmi.time_limit_action")).toBe("exit,message");
    first.api.SetValue("cmi.exit", "suspend");
    first.api.SetValue("adl.nav.request", "suspendAll");
    first.api.Terminate("");

    const second = bridgeWith(first.drafts.at(-1)!.sequencing!, launch);
    expect(second.bridge.sequencer!.beginSession(null)).toEqual({ scoId: "step2", resumed: true });
    second.bridge.prepare("step2", { entry: "resume", total_time: "PT3M" });
    second.api.Initialize("");
    expect(second.api.GetValue("cmi.max_time_allowed")).toBe("PT5M");
    expect(second.api.GetValue("cmi.entry")).toBe("resume");
  });

  describe("a timed step (attemptAbsoluteDurationLimit PT5M): the learner's time in its attempt counts", () => {
    afterEach(() => vi.useRealTimers());
    const launch = launchOf(undefined, "timed-2004");
    /** The clock the runtime measures SCO sessions with, moved by hand. */
    let now = 0;
    const clockAt = (iso: string) => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime((now = Date.parse(iso)));
    };
    const wait = (seconds: number) => vi.setSystemTime((now += seconds * 1000));
    type TimedTree = {
      sequencing: { activityStates: Record<string, { attemptCount: number; attemptExperiencedDuration: string }> };
    };
    const step2Of = (draft: CommitDraft | undefined) =>
      (draft?.sequencing as TimedTree | undefined)?.sequencing.activityStates.step2;

    /** The same package with a precondition rule on step two: skip it once its time is up. */
    const skipping = () =>
      launchOf(
        (xml) =>
          xml.replace(
            '<imsss:limitConditions attemptAbsoluteDurationLimit="PT5M"/>',
            '<imsss:sequencingRules><imsss:preConditionRule><imsss:ruleConditions><imsss:ruleCondition condition="timeLimitExceeded"/></imsss:ruleConditions><imsss:ruleAction action="skip"/></imsss:preConditionRule></imsss:sequencingRules><imsss:limitConditions attemptAbsoluteDurationLimit="PT5M"/>',
          ),
        "timed-2004",
      );

    /** A fresh attempt: step one completed, the flow delivers step two. */
    function atStepTwo() {
      const run = bridgeWith(null, launch);
      run.bridge.sequencer!.beginSession(null);
      run.bridge.prepare("step1", undefined);
      runSco(run.api, { "cmi.completion_status": "completed", "cmi.exit": "normal" }, "continue");
      expect(currentOf(run.api)).toBe("step2");
      run.bridge.prepare("step2", undefined);
      run.api.Initialize("");
      return run;
    }

    it("its sessions add up across a suspend and a resume; ended within its time, it is delivered again as a new attempt", () => {
      clockAt("2026-11-27T10:00:00Z");
      const first = atStepTwo();
      wait(180);
      first.api.SetValue("cmi.exit", "suspend");
      first.api.SetValue("adl.nav.request", "suspendAll");
      first.api.Terminate("");
      expect(step2Of(first.drafts.at(-1))).toMatchObject({ attemptCount: 1, attemptExperiencedDuration: "PT0H3M0S" });

      // The next day: the time between the visits does not count.
      wait(86_400);
      const second = bridgeWith(first.drafts.at(-1)!.sequencing!, launch);
      expect(second.bridge.sequencer!.beginSession(null)).toEqual({ scoId: "step2", resumed: true });
      second.bridge.prepare("step2", { entry: "resume" });
      second.api.Initialize("");
      wait(90);
      second.api.SetValue("cmi.completion_status", "completed");
      second.api.SetValue("cmi.exit", "normal");
      second.api.SetValue("adl.nav.request", "continue");
      second.api.Terminate("");
      expect(currentOf(second.api)).toBe("step3");
      expect(step2Of(second.drafts.at(-1))).toMatchObject({ attemptCount: 1, attemptExperiencedDuration: "PT0H4M30S" });
      expect(second.bridge.sequencer!.closedActivities()).toEqual({});

      second.bridge.prepare("step3", undefined);
      runSco(second.api, { "cmi.exit": "normal" }, "{target=step2}choice");
      expect(currentOf(second.api)).toBe("step2");
      expect(step2Of(second.drafts.at(-1))).toMatchObject({ attemptCount: 2, attemptExperiencedDuration: "PT0H0M0S" });
    });

    it("past its time it is closed, with the reason, and neither the flow, a choice nor a relaunch delivers it", () => {
      clockAt("2026-11-27T10:00:00Z");
      const first = atStepTwo();
      wait(360);
      first.api.SetValue("cmi.completion_status", "completed");
      first.api.SetValue("cmi.exit", "normal");
      first.api.SetValue("adl.nav.request", "previous");
      first.api.Terminate("");
      expect(currentOf(first.api)).toBe("step1");
      expect(step2Of(first.drafts.at(-1))).toMatchObject({ attemptCount: 1, attemptExperiencedDuration: "PT0H6M0S" });
      expect(first.bridge.sequencer!.closedActivities()).toEqual({ step2: "Time is up (5 min allowed)" });

      // The flow stops at it (the way on is a choice of step three, or Exit): the player's Continue is
      // refused, and so is the SCO's own; a choice of it is refused too.
      first.bridge.prepare("step1", undefined);
      first.api.Initialize("");
      expect(first.bridge.sequencer!.previewFlow("continue")).toBe("blocked");
      first.api.SetValue("adl.nav.request", "continue");
      first.api.Terminate("");
      expect(currentOf(first.api)).toBe("step1");
      first.bridge.prepare("step1", undefined);
      runSco(first.api, { "cmi.exit": "normal" }, "{target=step2}choice");
      expect(currentOf(first.api)).toBe("step1");
      first.bridge.prepare("step1", undefined);
      runSco(first.api, { "cmi.exit": "suspend" }, "suspendAll");

      // Another visit, from the stored tree: still closed, still refused.
      const second = bridgeWith(first.drafts.at(-1)!.sequencing!, launch);
      expect(second.bridge.sequencer!.beginSession(null)).toEqual({ scoId: "step1", resumed: true });
      expect(second.bridge.sequencer!.closedActivities()).toEqual({ step2: "Time is up (5 min allowed)" });
      second.bridge.prepare("step1", { entry: "resume" });
      runSco(second.api, { "cmi.exit": "normal" }, "{target=step2}choice");
      expect(currentOf(second.api)).toBe("step1");
      expect(second.bridge.sequencer!.sequenceFlow("continue")).toBeNull();
      second.bridge.sequencer!.sequenceChoice("step3");
      expect(currentOf(second.api)).toBe("step3");
    });

    it("a timeLimitExceeded rule reads the same time: a skip rule lets the flow pass a step whose time is up", () => {
      clockAt("2026-11-27T10:00:00Z");
      const { bridge, api } = bridgeWith(null, skipping());
      bridge.sequencer!.beginSession(null);
      bridge.prepare("step1", undefined);
      runSco(api, { "cmi.completion_status": "completed", "cmi.exit": "normal" }, "continue");
      bridge.prepare("step2", undefined);
      api.Initialize("");
      wait(360);
      api.SetValue("cmi.exit", "normal");
      api.SetValue("adl.nav.request", "previous");
      api.Terminate("");
      expect(currentOf(api)).toBe("step1");
      bridge.prepare("step1", undefined);
      runSco(api, { "cmi.exit": "normal" }, "continue");
      expect(currentOf(api)).toBe("step3");
    });

    it("a timeLimitExceeded rule does not count time spent elsewhere: within its time the step is delivered", () => {
      clockAt("2026-11-27T10:00:00Z");
      const { bridge, api } = bridgeWith(null, skipping());
      bridge.sequencer!.beginSession(null);
      bridge.prepare("step1", undefined);
      runSco(api, { "cmi.completion_status": "completed", "cmi.exit": "normal" }, "continue");
      bridge.prepare("step2", undefined);
      api.Initialize("");
      wait(120);
      api.SetValue("cmi.exit", "normal");
      api.SetValue("adl.nav.request", "previous");
      api.Terminate("");
      // Ten minutes in step one: step two's attempt used two of its five.
      bridge.prepare("step1", undefined);
      api.Initialize("");
      wait(600);
      api.SetValue("adl.nav.request", "continue");
      api.Terminate("");
      expect(currentOf(api)).toBe("step2");
    });
  });

  it("a question pool draws two of four questions in a random order once, and keeps them across visits", () => {
    const launch = launchOf(undefined, "pool-2004");
    type Pool = { selectedChildIds: string[]; childOrder: string[] };
    const poolOf = (api: Scorm2004API) =>
      (
        JSON.parse(api.serializeSequencingState()) as {
          sequencing: { activityStates: { pool: { selectionRandomizationState: Pool } } };
        }
      ).sequencing.activityStates.pool.selectionRandomizationState;
    const questions = ["q1", "q2", "q3", "q4"];
    const draws = new Set<string>();
    for (let visit = 0; visit < 12; visit++) {
      const first = bridgeWith(null, launch);
      const start = first.bridge.sequencer!.beginSession(null)!;
      const pool = poolOf(first.api);
      expect(pool.selectedChildIds).toHaveLength(2);
      expect([...pool.childOrder].sort()).toEqual(questions);
      // The first question delivered is the first drawn one in the drawn order; the next is the other one.
      const drawn = pool.childOrder.filter((id) => pool.selectedChildIds.includes(id));
      expect(start.scoId).toBe(drawn[0]);
      draws.add(drawn.join(","));
      first.bridge.prepare(start.scoId, undefined);
      runSco(first.api, { "cmi.completion_status": "completed", "cmi.exit": "normal" }, "continue");
      expect(currentOf(first.api)).toBe(drawn[1]);
      first.bridge.prepare(drawn[1]!, undefined);
      runSco(first.api, { "cmi.exit": "suspend" }, "suspendAll");

      // The next visit resumes the second drawn question, with the same draw: nothing is drawn again.
      const second = bridgeWith(first.drafts.at(-1)!.sequencing!, launch);
      expect(second.bridge.sequencer!.beginSession(null)).toEqual({ scoId: drawn[1], resumed: true });
      expect(poolOf(second.api)).toEqual(pool);
    }
    // Twelve draws of an ordered pair out of twelve possible: the same one every time would not be random.
    expect(draws.size).toBeGreaterThan(1);
  });
});
