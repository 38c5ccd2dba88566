import { describe, expect, it } from "vitest";
import { questionContentSchema } from "@/lib/schemas/questions";
import {
  marksScore,
  quizAttemptRescoredStatements,
  quizAttemptStartedStatement,
  quizAttemptSubmittedStatements,
  type QuizAnswerFacts,
  type QuizAttemptFacts,
} from "@/lib/xapi/quiz-statements";
import { trackingStatementId } from "@/lib/xapi/tracking-statements";
import { validateStatement } from "@/lib/xapi/validate";

const ORIGIN = "https://acme.lms.example.com";
const ATTEMPT = "0190a000-0000-7000-8000-000000000005";
const facts: QuizAttemptFacts = {
  learner: { userId: "0190a000-0000-7000-8000-000000000001", enrollmentId: "0190a000-0000-7000-8000-000000000002" },
  course: { id: "0190a000-0000-7000-8000-000000000003", title: "Fire safety" },
  lesson: { id: "0190a000-0000-7000-8000-000000000004", title: "Final check" },
  attempt: { id: ATTEMPT, number: 2 },
  passMarkPercent: 60,
};
const at = new Date("2026-12-02T10:00:00.000Z");
const VERB = "http://adlnet.gov/expapi/verbs/";

const course = {
  objectType: "Activity",
  id: "urn:lms:course:0190a000-0000-7000-8000-000000000003",
  definition: { type: "http://adlnet.gov/expapi/activities/course", name: { "en-US": "Fire safety" } },
};
const lesson = {
  objectType: "Activity",
  id: "urn:lms:lesson:0190a000-0000-7000-8000-000000000004",
  definition: { type: "http://adlnet.gov/expapi/activities/lesson", name: { "en-US": "Final check" } },
};
const attempt = {
  objectType: "Activity",
  id: `urn:lms:quiz-attempt:${ATTEMPT}`,
  definition: { type: "http://adlnet.gov/expapi/activities/attempt", name: { "en-US": "Attempt 2 of Final check" } },
};

const trueFalse: QuizAnswerFacts = {
  position: 1,
  questionId: "0190a000-0000-7000-8000-0000000000a1",
  content: questionContentSchema.parse({ type: "true_false", name: "TF", stem: "<p>Flat?</p>", correct: false }),
  response: { value: false },
  maxMark: 2,
  marks: 2,
};
const essay: QuizAnswerFacts = {
  position: 2,
  questionId: "0190a000-0000-7000-8000-0000000000a2",
  content: questionContentSchema.parse({ type: "essay", name: "E", stem: "<p>Discuss.</p>" }),
  response: { text: "Fire needs air." },
  maxMark: 3,
  marks: null,
};

function expectValid(statements: Record<string, unknown>[]) {
  for (const s of statements) {
    expect(() => validateStatement(s, "1.0")).not.toThrow();
    expect(() => validateStatement(s, "2.0")).not.toThrow();
  }
}
const verbs = (statements: Record<string, unknown>[]) => statements.map((s) => (s.verb as { id: string }).id);

