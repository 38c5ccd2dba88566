import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, createUser, testDb, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { callAs } from "@/test/session";

// A quiz's item analysis (docs/assessments.md "Statistics"): five learners answer a single choice and a
// true/false question; the facility, standard deviation, discrimination and option shares below are worked
// out by hand from their answers, and again after a person's grade, a regrade and a learner's deletion
// (the figures are kept as sums while attempts are graded: each change must take out what it added).

let acme: TestTenant;
let globex: TestTenant;
let instructor: TestUser;
let learners: TestUser[];
let courseId: string;
let base: string;
let statistics: string;

const as = (tenant: TestTenant, user: TestUser, path: string, options?: Parameters<typeof callAs>[3]) =>
  callAs(tenant.subdomain, user, path, options);

async function ok(res: Awaited<ReturnType<typeof as>>, status = 200) {
  expect(res.status, res.text).toBe(status);
  return res.json;
}

/** Each learner's answers: the capital (paris is right) and "the earth is flat" (false is right). */
const ANSWERS: { choice: string; flat: boolean }[] = [
  { choice: "paris", flat: false }, // 2 of 2
  { choice: "paris", flat: true }, // 1
  { choice: "lyon", flat: false }, // 1
  { choice: "lyon", flat: true }, // 0
  { choice: "paris", flat: false }, // 2
];

beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
  instructor = acme.users.instructor;
  learners = await Promise.all(ANSWERS.map(() => createUser(acme.id, "learner")));
  const bank = await ok(
    await as(acme, instructor, "/api/question-banks", { json: { name: uniqueName("Stats ") } }),
    201,
  );
  const newQuestion = async (body: Record<string, unknown>) =>
    (await ok(await as(acme, instructor, `/api/question-banks/${bank.id}/questions`, { json: body }), 201))
      .id as string;
  const capital = await newQuestion({
    type: "single_choice",
    name: "Capital",
    stem: "<p>Capital of France?</p>",
    choices: [
      { id: "paris", text: "Paris", fraction: 1 },
      { id: "lyon", text: "Lyon", fraction: 0 },
      { id: "nice", text: "Nice", fraction: 0 },
    ],
  });
  const flat = await newQuestion({
    type: "true_false",
    name: "Flat",
    stem: "<p>The earth is flat.</p>",
    correct: false,
  });
  const course = await createCourse(acme.id, {
    instructorIds: [instructor.id],
    modules: [{ lessons: [{ kind: "quiz", title: "Check" }] }],
  });
  courseId = course.id;
  for (const learner of learners) await enroll(acme.id, course.id, learner.id);
  const lessonId = course.lessons[0]!.id;
  base = `/api/courses/${course.id}/lessons/${lessonId}/quiz`;
  statistics = `${base}/statistics`;
  await ok(
    await as(acme, instructor, base, {
      method: "PUT",
      json: {
        slots: [
          { kind: "fixed", question_id: capital, mark: 1 },
          { kind: "fixed", question_id: flat, mark: 1 },
        ],
      },
    }),
  );
});
afterAll(() => testDb().$disconnect());

/** The learners' attempts by learner id, for grading them. */
const attempts = new Map<string, string>();

async function take(learner: TestUser, answers: { choice: string; flat: boolean }, submit = true) {
  const attempt = await ok(await as(acme, learner, `${base}/attempts`, { method: "POST" }));
  attempts.set(learner.id, attempt.id as string);
  const save = (position: number, response: unknown) =>
    as(acme, learner, `/api/quiz-attempts/${attempt.id}/answers/${position}`, {
      method: "PUT",
      json: { session: attempt.session, sequence: 1, response },
    });
  await ok(await save(1, { choice_id: answers.choice }));
  await ok(await save(2, { value: answers.flat }));
  if (submit)
    await ok(
      await as(acme, learner, `/api/quiz-attempts/${attempt.id}/submit`, {
        method: "POST",
        json: { session: attempt.session },
      }),
    );
}

