import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, testDb, type TestTenant, type TestUser } from "@/test/factories";
import { createQuestion, createQuestionBank, createQuizLesson } from "@/test/quiz-factories";
import { callAs } from "@/test/session";

// Immediate review (docs/assessments.md "Review"): a quiz whose policy shows feedback and right answers
// "immediately" shows them during the attempt only for a question the learner checks, and a checked answer
// no longer changes, so seeing the right answer cannot change the score. A quiz that shows nothing before
// submission has nothing to check.

let acme: TestTenant;
let learner: TestUser;
let bankId: string;
let capital: string;
let planets: string;
beforeAll(async () => {
  acme = await createTenant();
  learner = acme.users.learner;
  bankId = await createQuestionBank(acme, acme.users.instructor);
  capital = await createQuestion(acme, acme.users.instructor, bankId, {
    type: "single_choice",
    stem: "<p>Capital of France?</p>",
    general_feedback: "<p>Paris has been the capital since 987.</p>",
    choices: [
      { id: "paris", text: "Paris", fraction: 1, feedback: "<p>Right: Paris.</p>" },
      { id: "lyon", text: "Lyon", fraction: 0, feedback: "<p>Lyon is the third city.</p>" },
    ],
  });
  planets = await createQuestion(acme, acme.users.instructor, bankId, {
    type: "true_false",
    stem: "<p>Pluto is a planet.</p>",
    correct: false,
  });
});
afterAll(() => testDb().$disconnect());

const as = (path: string, options?: Parameters<typeof callAs>[3]) => callAs(acme.subdomain, learner, path, options);

const settings = (review: Record<string, string>) => ({
  shuffle_answers: false,
  review,
  slots: [
    { kind: "fixed", question_id: capital, mark: 2 },
    { kind: "fixed", question_id: planets, mark: 1 },
  ],
});

async function start(review: Record<string, string>) {
  const quiz = await createQuizLesson(acme, settings(review));
  const res = await as(`/api/courses/${quiz.course.id}/lessons/${quiz.lessonId}/quiz/attempts`, { method: "POST" });
  expect(res.status, res.text).toBe(200);
  const attempt = res.json as { id: string; session: number; can_check: boolean; course_id: string; lesson_id: string };
  const save = (position: number, sequence: number, response: unknown) =>
    as(`/api/quiz-attempts/${attempt.id}/answers/${position}`, {
      method: "PUT",
      json: { session: attempt.session, sequence, response },
    });
  const check = (position: number, session = attempt.session) =>
    as(`/api/quiz-attempts/${attempt.id}/answers/${position}/check`, { json: { session } });
  return { attempt, save, check };
}

