import { describe, expect, it } from "vitest";
import { auSatisfied, newlySatisfied } from "@/lib/cmi5/move-on";
import { parseCourseStructure } from "@/lib/cmi5/course-structure";
import { checkSessionStatement, Cmi5Refused, type SessionView } from "@/lib/cmi5/statement-rules";

const actor = { objectType: "Agent", account: { homePage: "https://acme.example.com", name: "u1" } };
const session = (over: Partial<SessionView> = {}): SessionView => ({
  sessionId: "s-1",
  registration: "r-1",
  activityId: "urn:lms:cmi5:c:au:0",
  publisherId: "https://example.com/au/1",
  actorKey: "account:https://acme.example.com u1",
  launchMode: "Normal",
  masteryScore: 0.8,
  initialized: true,
  preferencesRead: true,
  judged: false,
  au: {},
  ...over,
});

const CMI5 = "https://w3id.org/xapi/cmi5/context/categories/cmi5";
const MOVEON = "https://w3id.org/xapi/cmi5/context/categories/moveon";
const VERBS: Record<string, string> = {
  initialized: "http://adlnet.gov/expapi/verbs/initialized",
  completed: "http://adlnet.gov/expapi/verbs/completed",
  passed: "http://adlnet.gov/expapi/verbs/passed",
  failed: "http://adlnet.gov/expapi/verbs/failed",
  terminated: "http://adlnet.gov/expapi/verbs/terminated",
  experienced: "http://adlnet.gov/expapi/verbs/experienced",
};

function statement(verb: string, result?: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const judged = ["completed", "passed", "failed"].includes(verb);
  const defined = verb !== "experienced";
  return {
    id: "0b8d9f2e-8d2a-4c8e-9f55-0d3f3c7b6a11",
    timestamp: "2026-12-02T10:00:00.000Z",
    actor,
    verb: { id: VERBS[verb] },
    object: { id: "urn:lms:cmi5:c:au:0" },
    ...(result ? { result } : {}),
    context: {
      registration: "r-1",
      contextActivities: {
        category: defined ? [{ id: CMI5 }, ...(judged ? [{ id: MOVEON }] : [])] : [],
        grouping: [{ id: "https://example.com/au/1" }],
      },
      extensions: {
        "https://w3id.org/xapi/cmi5/context/extensions/sessionid": "s-1",
        ...(verb === "passed" || verb === "failed"
          ? { "https://w3id.org/xapi/cmi5/context/extensions/masteryscore": 0.8 }
          : {}),
      },
    },
    ...extra,
  };
}

function refusal(view: SessionView, st: Record<string, unknown>): string {
  try {
    checkSessionStatement(view, st);
  } catch (error) {
    if (error instanceof Cmi5Refused) return error.requirement;
    throw error;
  }
  return "accepted";
}

describe("checkSessionStatement", () => {
  it("accepts the session's statements in order and names their verbs", () => {
    expect(checkSessionStatement(session({ initialized: false }), statement("initialized"))).toBe("initialized");
    expect(checkSessionStatement(session(), statement("completed", { completion: true, duration: "PT1S" }))).toBe(
      "completed",
    );
    const score = { scaled: 0.9, raw: 90, min: 0, max: 100 };
    expect(checkSessionStatement(session(), statement("passed", { success: true, duration: "PT1S", score }))).toBe(
      "passed",
    );
    expect(checkSessionStatement(session(), statement("terminated", { duration: "PT2S" }))).toBe("terminated");
    expect(checkSessionStatement(session(), statement("experienced"))).toBeNull();
  });

  it("refuses what the spec forbids, naming the rule", () => {
    expect(refusal(session({ initialized: false }), statement("experienced"))).toBe("9.3.0.0-4");
    expect(refusal(session(), statement("initialized"))).toBe("9.3.2.0-3");
    expect(refusal(session({ initialized: false, preferencesRead: false }), statement("initialized"))).toBe(
      "11.0.0.0-3",
    );
    expect(refusal(session(), statement("completed", { completion: true }))).toBe("9.5.4.1-1");
    expect(
      refusal(session({ au: { completed: true } }), statement("completed", { completion: true, duration: "PT1S" })),
    ).toBe("9.3.0.0-6");
    expect(refusal(session(), statement("passed", { success: true, duration: "PT1S", score: { scaled: 0.7 } }))).toBe(
      "9.3.4.0-2",
    );
    expect(refusal(session(), statement("failed", { success: false, duration: "PT1S", score: { scaled: 0.8 } }))).toBe(
      "9.3.5.0-2",
    );
    expect(refusal(session({ au: { passed: true } }), statement("failed", { success: false, duration: "PT1S" }))).toBe(
      "9.3.0.0-8",
    );
    expect(
      refusal(session({ launchMode: "Browse" }), statement("completed", { completion: true, duration: "PT1S" })),
    ).toBe("10.2.2.0-1");
    expect(refusal(session(), statement("experienced", undefined, { timestamp: "2026-12-02T10:00:00-06:00" }))).toBe(
      "9.7.0.0-2",
    );
    const other = { ...actor, account: { ...actor.account, name: "u2" } };
    expect(refusal(session(), statement("experienced", undefined, { actor: other }))).toBe("9.2.0.0-1");
    expect(
      refusal(
        session(),
        statement("experienced", undefined, { verb: { id: "http://adlnet.gov/expapi/verbs/voided" } }),
      ),
    ).toBe("6.3.0.0-1");
  });
});

describe("moveOn", () => {
  const structure = parseCourseStructure(
    `<courseStructure><course id="https://e.com/c"><title><langstring>C</langstring></title><description><langstring>d</langstring></description></course>
      <block id="https://e.com/b"><title><langstring>B</langstring></title>
        <au id="https://e.com/a0" moveOn="Passed"><title><langstring>A0</langstring></title><url>https://e.com/0</url></au>
      </block>
      <au id="https://e.com/a1" moveOn="NotApplicable"><title><langstring>A1</langstring></title><url>https://e.com/1</url></au>
    </courseStructure>`,
    null,
  );

  it("satisfies an AU by its criterion or a waiver", () => {
    expect(auSatisfied({ moveOn: "CompletedOrPassed" }, { passed: true })).toBe(true);
    expect(auSatisfied({ moveOn: "CompletedAndPassed" }, { passed: true })).toBe(false);
    expect(auSatisfied({ moveOn: "Completed" }, { waived: true })).toBe(true);
  });

  it("reports the block, then the course, once each", () => {
    expect(newlySatisfied(structure, {}, new Set())).toEqual([]);
    expect(newlySatisfied(structure, { 0: { passed: true } }, new Set())).toEqual([
      { kind: "block", index: 0, publisherId: "https://e.com/b" },
      { kind: "course", publisherId: "https://e.com/c" },
    ]);
    expect(newlySatisfied(structure, { 0: { passed: true } }, new Set(["https://e.com/b", "https://e.com/c"]))).toEqual(
      [],
    );
  });
});
