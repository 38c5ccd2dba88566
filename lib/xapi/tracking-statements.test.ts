import { describe, expect, it } from "vitest";
import {
  certificateEarnedStatement,
  courseCompletedStatement,
  lessonCompletedStatement,
  scormAttemptStatement,
  scormEvents,
  trackingStatementId,
  type ScormAttemptFacts,
  type ScormCommitChange,
} from "@/lib/xapi/tracking-statements";
import { validateStatement } from "@/lib/xapi/validate";

const ORIGIN = "https://acme.lms.example.com";
const learner = {
  userId: "0190a000-0000-7000-8000-000000000001",
  enrollmentId: "0190a000-0000-7000-8000-000000000002",
};
const course = { id: "0190a000-0000-7000-8000-000000000003", title: "Fire safety" };
const lesson = { id: "0190a000-0000-7000-8000-000000000004", title: "Extinguishers" };
const attempt = { id: "0190a000-0000-7000-8000-000000000005", number: 2 };
const at = new Date("2026-12-02T10:00:00.000Z");

const courseActivity = {
  objectType: "Activity",
  id: "urn:lms:course:0190a000-0000-7000-8000-000000000003",
  definition: { type: "http://adlnet.gov/expapi/activities/course", name: { "en-US": "Fire safety" } },
};
const lessonActivity = {
  objectType: "Activity",
  id: "urn:lms:lesson:0190a000-0000-7000-8000-000000000004",
  definition: { type: "http://adlnet.gov/expapi/activities/lesson", name: { "en-US": "Extinguishers" } },
};
const actor = { objectType: "Agent", account: { homePage: ORIGIN, name: learner.userId } };
const baseContext = { registration: learner.enrollmentId, platform: "Learning Management" };

const scormFacts: ScormAttemptFacts = {
  learner,
  course,
  lesson,
  attempt,
  at,
  outcome: { completed: true, successStatus: "passed", scoreScaled: 0.85, totalTimeSeconds: 754.3 },
};

/** Valid in both versions the LRS speaks (the LMS writes 1.0.3; clients read either). */
function expectValid(statement: unknown) {
  expect(() => validateStatement(statement, "1.0")).not.toThrow();
  expect(() => validateStatement(statement, "2.0")).not.toThrow();
}

