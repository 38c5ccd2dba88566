import { describe, expect, it } from "vitest";
import {
  buildPreloadCmi,
  comparableSequencingState,
  decideAfterTerminate,
  firstScoId,
  parseNavRequest,
  pendingSequencingState,
  prepareRevisitCmi,
  scoUrl,
  withPendingCommits,
} from "@/lib/scorm/runtime/runtime-settings";
import type { ManifestItem, ScormLaunch } from "@/lib/scorm/types";

function item(overrides: Partial<ManifestItem> = {}): ManifestItem {
  return {
    identifier: "item1",
    title: "Item",
    resourceId: "r1",
    launch: "shared/launchpage.html",
    scormType: "sco",
    isVisible: true,
    masteryScore: null,
    dataFromLms: null,
    maxTimeAllowed: null,
    timeLimitAction: null,
    completionThreshold: null,
    scaledPassingScore: null,
    objectives: [],
    sharedData: [],
    children: [],
    ...overrides,
  };
}

function launch(
  version: ScormLaunch["version"],
  items: ManifestItem[],
  attempt: Partial<NonNullable<ScormLaunch["attempt"]>> | null = {},
): ScormLaunch {
  return {
    lessonId: "l",
    courseId: "c",
    packageId: "p",
    version,
    content: {
      origin: "http://acme.content.localhost",
      runtimeUrl: "http://acme.content.localhost/scorm/runtime/t",
      filesUrl: "http://acme.content.localhost/scorm/files/t/",
      commitUrl: null,
    },
    scos: items.map((i) => ({ identifier: i.identifier, title: i.title, launch: i.launch ?? "", depth: 0 })),
    manifest: {
      identifier: "m",
      version,
      title: "M",
      organization: { identifier: "o", title: "O", items },
      resources: [],
      sequencing: null,
      globalObjectiveIds: [],
    },
    attempt:
      attempt === null
        ? null
        : {
            attemptId: "a",
            attemptNumber: 1,
            mode: "normal",
            lastSequence: 0,
            lastScoId: null,
            scoStatus: {},
            scoCmi: {},
            globals: {},
            sequencing: null,
            playerGeneration: 0,
            ...attempt,
          },
    learner: { id: "u1", name: "Doe, Jane" },
  };
}

describe("buildPreloadCmi", () => {
  it("1.2: learner, normal/credit, ab-initio and the mastery score", () => {
    const i = item({ masteryScore: 70, dataFromLms: "x=1" });
    expect(buildPreloadCmi(launch("scorm12", [i]), i, undefined)).toEqual({
      core: {
        student_id: "u1",
        student_name: "Doe, Jane",
        lesson_mode: "normal",
        credit: "credit",
        entry: "ab-initio",
      },
      student_data: { mastery_score: "70" },
      launch_data: "x=1",
    });
  });

  it("1.2: keeps the saved state the server prepared for resume", () => {
    const i = item();
    const cmi = buildPreloadCmi(launch("scorm12", [i], { mode: "review" }), i, {
      core: { entry: "resume", lesson_location: "4", lesson_status: "incomplete" },
      suspend_data: "abc",
    });
    expect(cmi).toMatchObject({
      core: {
        entry: "resume",
        lesson_location: "4",
        lesson_status: "incomplete",
        lesson_mode: "review",
        credit: "no-credit",
      },
      suspend_data: "abc",
    });
  });

  it("2004: passing score, completion threshold and the item's objectives, without duplicating saved ones", () => {
    const i = item({
      scaledPassingScore: 0.8,
      completionThreshold: { completedByMeasure: true, minProgressMeasure: 0.5, progressWeight: 1 },
      objectives: [
        { id: "PRIMARYOBJ", primary: true, satisfiedByMeasure: true, minNormalizedMeasure: 0.8 },
        { id: "obj_playing", primary: false, satisfiedByMeasure: false, minNormalizedMeasure: null },
      ],
    });
    const cmi = buildPreloadCmi(launch("scorm2004_3rd", [i]), i, {
      location: "2",
      objectives: [{ id: "obj_playing", success_status: "passed" }],
    });
    expect(cmi).toMatchObject({
      learner_id: "u1",
      mode: "normal",
      credit: "credit",
      entry: "",
      location: "2",
      scaled_passing_score: "0.8",
      completion_threshold: "0.5",
    });
    expect(cmi.objectives).toEqual([{ id: "obj_playing", success_status: "passed" }, { id: "PRIMARYOBJ" }]);
  });

  it("2004 review attempts are review/no-credit; mode is never empty", () => {
    const i = item();
    expect(buildPreloadCmi(launch("scorm2004_4th", [i], { mode: "review" }), i, undefined)).toMatchObject({
      mode: "review",
      credit: "no-credit",
      entry: "ab-initio",
    });
    expect(buildPreloadCmi(launch("scorm2004_4th", [i], null), i, undefined)).toMatchObject({
      mode: "normal",
      credit: "credit",
    });
  });
});

