import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submitOverdueQuizAttempts } from "@/lib/server/quizzes/deadline";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, createUser, testDb, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { callAs } from "@/test/session";

// Quiz lessons (docs/assessments.md "Quizzes"): a quiz of fixed questions and a random draw, taken through
// the API as the learner's player takes it: the learner view gives nothing away, answers are saved by
// sequence, a replaced window is told so, the time limit is the server's, submission grades into the
// lesson's progress, attempts are limited, and nobody else reaches a learner's attempt.

let acme: TestTenant;
let globex: TestTenant;
let learner: TestUser;
let otherLearner: TestUser;
let instructor: TestUser;
beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
  learner = acme.users.learner;
  instructor = acme.users.instructor;
  otherLearner = await createUser(acme.id, "learner");
});
afterAll(() => testDb().$disconnect());

const as = (tenant: TestTenant, user: TestUser, path: string, options?: Parameters<typeof callAs>[3]) =>
  callAs(tenant.subdomain, user, path, options);

async function ok(res: Awaited<ReturnType<typeof as>>, status = 200) {
  expect(res.status, res.text).toBe(status);
  return res.json;
}

async function newBank(name: string, parentId?: string): Promise<string> {
  const json = await ok(
    await as(acme, instructor, "/api/question-banks", { json: { name: uniqueName(name), parent_id: parentId } }),
    201,
  );
  return json.id as string;
}

async function newQuestion(bankId: string, body: Record<string, unknown>): Promise<string> {
  const json = await ok(
    await as(acme, instructor, `/api/question-banks/${bankId}/questions`, {
      json: { name: uniqueName("Q "), ...body },
    }),
    201,
  );
  return json.id as string;
}

/** A course taught by the instructor with one quiz lesson, the learners enrolled. */
async function quizLesson(learners: TestUser[] = [learner, otherLearner]) {
  const course = await createCourse(acme.id, {
    instructorIds: [instructor.id],
    modules: [{ lessons: [{ kind: "quiz", title: "Check" }] }],
  });
  for (const l of learners) await enroll(acme.id, course.id, l.id);
  const lessonId = course.lessons[0]!.id;
  return { courseId: course.id, lessonId, base: `/api/courses/${course.id}/lessons/${lessonId}/quiz` };
}

const GENERAL = "GENERALFEEDBACKMARK";
const SECRET_FEEDBACK = "CHOICEFEEDBACKMARK";

let fixedBank: string;
let pool: string;
let sub: string;
let capital: string;
let primes: string;
beforeAll(async () => {
  fixedBank = await newBank("Fixed ");
  pool = await newBank("Pool ");
  sub = await newBank("Sub ", pool);
  capital = await newQuestion(fixedBank, {
    type: "single_choice",
    stem: "<p>Capital of France?</p>",
    general_feedback: `<p>${GENERAL}</p>`,
    choices: [
      { id: "paris", text: "Paris", fraction: 1, feedback: `<p>${SECRET_FEEDBACK} yes</p>` },
      { id: "lyon", text: "Lyon", fraction: 0, feedback: `<p>${SECRET_FEEDBACK} no</p>` },
    ],
  });
  primes = await newQuestion(fixedBank, {
    type: "multiple_response",
    stem: "<p>Which are prime?</p>",
    choices: [
      { id: "two", text: "2", fraction: 0.5 },
      { id: "three", text: "3", fraction: 0.5 },
      { id: "four", text: "4", fraction: -1 },
    ],
  });
  // The draw: "geo" questions of the pool and its sub-bank; the untagged one is never drawn.
  await newQuestion(pool, { type: "true_false", stem: "<p>The earth is flat.</p>", correct: false, tags: ["geo"] });
  await newQuestion(sub, { type: "true_false", stem: "<p>Water is wet.</p>", correct: true, tags: ["geo"] });
  await newQuestion(pool, { type: "true_false", stem: "<p>Not drawn.</p>", correct: true, tags: ["other"] });
});

const mainSettings = () => ({
  max_attempts: 2,
  grading_method: "highest",
  pass_mark_percent: 60,
  review: { marks: "after_submission", correct_answers: "after_submission", feedback: "after_submission" },
  slots: [
    { kind: "fixed", question_id: capital, mark: 2 },
    { kind: "fixed", question_id: primes, mark: 1 },
    { kind: "random", bank_id: pool, include_sub_banks: true, tags: ["geo"], count: 2, mark: 1.5 },
  ],
});