describe("GET …/quiz/statistics", () => {
  it("before any attempt: no figures, every question absent", async () => {
    expect(await ok(await as(acme, instructor, statistics))).toEqual({
      graded_attempts: 0,
      mean_score_percent: null,
      questions: [],
    });
  });

  it("the graded attempts' facility, deviation, discrimination and option shares, as worked out by hand", async () => {
    for (const [i, answers] of ANSWERS.entries()) await take(learners[i]!, answers);
    // An attempt in progress does not count.
    const late = await createUser(acme.id, "learner");
    await enroll(acme.id, courseId, late.id);
    await take(late, { choice: "nice", flat: true }, false);

    const stats = await ok(await as(acme, instructor, statistics));
    // Scores 2, 1, 1, 0, 2 of 2: a mean of 60 %.
    expect(stats.graded_attempts).toBe(5);
    expect(stats.mean_score_percent).toBe(60);
    // Each question: marks 1,1,0,0,1 and 1,0,1,0,1 (mean 0.6, sample deviation √0.3 = 0.5477); each one's
    // rest of the score is the other's mark, whose correlation with it is 0.2 / 1.2 = 0.1667.
    expect(stats.questions).toEqual([
      {
        question_id: expect.any(String),
        name: "Capital",
        type: "single_choice",
        attempts: 5,
        answered: 5,
        facility_percent: 60,
        sd_percent: 54.77,
        discrimination_percent: 16.67,
        options: [
          { option: "paris", count: 3, share_percent: 60 },
          { option: "lyon", count: 2, share_percent: 40 },
        ],
      },
      {
        question_id: expect.any(String),
        name: "Flat",
        type: "true_false",
        attempts: 5,
        answered: 5,
        facility_percent: 60,
        sd_percent: 54.77,
        discrimination_percent: 16.67,
        options: [
          { option: "false", count: 3, share_percent: 60 },
          { option: "true", count: 2, share_percent: 40 },
        ],
      },
    ]);
  });

  it("follows a person's grade: the figures are those of the marks as they now stand", async () => {
    // The fourth learner's Lyon is given the mark after all: Capital's marks become 1,1,0,1,1.
    await ok(
      await as(acme, instructor, `/api/quiz-attempts/${attempts.get(learners[3]!.id)}/answers/1/grade`, {
        method: "PUT",
        json: { marks: 1, comment: "Accepted" },
      }),
    );
    const stats = await ok(await as(acme, instructor, statistics));
    // Scores 2, 1, 1, 1, 2 of 2: 70 %. Capital: mean 0.8, sample deviation √0.2 = 0.4472. Against the
    // other question (1,0,1,0,1) the correlation is −0.4 / √(1.2 × 0.8) = −0.4082, for both.
    expect(stats.mean_score_percent).toBe(70);
    const [capital, flat] = stats.questions;
    expect(capital).toMatchObject({ name: "Capital", facility_percent: 80, sd_percent: 44.72 });
    expect(capital.discrimination_percent).toBe(-40.82);
    expect(flat).toMatchObject({ name: "Flat", facility_percent: 60, sd_percent: 54.77 });
    expect(flat.discrimination_percent).toBe(-40.82);
    // The answers chosen did not change.
    expect(capital.options).toEqual([
      { option: "paris", count: 3, share_percent: 60 },
      { option: "lyon", count: 2, share_percent: 40 },
    ]);
  });

  it("is the same after a regrade that changes no mark", async () => {
    const before = await ok(await as(acme, instructor, statistics));
    expect(await ok(await as(acme, instructor, `${base}/regrade`, { method: "POST", json: {} }))).toEqual({
      regraded: 5,
    });
    expect(await ok(await as(acme, instructor, statistics))).toEqual(before);
  });

  it("leaves out the attempts of a person deleted", async () => {
    await ok(await as(acme, acme.users.org_admin, `/api/admin/users/${learners[4]!.id}`, { method: "DELETE" }), 204);
    const stats = await ok(await as(acme, instructor, statistics));
    // Four attempts left, scoring 2, 1, 1, 1 of 2 (62.5 %). Capital 1,1,0,1: mean 0.75, deviation 0.5;
    // Flat 1,0,1,0: mean 0.5, deviation √(1/3) = 0.5774; their correlation −0.5 / √0.75 = −0.5774.
    expect(stats.graded_attempts).toBe(4);
    expect(stats.mean_score_percent).toBe(62.5);
    expect(stats.questions).toEqual([
      {
        question_id: expect.any(String),
        name: "Capital",
        type: "single_choice",
        attempts: 4,
        answered: 4,
        facility_percent: 75,
        sd_percent: 50,
        discrimination_percent: -57.74,
        options: [
          { option: "lyon", count: 2, share_percent: 50 },
          { option: "paris", count: 2, share_percent: 50 },
        ],
      },
      {
        question_id: expect.any(String),
        name: "Flat",
        type: "true_false",
        attempts: 4,
        answered: 4,
        facility_percent: 50,
        sd_percent: 57.74,
        discrimination_percent: -57.74,
        options: [
          { option: "false", count: 2, share_percent: 50 },
          { option: "true", count: 2, share_percent: 50 },
        ],
      },
    ]);
  });

  it("is the course's editors': a learner is 403, another organization's caller 404", async () => {
    expect((await as(acme, learners[0]!, statistics)).status).toBe(403);
    expect((await as(globex, globex.users.org_admin, statistics)).status).toBe(404);
    expect((await as(acme, acme.users.org_admin, statistics)).status).toBe(200);
  });
});
