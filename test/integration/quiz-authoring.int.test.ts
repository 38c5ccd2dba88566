import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, createUser, testDb, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { call } from "@/test/http";
import { cachedSignIn, callAs } from "@/test/session";

// The instructor's quiz pages and the statistics' CSV (docs/assessments.md "The instructor's pages"): the
// CSV holds the figures worked out by hand and is the course's editors' only; the pages answer a lesson
// of another kind, and an attempt of a course the caller does not edit, as such.

let acme: TestTenant;
let instructor: TestUser;
let otherInstructor: TestUser;
let learners: TestUser[];
let courseId: string;
let quizLessonId: string;
let textLessonId: string;
let emptyQuizLessonId: string;
let attemptId: string;

const as = (user: TestUser, path: string, options?: Parameters<typeof callAs>[3]) =>
  callAs(acme.subdomain, user, path, options);

async function ok(res: Awaited<ReturnType<typeof as>>, status = 200) {
  expect(res.status, res.text).toBe(status);
  return res.json;
}

/** A page as the browser asks for it, signed in as `user`. */
async function page(user: TestUser, path: string) {
  const token = await cachedSignIn(acme.subdomain, user);
  return call(acme.subdomain, path, { headers: { cookie: `next-auth.session-token=${token}` } });
}

beforeAll(async () => {
  acme = await createTenant();
  instructor = acme.users.instructor;
  otherInstructor = await createUser(acme.id, "instructor");
  learners = await Promise.all([1, 2].map(() => createUser(acme.id, "learner")));
  const bank = await ok(await as(instructor, "/api/question-banks", { json: { name: uniqueName("Csv ") } }), 201);
  const question = await ok(
    await as(instructor, `/api/question-banks/${bank.id}/questions`, {
      json: {
        type: "single_choice",
        name: "Capital, of France",
        stem: "<p>Capital?</p>",
        choices: [
          { id: "paris", text: "<p>Paris</p>", fraction: 1 },
          { id: "lyon", text: "=Lyon", fraction: 0 },
        ],
      },
    }),
    201,
  );
  const course = await createCourse(acme.id, {
    instructorIds: [instructor.id],
    modules: [
      {
        lessons: [
          { kind: "quiz", title: "Quiz" },
          { kind: "text", title: "Reading" },
          { kind: "quiz", title: "Not set up" },
        ],
      },
    ],
  });
  courseId = course.id;
  [quizLessonId, textLessonId, emptyQuizLessonId] = course.lessons.map((l) => l.id) as [string, string, string];
  await ok(
    await as(instructor, `/api/courses/${courseId}/lessons/${quizLessonId}/quiz`, {
      method: "PUT",
      json: { slots: [{ kind: "fixed", question_id: question.id }] },
    }),
  );
  for (const [i, learner] of learners.entries()) {
    await enroll(acme.id, courseId, learner.id);
    const started = await ok(
      await as(learner, `/api/courses/${courseId}/lessons/${quizLessonId}/quiz/attempts`, { method: "POST" }),
    );
    await ok(
      await as(learner, `/api/quiz-attempts/${started.id}/answers/1`, {
        method: "PUT",
        json: { session: started.session, sequence: 1, response: { choice_id: i === 0 ? "paris" : "lyon" } },
      }),
    );
    await ok(await as(learner, `/api/quiz-attempts/${started.id}/submit`, { json: { session: started.session } }));
    attemptId = started.id;
  }
});
afterAll(() => testDb().$disconnect());

describe("GET …/quiz/statistics/export", () => {
  it("is the item analysis as CSV: one right of two is a facility of 50%, the choices in words", async () => {
    const res = await as(instructor, `/api/courses/${courseId}/lessons/${quizLessonId}/quiz/statistics/export`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="quiz-statistics-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    // The SD of [1, 0] (sample) is √0.5 = 70.71%; the rest of the score never varies, so no discrimination.
    // A choice written as a formula is neutralised by the CSV writer.
    expect(res.text.replace(/^\uFEFF/, "").split("\r\n")).toEqual([
      "Place,Question,Type,Attempts,Answered,Facility %,SD %,Discrimination %,Options chosen",
      `1,"Capital, of France",single_choice,2,2,50,70.71,,'=Lyon: 1 (50%); Paris: 1 (50%)`,
      "",
    ]);
  });

  it("is the course's editors' only: a learner 403, another course's instructor 403", async () => {
    const path = `/api/courses/${courseId}/lessons/${quizLessonId}/quiz/statistics/export`;
    expect((await as(learners[0]!, path)).status).toBe(403);
    expect((await as(otherInstructor, path)).status).toBe(403);
  });

  it("of a lesson that is no quiz is a 400, of a quiz not set up a 404", async () => {
    const base = `/api/courses/${courseId}/lessons`;
    expect((await as(instructor, `${base}/${textLessonId}/quiz/statistics/export`)).status).toBe(400);
    expect((await as(instructor, `${base}/${emptyQuizLessonId}/quiz/statistics/export`)).status).toBe(404);
  });
});

describe("the instructor's quiz pages", () => {
  it("say a lesson of another kind is not a quiz", async () => {
    const res = await page(instructor, `/admin/courses/${courseId}/lessons/${textLessonId}/quiz`);
    expect(res.status).toBe(200);
    expect(res.text).toContain("This lesson is not a quiz.");
  });

  it("show a quiz not set up yet with no questions, and its statistics empty", async () => {
    const settings = await page(instructor, `/admin/courses/${courseId}/lessons/${emptyQuizLessonId}/quiz`);
    expect(settings.status).toBe(200);
    expect(settings.text).toContain("No questions yet.");
    const statistics = await page(
      instructor,
      `/admin/courses/${courseId}/lessons/${emptyQuizLessonId}/quiz/statistics`,
    );
    expect(statistics.text).toContain("No graded attempts yet.");
  });

  it("give no grading page for an attempt of a course the caller does not edit, even under a course they do", async () => {
    const own = await createCourse(acme.id, { instructorIds: [otherInstructor.id] });
    const res = await page(otherInstructor, `/admin/courses/${own.id}/grading/${attemptId}`);
    expect(res.status).toBe(404);
    expect(res.text).toContain("Page Not Found");
    // Under its own course, for its editor, it is there.
    const mine = await page(instructor, `/admin/courses/${courseId}/grading/${attemptId}`);
    expect(mine.status).toBe(200);
    expect(mine.text).toContain("Question 1: Capital, of France");
  });
});