/** What the learner view must never hold, whatever the question. */
function expectNoSecrets(text: string) {
  for (const word of [
    '"fraction"',
    '"feedback"',
    "grader",
    '"correct"',
    GENERAL,
    SECRET_FEEDBACK,
    '"general_feedback"',
  ])
    expect(text, `the learner's payload holds ${word}`).not.toContain(word);
}

describe("a quiz of fixed questions and a random draw", () => {
  let quiz: Awaited<ReturnType<typeof quizLesson>>;
  let first: { id: string; session: number; questions: { position: number; question: Record<string, unknown> }[] };

  beforeAll(async () => {
    quiz = await quizLesson();
    const json = await ok(await as(acme, instructor, quiz.base, { method: "PUT", json: mainSettings() }));
    expect(json.max_score).toBe(6);
  });

  it("PUT …/quiz naming another organization's bank or question → 404; a learner → 403", async () => {
    const bank = await testDb().questionBank.create({ data: { organizationId: globex.id, name: uniqueName("B ") } });
    const foreignBank = { slots: [{ kind: "random", bank_id: bank.id, count: 1 }] };
    expect((await as(acme, instructor, quiz.base, { method: "PUT", json: foreignBank })).status).toBe(404);
    const question = await testDb().question.create({
      data: { organizationId: globex.id, bankId: bank.id, type: "true_false", name: "Foreign" },
    });
    const foreignQuestion = { slots: [{ kind: "fixed", question_id: question.id }] };
    expect((await as(acme, instructor, quiz.base, { method: "PUT", json: foreignQuestion })).status).toBe(404);
    const mixed = { slots: [{ kind: "fixed", question_id: capital, bank_id: pool }] };
    const refused = await as(acme, instructor, quiz.base, { method: "PUT", json: mixed });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toBe("slots.0: a fixed slot has no bank_id");
    expect((await as(acme, learner, quiz.base, { method: "PUT", json: mainSettings() })).status).toBe(403);
    expect((await as(acme, learner, quiz.base)).status).toBe(403);
  });

  it("start: the learner view, in slot order, with no fraction, feedback or right answer in the raw payload", async () => {
    const res = await as(acme, learner, `${quiz.base}/attempts`, { method: "POST" });
    expect(res.status, res.text).toBe(200);
    expectNoSecrets(res.text);
    first = res.json;
    expect(res.json).toMatchObject({ number: 1, state: "in_progress", deadline: null, score: null, max_score: 6 });
    expect(res.json.questions.map((q: { question: { type: string } }) => q.question.type)).toEqual([
      "single_choice",
      "multiple_response",
      "true_false",
      "true_false",
    ]);
    const stems = res.json.questions.slice(2).map((q: { question: { stem: string } }) => q.question.stem);
    expect(stems.sort()).toEqual(["<p>The earth is flat.</p>", "<p>Water is wet.</p>"]);
    expect(res.json.questions[0].question.choices.map((c: { id: string }) => c.id).sort()).toEqual(["lyon", "paris"]);

    const read = await as(acme, learner, `/api/quiz-attempts/${first.id}`);
    expect(read.status).toBe(200);
    expectNoSecrets(read.text);
    const review = await as(acme, learner, `/api/quiz-attempts/${first.id}/review`);
    expect(review.status).toBe(200);
    // Its questions, as the raw text has them (the rest is `shows`, which names the parts it holds back).
    expectNoSecrets(review.text.slice(review.text.indexOf('"questions"')));
    expect(review.json.shows).toEqual({ marks: false, correct_answers: false, feedback: false });
  });

  it("a second start while in progress resumes the same attempt: same questions, same order, a new session", async () => {
    const again = await ok(await as(acme, learner, `${quiz.base}/attempts`, { method: "POST" }));
    expect(again.id).toBe(first.id);
    expect(again.session).toBe(first.session + 1);
    expect(again.questions.map((q: { question: unknown }) => q.question)).toEqual(
      first.questions.map((q) => q.question),
    );
    first.session = again.session;
  });

  it("answers are saved by sequence: a retry applies once, an older one never overwrites a newer one", async () => {
    const save = (position: number, sequence: number, response: unknown, session = first.session) =>
      as(acme, learner, `/api/quiz-attempts/${first.id}/answers/${position}`, {
        method: "PUT",
        json: { session, sequence, response },
      });
    expect((await ok(await save(1, 1, { choice_id: "lyon" }))).applied).toBe(true);
    expect(await ok(await save(1, 3, { choice_id: "paris" }))).toMatchObject({
      position: 1,
      sequence: 3,
      applied: true,
    });
    // Sent before the last one but arriving after it, and a retry of the last one: neither changes anything.
    expect(await ok(await save(1, 2, { choice_id: "lyon" }))).toMatchObject({ sequence: 3, applied: false });
    expect(await ok(await save(1, 3, { choice_id: "paris" }))).toMatchObject({ sequence: 3, applied: false });
    await ok(await save(2, 4, { choice_ids: ["two"] }));
    // The draw's two true/false questions, both answered "false": the flat earth right, the wet water wrong.
    for (const q of first.questions.slice(2)) await ok(await save(q.position, 5, { value: false }));
    const read = await ok(await as(acme, learner, `/api/quiz-attempts/${first.id}`));
    expect(read.questions[0].answer).toMatchObject({ response: { choice_id: "paris" }, sequence: 3 });

    expect((await save(1, 6, { nonsense: true })).status).toBe(400);
    expect((await save(9, 6, { value: true })).status).toBe(404);
  });

  it("a save from a window the attempt was taken from is 409 ATTEMPT_REPLACED", async () => {
    const res = await as(acme, learner, `/api/quiz-attempts/${first.id}/answers/1`, {
      method: "PUT",
      json: { session: first.session - 1, sequence: 99, response: { choice_id: "lyon" } },
    });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("ATTEMPT_REPLACED");
    expect(res.json.error.message).toBe("This attempt was opened in another window or on another device");
  });

  it("another learner's attempt, and another organization's quiz, are 404s", async () => {
    for (const path of [`/api/quiz-attempts/${first.id}`, `/api/quiz-attempts/${first.id}/review`])
      expect((await as(acme, otherLearner, path)).status).toBe(404);
    const save = await as(acme, otherLearner, `/api/quiz-attempts/${first.id}/answers/1`, {
      method: "PUT",
      json: { session: first.session, sequence: 100, response: { choice_id: "lyon" } },
    });
    expect(save.status).toBe(404);
    // The course's instructor grades attempts; reading the learner's own player is not theirs either.
    expect((await as(acme, instructor, `/api/quiz-attempts/${first.id}`)).status).toBe(404);
    const stranger = globex.users.learner;
    expect((await as(globex, stranger, `/api/quiz-attempts/${first.id}`)).status).toBe(404);
    expect((await as(globex, stranger, `${quiz.base}/attempts`, { method: "POST" })).status).toBe(404);
    expect((await as(globex, globex.users.admin, quiz.base)).status).toBe(404);
  });

  it("submit grades to the exact score, and the lesson is completed and passed", async () => {
    const done = await ok(
      await as(acme, learner, `/api/quiz-attempts/${first.id}/submit`, { json: { session: first.session } }),
    );
    // Capital 2 of 2, primes 0.5 of 1 (one of two right choices), flat earth 1.5 of 1.5, wet water 0 of 1.5.
    expect(done).toMatchObject({ state: "graded", score: 4, max_score: 6 });
    expect(done.percent).toBeCloseTo(66.6667, 3);

    const progress = await testDb().lessonProgress.findFirstOrThrow({
      where: { lessonId: quiz.lessonId, enrollment: { userId: learner.id } },
    });
    expect(progress).toMatchObject({ status: "completed", successStatus: "passed" });
    expect(progress.scoreScaled).toBeCloseTo(0.666667, 5);

    const review = await ok(await as(acme, learner, `/api/quiz-attempts/${first.id}/review`));
    expect(review.shows).toEqual({ marks: true, correct_answers: true, feedback: true });
    expect(review.questions[0]).toMatchObject({
      fraction: 1,
      marks: 2,
      correct_answer: { choice_ids: ["paris"] },
      feedback: { general: `<p>${GENERAL}</p>`, specific: [`<p>${SECRET_FEEDBACK} yes</p>`] },
    });
    expect(review.questions[1]).toMatchObject({ fraction: 0.5, marks: 0.5 });

    const late = await as(acme, learner, `/api/quiz-attempts/${first.id}/answers/1`, {
      method: "PUT",
      json: { session: first.session, sequence: 50, response: { choice_id: "lyon" } },
    });
    expect(late.status).toBe(409);
    expect(late.json.error).toMatchObject({
      code: "CONFLICT",
      message: "This attempt has been submitted: its answers can no longer change",
    });
  });

  it("the attempt limit: a second attempt, then a clear refusal; the grading method picks the lesson's score", async () => {
    const second = await ok(await as(acme, learner, `${quiz.base}/attempts`, { method: "POST" }));
    expect(second).toMatchObject({ number: 2, state: "in_progress" });
    expect(second.id).not.toBe(first.id);
    const blank = await ok(
      await as(acme, learner, `/api/quiz-attempts/${second.id}/submit`, { json: { session: second.session } }),
    );
    expect(blank).toMatchObject({ state: "graded", score: 0 });
    // Highest of 66.7 % and 0 %: still passed.
    const mine = await ok(await as(acme, learner, `${quiz.base}/attempts`));
    expect(mine.attempts_left).toBe(0);
    expect(mine.lesson_percent).toBeCloseTo(66.6667, 3);

    const third = await as(acme, learner, `${quiz.base}/attempts`, { method: "POST" });
    expect(third.status).toBe(409);
    expect(third.json.error.message).toBe("You have used all 2 attempts this quiz allows");

    // The last attempt decides once the method says so: regrading brings the lesson up to date, now failed.
    await ok(
      await as(acme, instructor, quiz.base, { method: "PUT", json: { ...mainSettings(), grading_method: "last" } }),
    );
    expect(await ok(await as(acme, instructor, `${quiz.base}/regrade`, { method: "POST" }))).toEqual({ regraded: 2 });
    const progress = await testDb().lessonProgress.findFirstOrThrow({
      where: { lessonId: quiz.lessonId, enrollment: { userId: learner.id } },
    });
    expect(progress).toMatchObject({ status: "completed", successStatus: "failed", scoreScaled: 0 });
  });
});