describe("quiz statements", () => {
  it("a start: initialized, the lesson as object, the course as parent, the course and the attempt in grouping", () => {
    const statement = quizAttemptStartedStatement(ORIGIN, facts, at);
    expect(statement).toEqual({
      id: trackingStatementId(`quiz-attempt:${ATTEMPT}:started:initialized`),
      timestamp: "2026-12-02T10:00:00.000Z",
      actor: { objectType: "Agent", account: { homePage: ORIGIN, name: facts.learner.userId } },
      verb: { id: `${VERB}initialized`, display: { "en-US": "initialized" } },
      object: lesson,
      context: {
        registration: facts.learner.enrollmentId,
        platform: "Learning Management",
        contextActivities: { parent: [course], grouping: [course, attempt] },
      },
    });
    expectValid([statement]);
  });

  it("a graded submission: answered per question with response and score, completed with the attempt's result, passed", () => {
    const statements = quizAttemptSubmittedStatements(ORIGIN, facts, {
      at,
      result: { state: "graded", score: 2, maxScore: 3 },
      durationSeconds: 754.3,
      answers: [trueFalse],
    });
    expectValid(statements);
    expect(verbs(statements)).toEqual([`${VERB}answered`, `${VERB}completed`, `${VERB}passed`]);
    const [answered, completed, passed] = statements;
    expect(answered).toMatchObject({
      id: trackingStatementId(`quiz-attempt:${ATTEMPT}:submitted:question:1:answered`),
      object: {
        id: "urn:lms:question:0190a000-0000-7000-8000-0000000000a1",
        definition: { type: "http://adlnet.gov/expapi/activities/cmi.interaction", interactionType: "true-false" },
      },
      result: { response: "false", success: true, score: { scaled: 1, raw: 2, min: 0, max: 2 } },
      context: { contextActivities: { parent: [lesson], grouping: [course, attempt] } },
    });
    expect(completed).toMatchObject({
      id: trackingStatementId(`quiz-attempt:${ATTEMPT}:submitted:completed`),
      object: lesson,
      result: {
        completion: true,
        success: true,
        score: { scaled: 2 / 3, raw: 2, min: 0, max: 3 },
        duration: "PT754.3S",
      },
    });
    expect(passed).toMatchObject({
      id: trackingStatementId(`quiz-attempt:${ATTEMPT}:submitted:passed`),
      result: { success: true, score: { scaled: 2 / 3, raw: 2, min: 0, max: 3 } },
    });
  });

  it("an essay waiting for a person: answered with its response only, completed without a score, no pass or fail yet", () => {
    const statements = quizAttemptSubmittedStatements(ORIGIN, facts, {
      at,
      result: { state: "needs_grading", score: 2, maxScore: 5 },
      durationSeconds: 60,
      answers: [trueFalse, essay],
    });
    expectValid(statements);
    expect(verbs(statements)).toEqual([`${VERB}answered`, `${VERB}answered`, `${VERB}completed`]);
    expect(statements[1]!.result).toEqual({ response: "Fire needs air." });
    expect(statements[2]!.result).toEqual({ completion: true, duration: "PT60S" });
  });

  it("without a pass mark: completed with the score and no success, nothing passed or failed", () => {
    const statements = quizAttemptSubmittedStatements(
      ORIGIN,
      { ...facts, passMarkPercent: null },
      { at, result: { state: "graded", score: 1, maxScore: 4 }, durationSeconds: 0, answers: [] },
    );
    expect(verbs(statements)).toEqual([`${VERB}completed`]);
    expect(statements[0]!.result).toEqual({ completion: true, score: { scaled: 0.25, raw: 1, min: 0, max: 4 } });
  });

  it("an essay graded by a person: the question scored with the grader as instructor, the attempt scored and failed", () => {
    const gradedAt = new Date("2026-12-03T08:00:00.000Z");
    const grader = "0190a000-0000-7000-8000-0000000000ff";
    const statements = quizAttemptRescoredStatements(ORIGIN, facts, {
      event: { kind: "graded", position: 2, at: gradedAt },
      before: { state: "needs_grading", score: 2, maxScore: 5 },
      after: { state: "graded", score: 2.5, maxScore: 5 },
      graded: { answer: { ...essay, marks: 0.5 }, graderId: grader },
    });
    expectValid(statements);
    expect(verbs(statements)).toEqual([`${VERB}scored`, `${VERB}scored`, `${VERB}failed`]);
    const event = `quiz-attempt:${ATTEMPT}:graded:2:2026-12-03T08:00:00.000Z`;
    expect(statements.map((s) => s.id)).toEqual([
      trackingStatementId(`${event}:question:2:scored`),
      trackingStatementId(`${event}:scored`),
      trackingStatementId(`${event}:failed`),
    ]);
    const instructor = { objectType: "Agent", account: { homePage: ORIGIN, name: grader } };
    expect(statements[0]).toMatchObject({
      object: { id: "urn:lms:question:0190a000-0000-7000-8000-0000000000a2" },
      result: { success: false, score: { scaled: 0.5 / 3, raw: 0.5, min: 0, max: 3 } },
      context: { instructor },
    });
    expect(statements[1]).toMatchObject({
      object: lesson,
      result: { success: false, score: { scaled: 0.5, raw: 2.5, min: 0, max: 5 } },
      context: { instructor },
    });
    expect(statements[2]!.result).toEqual({ success: false, score: { scaled: 0.5, raw: 2.5, min: 0, max: 5 } });
  });

  it("a grade while another essay waits: only the question's", () => {
    const statements = quizAttemptRescoredStatements(ORIGIN, facts, {
      event: { kind: "graded", position: 2, at },
      before: { state: "needs_grading", score: 2, maxScore: 8 },
      after: { state: "needs_grading", score: 5, maxScore: 8 },
      graded: { answer: { ...essay, marks: 3 }, graderId: "0190a000-0000-7000-8000-0000000000ff" },
    });
    expect(verbs(statements)).toEqual([`${VERB}scored`]);
    expect(statements[0]!.result).toEqual({ success: true, score: { scaled: 1, raw: 3, min: 0, max: 3 } });
  });

  it("a regrade: nothing when the score stays; scored, and passed when that changes too", () => {
    const regraded = { kind: "regraded" as const, at };
    expect(
      quizAttemptRescoredStatements(ORIGIN, facts, {
        event: regraded,
        before: { state: "graded", score: 2, maxScore: 4 },
        after: { state: "graded", score: 2, maxScore: 4 },
      }),
    ).toEqual([]);
    const statements = quizAttemptRescoredStatements(ORIGIN, facts, {
      event: regraded,
      before: { state: "graded", score: 2, maxScore: 4 },
      after: { state: "graded", score: 3, maxScore: 4 },
    });
    expectValid(statements);
    expect(verbs(statements)).toEqual([`${VERB}scored`, `${VERB}passed`]);
    expect(statements[0]!.id).toBe(
      trackingStatementId(`quiz-attempt:${ATTEMPT}:regraded:2026-12-02T10:00:00.000Z:scored`),
    );
    expect((statements[0]!.context as Record<string, unknown>).instructor).toBeUndefined();
    const moved = quizAttemptRescoredStatements(ORIGIN, facts, {
      event: regraded,
      before: { state: "graded", score: 3, maxScore: 4 },
      after: { state: "graded", score: 3.5, maxScore: 4 },
    });
    expect(verbs(moved)).toEqual([`${VERB}scored`]);
  });

  it("a score xAPI could not carry is kept within its bounds, or left out", () => {
    expect(marksScore(2.0000000001, 2)).toEqual({ score: { scaled: 1, raw: 2, min: 0, max: 2 } });
    expect(marksScore(-1, 2)).toEqual({ score: { scaled: 0, raw: 0, min: 0, max: 2 } });
    expect(marksScore(1, 0)).toEqual({});
  });
});