describe("a quiz showing feedback and right answers immediately", () => {
  const immediate = { marks: "immediately", correct_answers: "immediately", feedback: "immediately" };

  it("the attempt says answers may be checked; the review shows nothing of an answered, unchecked question", async () => {
    const { attempt, save } = await start(immediate);
    expect(attempt.can_check).toBe(true);
    expect((await save(1, 1, { choice_id: "lyon" })).status).toBe(200);
    const review = await as(`/api/quiz-attempts/${attempt.id}/review`);
    expect(review.status).toBe(200);
    expect(review.json.questions[0]).not.toHaveProperty("correct_answer");
    expect(review.json.questions[0]).not.toHaveProperty("feedback");
    expect(review.json.questions[0]).not.toHaveProperty("marks");
    expect(review.text).not.toContain("Lyon is the third city");
  });

  it("checking shows the question's marks, feedback and right answer; the answer then no longer changes", async () => {
    const { attempt, save, check } = await start(immediate);
    expect((await save(1, 1, { choice_id: "lyon" })).status).toBe(200);
    const checked = await check(1);
    expect(checked.status, checked.text).toBe(200);
    expect(checked.json).toMatchObject({
      position: 1,
      mark: 2,
      response: { choice_id: "lyon" },
      fraction: 0,
      marks: 0,
      feedback: {
        general: "<p>Paris has been the capital since 987.</p>",
        specific: ["<p>Lyon is the third city.</p>"],
        comment: null,
      },
      correct_answer: { choice_ids: ["paris"] },
    });

    const changed = await save(1, 2, { choice_id: "paris" });
    expect(changed.status).toBe(409);
    expect(changed.json.error).toEqual({
      code: "ANSWER_CHECKED",
      message: "Question 1 was checked: its answer can no longer change",
    });
    // A late copy of the save that was checked is acknowledged as already kept.
    expect((await save(1, 1, { choice_id: "lyon" })).json).toMatchObject({ sequence: 1, applied: false });
    // Checking again answers the same; the attempt and its review say it is checked.
    expect((await check(1)).json.correct_answer).toEqual({ choice_ids: ["paris"] });
    const read = await as(`/api/quiz-attempts/${attempt.id}`);
    expect(read.json.questions.map((q: { answer: { checked: boolean } | null }) => q.answer?.checked ?? null)).toEqual([
      true,
      null,
    ]);
    const review = await as(`/api/quiz-attempts/${attempt.id}/review`);
    expect(review.json.questions[0]).toMatchObject({ marks: 0, correct_answer: { choice_ids: ["paris"] } });
    expect(review.json.questions[1]).not.toHaveProperty("correct_answer");

    // The other question still takes answers; the submission scores the checked answer as it was.
    expect((await save(2, 3, { value: false })).status).toBe(200);
    const submitted = await as(`/api/quiz-attempts/${attempt.id}/submit`, { json: { session: attempt.session } });
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.json).toMatchObject({ state: "graded", score: 1, max_score: 3 });
  });

  it("a question with no saved answer, another window's session, a submitted attempt: refused", async () => {
    const { attempt, check } = await start(immediate);
    const unanswered = await check(2);
    expect(unanswered.status).toBe(409);
    expect(unanswered.json.error.message).toBe("Question 2 has no saved answer to check");
    expect((await check(9)).status).toBe(404);
    // The attempt resumed elsewhere: this window's session is an older one.
    const resumed = await as(`/api/courses/${attempt.course_id}/lessons/${attempt.lesson_id}/quiz/attempts`, {
      method: "POST",
    });
    expect(resumed.json.session).toBe(attempt.session + 1);
    const stale = await check(1);
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe("ATTEMPT_REPLACED");
    expect((await as(`/api/quiz-attempts/${attempt.id}/answers/1/check`, { json: {} })).status).toBe(400);
    await as(`/api/quiz-attempts/${attempt.id}/submit`, { json: { session: resumed.json.session } });
    const after = await check(1, resumed.json.session);
    expect(after.status).toBe(409);
    expect(after.json.error.message).toBe("This attempt has been submitted: its answers can no longer change");
  });

  it("another learner's attempt is not found", async () => {
    const { attempt, save } = await start(immediate);
    expect((await save(1, 1, { choice_id: "paris" })).status).toBe(200);
    const other = await callAs(
      acme.subdomain,
      acme.users.instructor,
      `/api/quiz-attempts/${attempt.id}/answers/1/check`,
      {
        json: { session: attempt.session },
      },
    );
    expect(other.status).toBe(404);
  });
});

describe("a quiz showing its review only after submission", () => {
  it("has nothing to check: can_check is false and a check is refused", async () => {
    const { attempt, save, check } = await start({
      marks: "after_submission",
      correct_answers: "after_submission",
      feedback: "after_submission",
    });
    expect(attempt.can_check).toBe(false);
    expect((await save(1, 1, { choice_id: "lyon" })).status).toBe(200);
    const refused = await check(1);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe("This quiz shows no feedback, marks or right answers before submission");
    expect((await save(1, 2, { choice_id: "paris" })).json).toMatchObject({ applied: true });
  });
});