describe("tracking statements", () => {
  it("a SCORM attempt's statement follows the SCORM profile: lesson object, course and attempt grouping, profile category", () => {
    const statement = scormAttemptStatement(ORIGIN, scormFacts, { verb: "passed", scoId: "sco1", sequence: 7 });
    expect(statement).toEqual({
      id: trackingStatementId("scorm-attempt:0190a000-0000-7000-8000-000000000005:passed:sco1:7"),
      timestamp: "2026-12-02T10:00:00.000Z",
      actor,
      verb: { id: "http://adlnet.gov/expapi/verbs/passed", display: { "en-US": "passed" } },
      object: lessonActivity,
      result: { success: true, score: { scaled: 0.85 } },
      context: {
        ...baseContext,
        contextActivities: {
          parent: [courseActivity],
          grouping: [
            courseActivity,
            {
              objectType: "Activity",
              id: "urn:lms:scorm-attempt:0190a000-0000-7000-8000-000000000005",
              definition: {
                type: "http://adlnet.gov/expapi/activities/attempt",
                name: { "en-US": "Attempt 2 of Extinguishers" },
              },
            },
          ],
          category: [
            {
              objectType: "Activity",
              id: "https://w3id.org/xapi/scorm",
              definition: { type: "http://adlnet.gov/expapi/activities/profile" },
            },
          ],
        },
      },
    });
    expectValid(statement);
  });

  it("every SCORM verb makes a valid statement with the result the profile asks for", () => {
    const cases = [
      [{ verb: "initialized" }, "http://adlnet.gov/expapi/verbs/initialized", undefined],
      [
        { verb: "completed" },
        "http://adlnet.gov/expapi/verbs/completed",
        { success: true, completion: true, score: { scaled: 0.85 }, duration: "PT754.3S" },
      ],
      [
        { verb: "failed", scoId: "sco1", sequence: 3 },
        "http://adlnet.gov/expapi/verbs/failed",
        { success: false, score: { scaled: 0.85 } },
      ],
      [
        { verb: "terminated", scoId: "sco1", sequence: 9 },
        "http://adlnet.gov/expapi/verbs/terminated",
        { success: true, completion: true, score: { scaled: 0.85 }, duration: "PT754.3S" },
      ],
      [
        { verb: "suspended", scoId: "sco2", sequence: 4 },
        "http://adlnet.gov/expapi/verbs/suspended",
        { success: true, completion: true, score: { scaled: 0.85 }, duration: "PT754.3S" },
      ],
    ] as const;
    for (const [event, verbId, result] of cases) {
      const statement = scormAttemptStatement(ORIGIN, scormFacts, event);
      expect((statement.verb as { id: string }).id).toBe(verbId);
      expect(statement.result).toEqual(result);
      expectValid(statement);
    }
  });

  it("an unfinished attempt's end says nothing it does not know", () => {
    const statement = scormAttemptStatement(
      ORIGIN,
      {
        ...scormFacts,
        outcome: { completed: false, successStatus: "unknown", scoreScaled: null, totalTimeSeconds: 0 },
      },
      { verb: "suspended", scoId: "sco1", sequence: 2 },
    );
    expect(statement.result).toBeUndefined();
    expectValid(statement);
  });

  it("a score or time xAPI cannot carry is left out, and the statement stays valid", () => {
    const odd = { completed: true, successStatus: "passed", scoreScaled: 1.5, totalTimeSeconds: Number.NaN };
    const statement = scormAttemptStatement(ORIGIN, { ...scormFacts, outcome: odd }, { verb: "completed" });
    expect(statement.result).toEqual({ success: true, completion: true });
    expectValid(statement);
    const below = { ...odd, scoreScaled: -2, totalTimeSeconds: -5 };
    const failed = scormAttemptStatement(
      ORIGIN,
      { ...scormFacts, outcome: below },
      { verb: "failed", scoId: "a", sequence: 1 },
    );
    expect(failed.result).toEqual({ success: false });
    expectValid(failed);
  });

  it("lesson completion, course completion and a certificate", () => {
    const lessonDone = lessonCompletedStatement(ORIGIN, {
      learner,
      course,
      lesson,
      completedAt: at,
      timeSpentSeconds: 90,
    });
    expect(lessonDone).toEqual({
      id: trackingStatementId(
        "lesson:0190a000-0000-7000-8000-000000000004:enrollment:0190a000-0000-7000-8000-000000000002:completed:2026-12-02T10:00:00.000Z",
      ),
      timestamp: "2026-12-02T10:00:00.000Z",
      actor,
      verb: { id: "http://adlnet.gov/expapi/verbs/completed", display: { "en-US": "completed" } },
      object: lessonActivity,
      result: { completion: true, duration: "PT90S" },
      context: { ...baseContext, contextActivities: { parent: [courseActivity] } },
    });
    const courseDone = courseCompletedStatement(ORIGIN, { learner, course, completedAt: at });
    expect(courseDone).toEqual({
      id: trackingStatementId("enrollment:0190a000-0000-7000-8000-000000000002:completed:2026-12-02T10:00:00.000Z"),
      timestamp: "2026-12-02T10:00:00.000Z",
      actor,
      verb: { id: "http://adlnet.gov/expapi/verbs/completed", display: { "en-US": "completed" } },
      object: courseActivity,
      result: { completion: true },
      context: baseContext,
    });
    const earned = certificateEarnedStatement(ORIGIN, {
      learner,
      course,
      certificateId: "0190a000-0000-7000-8000-000000000006",
      issuedAt: at,
    });
    expect(earned).toEqual({
      id: trackingStatementId("certificate:0190a000-0000-7000-8000-000000000006:earned"),
      timestamp: "2026-12-02T10:00:00.000Z",
      actor,
      verb: { id: "http://id.tincanapi.com/verb/earned", display: { "en-US": "earned" } },
      object: {
        objectType: "Activity",
        id: "urn:lms:certificate:0190a000-0000-7000-8000-000000000006",
        definition: {
          type: "http://id.tincanapi.com/activitytype/certificate",
          name: { "en-US": "Certificate: Fire safety" },
        },
      },
      context: { ...baseContext, contextActivities: { parent: [courseActivity] } },
    });
    for (const statement of [lessonDone, courseDone, earned]) expectValid(statement);
  });

  it("ids are UUIDs of the event: the same event the same id, another event another", () => {
    // Fixed forever: a changed namespace or name would store every event a second time. (The value is
    // Python's uuid.uuid5 of the same namespace and name.)
    expect(trackingStatementId("certificate:0190a000-0000-7000-8000-000000000006:earned")).toBe(
      "5174c56c-0323-5574-a757-50a1f1ce3456",
    );
    const once = scormAttemptStatement(ORIGIN, scormFacts, { verb: "terminated", scoId: "sco1", sequence: 9 });
    const again = scormAttemptStatement(
      ORIGIN,
      { ...scormFacts, at: new Date() },
      { verb: "terminated", scoId: "sco1", sequence: 9 },
    );
    const later = scormAttemptStatement(ORIGIN, scormFacts, { verb: "terminated", scoId: "sco1", sequence: 12 });
    expect(again.id).toBe(once.id);
    expect(later.id).not.toBe(once.id);
    expect(once.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe("scormEvents", () => {
  const change = (over: Partial<ScormCommitChange>): ScormCommitChange => ({
    before: { completed: false, successStatus: "unknown" },
    after: { completed: false, successStatus: "unknown" },
    terminated: false,
    exit: null,
    scoId: "sco1",
    sequence: 5,
    ...over,
  });

  it("the common commit (no transition) has none", () => {
    expect(scormEvents(change({}))).toEqual([]);
    expect(
      scormEvents(
        change({
          before: { completed: true, successStatus: "passed" },
          after: { completed: true, successStatus: "passed" },
        }),
      ),
    ).toEqual([]);
  });

  it("passing completes; a failure is reported once; the session's end is terminated or suspended", () => {
    expect(scormEvents(change({ after: { completed: true, successStatus: "passed" }, terminated: true }))).toEqual([
      { verb: "passed", scoId: "sco1", sequence: 5 },
      { verb: "completed" },
      { verb: "terminated", scoId: "sco1", sequence: 5 },
    ]);
    expect(scormEvents(change({ after: { completed: false, successStatus: "failed" } }))).toEqual([
      { verb: "failed", scoId: "sco1", sequence: 5 },
    ]);
    expect(
      scormEvents(
        change({
          before: { completed: false, successStatus: "failed" },
          after: { completed: false, successStatus: "failed" },
          terminated: true,
          exit: "suspend",
        }),
      ),
    ).toEqual([{ verb: "suspended", scoId: "sco1", sequence: 5 }]);
  });
});
