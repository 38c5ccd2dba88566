import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordQuizAnswerGraded, recordQuizAttemptFinished } from "@/lib/server/xapi/quiz-tracking";
import { createTenant, createUser, testDb, type TestTenant, type TestUser } from "@/test/factories";
import { call } from "@/test/http";
import { createQuestion, createQuestionBank, createQuizLesson, type TestQuizLesson } from "@/test/quiz-factories";
import { callAs, signIn } from "@/test/session";

// A native quiz in the organization's LRS (docs/xapi.md, "Statements the app writes for its own tracking"):
// a quiz of every question type taken through the API as the player takes it (start, answers, submission),
// an essay graded and an automatic grade overridden by the instructor, a regrade after a corrected
// question, read back with an LRS client: the verbs, each question's interaction type, its response in
// xAPI's pattern, the scores; a replayed event stores nothing new; the time limit's submission; an
// organization that turned tracking off gets nothing; deleting the learner leaves their statements.

interface Client {
  key: string;
  secret: string;
}

interface Statement {
  id: string;
  actor: { account: { name: string } };
  verb: { id: string };
  object: { id: string; definition?: Record<string, unknown> };
  result?: Record<string, unknown>;
  context: {
    registration: string;
    instructor?: { account: { name: string } };
    contextActivities?: Record<string, { id: string }[]>;
  };
}

let acme: TestTenant;
let client: Client;
let instructor: TestUser;
const questions: Record<string, string> = {};

const VERB = "http://adlnet.gov/expapi/verbs/";

beforeAll(async () => {
  acme = await createTenant();
  instructor = acme.users.instructor;
  const res = await call(acme.subdomain, "/api/admin/lrs-clients", {
    bearer: await signIn(acme.subdomain, acme.users.admin),
    json: { name: "Reporting", scopes: ["statements/read"] },
  });
  expect(res.status, res.text).toBe(201);
  client = { key: res.json.key, secret: res.json.secret };
  const bank = await createQuestionBank(acme, instructor);
  const add = async (key: string, content: Record<string, unknown>) => {
    questions[key] = await createQuestion(acme, instructor, bank, content);
  };
  await add("capital", {
    type: "single_choice",
    stem: "<p>Capital of France?</p>",
    choices: [
      { id: "paris", text: "Paris", fraction: 1, feedback: "<p>Yes</p>" },
      { id: "lyon", text: "Lyon", fraction: 0 },
    ],
  });
  await add("primes", {
    type: "multiple_response",
    stem: "<p>Which are prime?</p>",
    choices: [
      { id: "two", text: "2", fraction: 0.5 },
      { id: "three", text: "3", fraction: 0.5 },
      { id: "four", text: "4", fraction: -1 },
    ],
  });
  await add("flat", { type: "true_false", stem: "<p>The earth is flat.</p>", correct: false });
  await add("sodium", {
    type: "short_answer",
    stem: "<p>Symbol of sodium?</p>",
    answers: [{ text: "Na", fraction: 1 }],
  });
  await add("length", {
    type: "numeric",
    stem: "<p>How long?</p>",
    answers: [{ value: 1.5, tolerance: 0.01, fraction: 1 }],
    units: [
      { unit: "m", multiplier: 1 },
      { unit: "cm", multiplier: 100 },
    ],
  });
  await add("capitals", {
    type: "matching",
    stem: "<p>Match</p>",
    pairs: [
      { id: "fr", prompt: "France", answer: "Paris" },
      { id: "it", prompt: "Italy", answer: "Rome" },
    ],
    distractors: ["Lyon"],
  });
  await add("sizes", {
    type: "ordering",
    stem: "<p>Smallest first</p>",
    items: [
      { id: "i1", text: "Atom" },
      { id: "i2", text: "Cell" },
      { id: "i3", text: "Planet" },
    ],
  });
  await add("tower", {
    type: "fill_in_blanks",
    stem: "<p>Built in [[year]] in [[city]].</p>",
    gaps: [
      { id: "year", type: "numeric", answers: [{ value: 1889, fraction: 1 }] },
      {
        id: "city",
        type: "choice",
        choices: [
          { text: "Paris", fraction: 1 },
          { text: "Rome", fraction: 0 },
        ],
      },
    ],
  });
  await add("discuss", { type: "essay", stem: "<p>Discuss fire.</p>" });
});
afterAll(() => testDb().$disconnect());

const ORDER = ["capital", "primes", "flat", "sodium", "length", "capitals", "sizes", "tower", "discuss"] as const;