describe("the time limit is the server's", () => {
  const settingsWithLimit = (seconds: number) => ({
    time_limit_seconds: seconds,
    pass_mark_percent: 50,
    slots: [{ kind: "fixed", question_id: capital }],
  });

  it("a quiz of 2 seconds: an answer in time is kept; after the deadline a save is refused and the attempt is submitted", async () => {
    const quiz = await quizLesson([learner]);
    await ok(await as(acme, instructor, quiz.base, { method: "PUT", json: settingsWithLimit(2) }));
    const attempt = await ok(await as(acme, learner, `${quiz.base}/attempts`, { method: "POST" }));
    expect(new Date(attempt.deadline).getTime() - new Date(attempt.started_at).getTime()).toBe(2000);
    await ok(
      await as(acme, learner, `/api/quiz-attempts/${attempt.id}/answers/1`, {
        method: "PUT",
        json: { session: attempt.session, sequence: 1, response: { choice_id: "paris" } },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 2300));
    const late = await as(acme, learner, `/api/quiz-attempts/${attempt.id}/answers/1`, {
      method: "PUT",
      json: { session: attempt.session, sequence: 2, response: { choice_id: "lyon" } },
    });
    expect(late.status).toBe(409);
    expect(late.json.error.message).toBe(
      "The time limit has passed: the attempt was submitted with the answers saved before it",
    );
    const read = await ok(await as(acme, learner, `/api/quiz-attempts/${attempt.id}`));
    expect(read).toMatchObject({ state: "graded", score: 1, max_score: 1 });
    expect(read.questions[0].answer.response).toEqual({ choice_id: "paris" });
    const progress = await testDb().lessonProgress.findFirstOrThrow({
      where: { lessonId: quiz.lessonId, enrollment: { userId: learner.id } },
    });
    expect(progress).toMatchObject({ status: "completed", successStatus: "passed", scoreScaled: 1 });
  });

  it("an attempt nobody comes back to is submitted by the deadline job", async () => {
    const quiz = await quizLesson([learner]);
    await ok(await as(acme, instructor, quiz.base, { method: "PUT", json: settingsWithLimit(1) }));
    const attempt = await ok(await as(acme, learner, `${quiz.base}/attempts`, { method: "POST" }));
    await new Promise((resolve) => setTimeout(resolve, 1300));
    const run = await submitOverdueQuizAttempts();
    expect(run.submitted).toBeGreaterThanOrEqual(1);
    const row = await testDb().quizAttempt.findUniqueOrThrow({ where: { id: attempt.id } });
    expect(row).toMatchObject({ state: "graded", score: 0 });
    const progress = await testDb().lessonProgress.findFirstOrThrow({
      where: { lessonId: quiz.lessonId, enrollment: { userId: learner.id } },
    });
    expect(progress).toMatchObject({ status: "completed", successStatus: "failed", scoreScaled: 0 });
  });
});

describe("essays wait for a person", () => {
  it("submitted → needs grading, in the course's queue; the instructor's grade is audited and settles the lesson", async () => {
    const essay = await newQuestion(fixedBank, {
      type: "essay",
      stem: "<p>Discuss.</p>",
      grader_info: "<p>GRADERINFOMARK</p>",
    });
    const quiz = await quizLesson([learner]);
    await ok(
      await as(acme, instructor, quiz.base, {
        method: "PUT",
        json: { pass_mark_percent: 50, slots: [{ kind: "fixed", question_id: essay, mark: 4 }] },
      }),
    );
    const attempt = await ok(await as(acme, learner, `${quiz.base}/attempts`, { method: "POST" }));
    expect(JSON.stringify(attempt)).not.toContain("GRADERINFOMARK");
    await ok(
      await as(acme, learner, `/api/quiz-attempts/${attempt.id}/answers/1`, {
        method: "PUT",
        json: { session: attempt.session, sequence: 1, response: { text: "Because." } },
      }),
    );
    const done = await ok(
      await as(acme, learner, `/api/quiz-attempts/${attempt.id}/submit`, { json: { session: attempt.session } }),
    );
    expect(done.state).toBe("needs_grading");
    const waiting = await testDb().lessonProgress.findFirstOrThrow({
      where: { lessonId: quiz.lessonId, enrollment: { userId: learner.id } },
    });
    expect(waiting).toMatchObject({ status: "completed", successStatus: null, scoreScaled: null });

    const queue = await ok(await as(acme, instructor, `/api/courses/${quiz.courseId}/quiz-grading`));
    expect(queue.items).toEqual([expect.objectContaining({ attempt_id: attempt.id, positions: [1] })]);
    expect((await as(acme, learner, `/api/courses/${quiz.courseId}/quiz-grading`)).status).toBe(403);

    const grade = (user: TestUser, marks: number) =>
      as(acme, user, `/api/quiz-attempts/${attempt.id}/answers/1/grade`, {
        method: "PUT",
        json: { marks, comment: "Good start" },
      });
    expect((await grade(learner, 4)).status).toBe(403);
    expect((await grade(instructor, 5)).status).toBe(400);
    expect(await ok(await grade(instructor, 3))).toEqual({
      attempt_id: attempt.id,
      position: 1,
      marks: 3,
      state: "graded",
      score: 3,
    });
    const progress = await testDb().lessonProgress.findFirstOrThrow({
      where: { lessonId: quiz.lessonId, enrollment: { userId: learner.id } },
    });
    expect(progress).toMatchObject({ status: "completed", successStatus: "passed", scoreScaled: 0.75 });
    const logged = await testDb().auditLog.findFirstOrThrow({
      where: { organizationId: acme.id, action: "quiz.answer.grade", entityId: attempt.id },
    });
    expect(logged).toMatchObject({ actorId: instructor.id, data: expect.objectContaining({ position: 1, marks: 3 }) });
    const review = await ok(await as(acme, learner, `/api/quiz-attempts/${attempt.id}/review`));
    expect(review.questions[0]).toMatchObject({ marks: 3, feedback: { comment: "Good start" } });
    expect(JSON.stringify(review)).not.toContain("GRADERINFOMARK");
  });
});

describe("a bank a quiz draws from", () => {
  it("is not deleted while a random slot names it, even empty: a 409 that says why", async () => {
    const empty = await newBank("Drawn ");
    const quiz = await quizLesson([]);
    const draw = { slots: [{ kind: "random", bank_id: empty, count: 1 }] };
    await ok(await as(acme, instructor, quiz.base, { method: "PUT", json: draw }));
    const refused = await as(acme, instructor, `/api/question-banks/${empty}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toMatch(
      /^The bank '.+' is drawn from by 1 random question slot\(s\) of quizzes/,
    );
    await ok(await as(acme, instructor, quiz.base, { method: "PUT", json: { slots: [] } }));
    expect((await as(acme, instructor, `/api/question-banks/${empty}`, { method: "DELETE" })).status).toBe(204);
  });
});