describe("prepareRevisitCmi", () => {
  it("resumes a suspended SCO without its session time", () => {
    expect(prepareRevisitCmi("scorm2004_4th", { exit: "suspend", location: "3", session_time: "PT5S" })).toEqual({
      entry: "resume",
      location: "3",
    });
    expect(
      prepareRevisitCmi("scorm12", { core: { exit: "suspend", lesson_location: "3", session_time: "00:00:05" } }),
    ).toEqual({ core: { entry: "resume", lesson_location: "3" } });
  });

  it("starts a new 2004 SCO attempt after a normal exit; 1.2 keeps its data", () => {
    expect(prepareRevisitCmi("scorm2004_3rd", { exit: "", location: "3" })).toBeUndefined();
    expect(prepareRevisitCmi("scorm12", { core: { exit: "", lesson_status: "completed" } })).toEqual({
      core: { entry: "", lesson_status: "completed" },
    });
  });
});

describe("navigation", () => {
  const ids = ["a", "b", "c"];

  it("parses the requests of adl.nav.request", () => {
    expect(parseNavRequest("{target=assessment_item}jump")).toEqual({ kind: "jump", target: "assessment_item" });
    expect(parseNavRequest("{target=b}choice")).toEqual({ kind: "choice", target: "b" });
    expect(parseNavRequest("suspendAll")).toEqual({ kind: "suspendAll" });
    expect(parseNavRequest("_none_")).toEqual({ kind: "none" });
    expect(parseNavRequest(undefined)).toEqual({ kind: "none" });
  });

  it("decides where to go after Terminate", () => {
    expect(decideAfterTerminate({ kind: "continue" }, ids, "a", null)).toEqual({ kind: "open", scoId: "b" });
    expect(decideAfterTerminate({ kind: "continue" }, ids, "c", null)).toEqual({ kind: "stay" });
    expect(decideAfterTerminate({ kind: "previous" }, ids, "a", null)).toEqual({ kind: "stay" });
    expect(decideAfterTerminate({ kind: "jump", target: "c" }, ids, "a", null)).toEqual({ kind: "open", scoId: "c" });
    expect(decideAfterTerminate({ kind: "choice", target: "zz" }, ids, "a", null)).toEqual({ kind: "stay" });
    expect(decideAfterTerminate({ kind: "suspendAll" }, ids, "a", "b")).toEqual({ kind: "leave", ended: false });
    expect(decideAfterTerminate({ kind: "exitAll" }, ids, "a", null)).toEqual({ kind: "leave", ended: true });
    expect(decideAfterTerminate({ kind: "abandonAll" }, ids, "a", null)).toEqual({ kind: "leave", ended: true });
    expect(decideAfterTerminate({ kind: "none" }, ids, "a", null)).toEqual({ kind: "stay" });
  });

  it("never opens a SCO closed by its attempt limit, unless the sequencer itself delivered it", () => {
    const closed = new Set(["b"]);
    expect(decideAfterTerminate({ kind: "choice", target: "b" }, ids, "a", null, closed)).toEqual({ kind: "stay" });
    expect(decideAfterTerminate({ kind: "continue" }, ids, "a", null, closed)).toEqual({ kind: "stay" });
    expect(decideAfterTerminate({ kind: "continue" }, ids, "a", "c", closed)).toEqual({ kind: "open", scoId: "c" });
  });

  it("follows the activity scorm-again's sequencer delivered", () => {
    expect(decideAfterTerminate({ kind: "continue" }, ids, "a", "c")).toEqual({ kind: "open", scoId: "c" });
  });

  it("starts at the attempt's last SCO and builds the launch URL", () => {
    const items = [item({ identifier: "a" }), item({ identifier: "b", launch: "shared/launchpage.html?content=b" })];
    expect(firstScoId(launch("scorm2004_4th", items, { lastScoId: "b" }))).toBe("b");
    expect(firstScoId(launch("scorm2004_4th", items, { lastScoId: "gone" }))).toBe("a");
    expect(scoUrl(launch("scorm2004_4th", items), "b")).toBe(
      "http://acme.content.localhost/scorm/files/t/shared/launchpage.html?content=b",
    );
  });

  it("restores the newest activity-tree state a page left unsent, else the server's", () => {
    const items = [item({ identifier: "a" })];
    const fromServer = launch("scorm2004_4th", items, { sequencing: { v: "server" } });
    const commit = (sequence: number, extra: Record<string, unknown>) => ({
      attemptId: "a",
      sequence,
      scoId: "a",
      terminated: false,
      ...extra,
    });
    expect(pendingSequencingState(fromServer, [])).toEqual({ v: "server" });
    expect(
      pendingSequencingState(fromServer, [
        commit(7, { sequencing: { v: "seven" } }),
        commit(9, { sequencing: { v: "nine" } }),
        commit(10, { cmi: { location: "p3" } }),
      ]),
    ).toEqual({ v: "nine" });
    // A state-only commit has no CMI: the SCO's saved CMI stays the server's.
    expect(withPendingCommits(fromServer, [commit(9, { sequencing: { v: "nine" } })])).toEqual({});
  });

  it("compares serialized activity trees without the moment they were serialized", () => {
    const at = (time: string) =>
      JSON.stringify({
        version: "1.0",
        timestamp: time,
        sequencing: { timestamp: time, currentActivity: "a" },
        suspensionState: { timestamp: time, currentActivityId: "a" },
      });
    expect(comparableSequencingState(at("2026-11-27T10:00:00.000Z"))).toBe(
      comparableSequencingState(at("2026-11-27T11:30:00.000Z")),
    );
    expect(comparableSequencingState(at("2026-11-27T10:00:00.000Z"))).toBe(
      '{"version":"1.0","sequencing":{"currentActivity":"a"},"suspensionState":{"currentActivityId":"a"}}',
    );
  });
});