/** Every question, in this order, its first version (one is corrected below), a mark each; 85% passes. */
const settings = () => ({
  pass_mark_percent: 85,
  shuffle_answers: false,
  slots: ORDER.map((key) => ({ kind: "fixed", question_id: questions[key], version: 1, mark: 1 })),
});

/** The learner's answers, by question. */
const RESPONSES: Record<(typeof ORDER)[number], unknown> = {
  capital: { choice_id: "paris" },
  primes: { choice_ids: ["two", "four"] },
  flat: { value: false },
  sodium: { text: "na" },
  length: { text: "150 cm" },
  capitals: { matches: { fr: "Paris", it: "Lyon" } },
  sizes: { order: ["i1", "i2", "i3"] },
  tower: { gaps: { year: "1889", city: "c1" } },
  discuss: { text: "Fire needs air, fuel and heat." },
};

async function statementsOf(registration: string): Promise<Statement[]> {
  const res = await call(acme.subdomain, `/xapi/statements?registration=${registration}&ascending=true&limit=100`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${client.key}:${client.secret}`).toString("base64")}`,
      "x-experience-api-version": "2.0.0",
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.statements;
}

async function ok(res: Awaited<ReturnType<typeof callAs>>, status = 200) {
  expect(res.status, res.text).toBe(status);
  return res.json;
}

const enrollmentOf = (quiz: TestQuizLesson, learner: TestUser) =>
  testDb().enrollment.findFirstOrThrow({ where: { courseId: quiz.course.id, userId: learner.id } });

/** Starts an attempt and saves every answer as the player does; answers the attempt and its session. */
async function answerAll(quiz: TestQuizLesson, learner: TestUser) {
  const base = `/api/courses/${quiz.course.id}/lessons/${quiz.lessonId}/quiz`;
  const attempt = await ok(await callAs(acme.subdomain, learner, `${base}/attempts`, { method: "POST" }));
  for (const [i, key] of ORDER.entries())
    await ok(
      await callAs(acme.subdomain, learner, `/api/quiz-attempts/${attempt.id}/answers/${i + 1}`, {
        method: "PUT",
        json: { session: attempt.session, sequence: i + 1, response: RESPONSES[key] },
      }),
    );
  return attempt as { id: string; session: number };
}

const submit = (learner: TestUser, attempt: { id: string; session: number }) =>
  callAs(acme.subdomain, learner, `/api/quiz-attempts/${attempt.id}/submit`, { json: { session: attempt.session } });

const grade = (attemptId: string, position: number, marks: number) =>
  callAs(acme.subdomain, instructor, `/api/quiz-attempts/${attemptId}/answers/${position}/grade`, {
    method: "PUT",
    json: { marks, comment: "Seen" },
  });

/** Writes an event's statements again in a transaction of its own: the LRS holds the same statements after. */
async function replayed(registration: string, write: (tx: Prisma.TransactionClient) => Promise<void>) {
  const before = await statementsOf(registration);
  await testDb().$transaction(write);
  expect((await statementsOf(registration)).map((s) => s.id)).toEqual(before.map((s) => s.id));
}

const score = (raw: number, max: number) => ({ scaled: raw / max, raw, min: 0, max });

describe("xAPI statements of native quizzes", () => {
  it("start, answers, submission, an essay graded, an override and a regrade, each as its statements; replays add nothing", async () => {
    const learner = await createUser(acme.id, "learner");
    const quiz = await createQuizLesson(acme, settings(), [learner]);
    const enrollment = await enrollmentOf(quiz, learner);
    const attempt = await answerAll(quiz, learner);
    await ok(await submit(learner, attempt));

    const submitted = await statementsOf(enrollment.id);
    const lessonId = `urn:lms:lesson:${quiz.lessonId}`;
    const q = (key: string) => `urn:lms:question:${questions[key]}`;
    expect(submitted.map((s) => [s.verb.id, s.object.id])).toEqual([
      [`${VERB}initialized`, lessonId],
      ...ORDER.map((key) => [`${VERB}answered`, q(key)]),
      // The quiz's lesson is completed by the attempt: its "completed" says so, once.
      [`${VERB}completed`, lessonId],
      [`${VERB}completed`, `urn:lms:course:${quiz.course.id}`],
    ]);
    const answered = submitted.slice(1, 10);
    expect(answered.map((s) => s.object.definition?.interactionType)).toEqual([
      "choice",
      "choice",
      "true-false",
      "fill-in",
      "numeric",
      "matching",
      "sequencing",
      "fill-in",
      "long-fill-in",
    ]);
    expect(answered.map((s) => s.result)).toEqual([
      { response: "paris", success: true, score: score(1, 1) },
      { response: "two[,]four", success: false, score: score(0, 1) },
      { response: "false", success: true, score: score(1, 1) },
      { response: "na", success: true, score: score(1, 1) },
      { response: "1.5", success: true, score: score(1, 1) },
      // Answers numbered by their words: Lyon t1, Paris t2, Rome t3.
      { response: "fr[.]t2[,]it[.]t1", success: false, score: score(0.5, 1) },
      { response: "s1[,]s2[,]s3", success: true, score: score(1, 1) },
      { response: "1889[,]Paris", success: true, score: score(1, 1) },
      // The essay waits for a person: its response, no grade.
      { response: "Fire needs air, fuel and heat." },
    ]);
    expect(answered[5]!.object.definition).toMatchObject({
      source: [
        { id: "fr", description: { "en-US": "France" } },
        { id: "it", description: { "en-US": "Italy" } },
      ],
      target: [
        { id: "t1", description: { "en-US": "Lyon" } },
        { id: "t2", description: { "en-US": "Paris" } },
        { id: "t3", description: { "en-US": "Rome" } },
      ],
    });
    for (const s of answered) {
      expect(s.object.definition).not.toHaveProperty("correctResponsesPattern");
      expect(s.context.contextActivities).toMatchObject({
        parent: [{ id: lessonId }],
        grouping: [{ id: `urn:lms:course:${quiz.course.id}` }, { id: `urn:lms:quiz-attempt:${attempt.id}` }],
      });
    }
    // Waiting for the essay: completed, with no score or success yet.
    const completed = submitted[10]!;
    expect(completed.result).toMatchObject({ completion: true });
    expect(completed.result).not.toHaveProperty("score");
    expect(completed.result).not.toHaveProperty("success");
    expect(completed.result!.duration).toMatch(/^PT\d+(\.\d+)?S$/);
    // The submission written again (a retried transaction): nothing new.
    const attemptBefore = { id: attempt.id, organizationId: acme.id, maxScore: 9 };
    await replayed(enrollment.id, (tx) =>
      recordQuizAttemptFinished(tx, { ...attemptBefore, state: "in_progress", score: null }, new Date()),
    );

    // The essay graded: 7.5 of 9 is under 85%; the question scored, the attempt scored and failed.
    await ok(await grade(attempt.id, 9, 1));
    const essayGrade = await testDb().quizAnswer.findFirstOrThrow({
      where: { attemptQuestion: { attemptId: attempt.id, position: 9 } },
    });
    await replayed(enrollment.id, (tx) =>
      recordQuizAnswerGraded(
        tx,
        { ...attemptBefore, state: "needs_grading", score: 6.5 },
        { position: 9, graderId: instructor.id, now: essayGrade.overriddenAt! },
      ),
    );
    // An override of the matching question: 8 of 9 passes.
    await ok(await grade(attempt.id, 6, 1));
    const graded = (await statementsOf(enrollment.id)).slice(submitted.length);
    expect(graded.map((s) => [s.verb.id, s.object.id, s.result])).toEqual([
      [`${VERB}scored`, q("discuss"), { success: true, score: score(1, 1) }],
      [`${VERB}scored`, lessonId, { success: false, score: score(7.5, 9) }],
      [`${VERB}failed`, lessonId, { success: false, score: score(7.5, 9) }],
      [`${VERB}scored`, q("capitals"), { success: true, score: score(1, 1) }],
      [`${VERB}scored`, lessonId, { success: true, score: score(8, 9) }],
      [`${VERB}passed`, lessonId, { success: true, score: score(8, 9) }],
    ]);
    for (const s of graded) expect(s.context.instructor?.account.name).toBe(instructor.id);

    const before = await statementsOf(enrollment.id);

    // A regrade that changes nothing writes nothing.
    const regrade = (current_versions: boolean) =>
      callAs(acme.subdomain, instructor, `/api/courses/${quiz.course.id}/lessons/${quiz.lessonId}/quiz/regrade`, {
        json: { current_versions },
      });
    await ok(await regrade(false));
    expect(await statementsOf(enrollment.id)).toHaveLength(before.length);
    // The short answer corrected to be case-sensitive: "na" is wrong now, 7 of 9 fails.
    const bank = await testDb().question.findUniqueOrThrow({ where: { id: questions.sodium } });
    await ok(
      await callAs(acme.subdomain, instructor, `/api/question-banks/${bank.bankId}/questions/${questions.sodium}`, {
        method: "PUT",
        json: {
          type: "short_answer",
          name: "Sodium",
          stem: "<p>Symbol of sodium?</p>",
          case_sensitive: true,
          answers: [{ text: "Na", fraction: 1 }],
        },
      }),
    );
    await ok(await regrade(true));
    const regraded = (await statementsOf(enrollment.id)).slice(before.length);
    expect(regraded.map((s) => [s.verb.id, s.object.id, s.result])).toEqual([
      [`${VERB}scored`, lessonId, { success: false, score: score(7, 9) }],
      [`${VERB}failed`, lessonId, { success: false, score: score(7, 9) }],
    ]);
    expect(regraded[0]!.context).not.toHaveProperty("instructor");
  });

  it("submitted at the time limit: answered and completed, the time up to the deadline, graded at once", async () => {
    const learner = await createUser(acme.id, "learner");
    const quiz = await createQuizLesson(
      acme,
      {
        time_limit_seconds: 600,
        slots: [
          { kind: "fixed", question_id: questions.capital, mark: 2 },
          { kind: "fixed", question_id: questions.flat, mark: 2 },
        ],
      },
      [learner],
    );
    const enrollment = await enrollmentOf(quiz, learner);
    const base = `/api/courses/${quiz.course.id}/lessons/${quiz.lessonId}/quiz`;
    const attempt = await ok(await callAs(acme.subdomain, learner, `${base}/attempts`, { method: "POST" }));
    await ok(
      await callAs(acme.subdomain, learner, `/api/quiz-attempts/${attempt.id}/answers/1`, {
        method: "PUT",
        json: { session: attempt.session, sequence: 1, response: { choice_id: "paris" } },
      }),
    );
    // Its ten minutes ran out an hour ago; the learner comes back now.
    const startedAt = new Date(Date.now() - 3_600_000);
    await testDb().quizAttempt.update({
      where: { id: attempt.id },
      data: { startedAt, deadline: new Date(startedAt.getTime() + 600_000) },
    });
    const read = await ok(await callAs(acme.subdomain, learner, `/api/quiz-attempts/${attempt.id}`));
    expect(read.state).toBe("graded");

    const statements = await statementsOf(enrollment.id);
    expect(statements.map((s) => [s.verb.id, s.object.id, s.result ?? null])).toEqual([
      [`${VERB}initialized`, `urn:lms:lesson:${quiz.lessonId}`, null],
      [
        `${VERB}answered`,
        `urn:lms:question:${questions.capital}`,
        { response: "paris", success: true, score: score(2, 2) },
      ],
      // No pass mark: no success, no passed or failed.
      [
        `${VERB}completed`,
        `urn:lms:lesson:${quiz.lessonId}`,
        { completion: true, score: score(2, 4), duration: "PT600S" },
      ],
      [`${VERB}completed`, `urn:lms:course:${quiz.course.id}`, { completion: true }],
    ]);
  });

  it("an organization that turned tracking off gets nothing; deleting a learner leaves their statements", async () => {
    const admin = await signIn(acme.subdomain, acme.users.admin);
    const patch = (xapiTracking: boolean) =>
      call(acme.subdomain, "/api/admin/settings", { method: "PATCH", bearer: admin, json: { xapiTracking } });
    expect((await patch(false)).status).toBe(200);
    try {
      const learner = await createUser(acme.id, "learner");
      const quiz = await createQuizLesson(acme, settings(), [learner]);
      const enrollment = await enrollmentOf(quiz, learner);
      const attempt = await answerAll(quiz, learner);
      await ok(await submit(learner, attempt));
      await ok(await grade(attempt.id, 9, 1));
      expect(await testDb().quizAttempt.findUniqueOrThrow({ where: { id: attempt.id } })).toMatchObject({
        state: "graded",
        score: 7.5,
      });
      expect(
        await testDb().xapiStatement.count({ where: { organizationId: acme.id, registration: enrollment.id } }),
      ).toBe(0);
    } finally {
      expect((await patch(true)).status).toBe(200);
    }

    // As for SCORM: the LRS keeps what was recorded, naming the learner by id only.
    const learner = await createUser(acme.id, "learner");
    const quiz = await createQuizLesson(acme, settings(), [learner]);
    const enrollment = await enrollmentOf(quiz, learner);
    await ok(await submit(learner, await answerAll(quiz, learner)));
    const kept = await statementsOf(enrollment.id);
    expect(kept).toHaveLength(12);
    await ok(
      await callAs(acme.subdomain, acme.users.org_admin, `/api/admin/users/${learner.id}`, { method: "DELETE" }),
      204,
    );
    expect(await testDb().quizAttempt.count({ where: { userId: learner.id } })).toBe(0);
    expect((await statementsOf(enrollment.id)).map((s) => s.id)).toEqual(kept.map((s) => s.id));
  });
});
