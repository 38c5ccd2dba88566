import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, testDb, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { learnerWithScormAttempt } from "@/test/scorm-attempts";
import { callAs } from "@/test/session";

// A SCO attempted twice within one package attempt (SCORM 2004 sequencing: a post-test of two attempts),
// through the commit endpoint on a real PostgreSQL: each activity attempt keeps its own result, replays
// archive nothing twice, a late commit of the earlier activity attempt is not applied, and the report of
// the learner's attempts shows both, in the scope of the surrounding reports.

let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
});

afterAll(async () => {
  await testDb().$disconnect();
});

type Learner = Awaited<ReturnType<typeof learnerWithScormAttempt>>;

async function post(learner: Learner, commits: Record<string, unknown>[]) {
  const res = await call(`${tenant.subdomain}.content`, learner.commitPath, {
    method: "POST",
    json: { commits: commits.map((commit) => ({ attemptId: learner.attemptId, terminated: false, ...commit })) },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json as { results: { sequence: number; applied: boolean }[] }).results.map((r) => [
    r.sequence,
    r.applied,
  ]);
}

const failedTest = (raw: string, scaled: string, session: string) => ({
  completion_status: "completed",
  success_status: "failed",
  score: { raw, scaled },
  session_time: session,
  exit: "normal",
});

// The first activity attempt of the test (30 s, then 60 s in all, failed 40 %), and the second one's first commit.
const firstAttemptThenSecond = [
  { sequence: 1, scoId: "sco2", activityAttempt: 1, cmi: { completion_status: "incomplete", session_time: "PT30S" } },
  { sequence: 2, scoId: "sco2", activityAttempt: 1, cmi: failedTest("40", "0.4", "PT1M"), terminated: true },
  { sequence: 3, scoId: "sco2", activityAttempt: 2, cmi: { completion_status: "incomplete", session_time: "PT10S" } },
];

const archived = (attemptId: string) =>
  testDb().scormScoAttempt.findMany({
    where: { attemptId },
    orderBy: { number: "asc" },
    select: {
      scoId: true,
      number: true,
      completionStatus: true,
      successStatus: true,
      scoreRaw: true,
      scoreScaled: true,
      timeSeconds: true,
    },
  });

const current = (attemptId: string) =>
  testDb().scormScoState.findFirstOrThrow({
    where: { attemptId, scoId: "sco2" },
    select: {
      activityAttempt: true,
      activityStartSeconds: true,
      completionStatus: true,
      successStatus: true,
      scoreRaw: true,
      scoreScaled: true,
      totalTimeSeconds: true,
      commitSequence: true,
    },
  });

describe("a SCO's activity attempts through the commit path", () => {
  let learner: Learner;

  beforeAll(async () => {
    learner = await learnerWithScormAttempt(tenant, "scorm2004_4th");
  });

  it("a later activity attempt keeps the earlier one's result and starts the SCO afresh", async () => {
    expect(await post(learner, firstAttemptThenSecond)).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ]);
    expect(await archived(learner.attemptId)).toEqual([
      {
        scoId: "sco2",
        number: 1,
        completionStatus: "completed",
        successStatus: "failed",
        scoreRaw: 40,
        scoreScaled: 0.4,
        timeSeconds: 60,
      },
    ]);
    // Not completed any more: the new activity attempt inherits nothing; the SCO's total keeps both attempts' time.
    expect(await current(learner.attemptId)).toEqual({
      activityAttempt: 2,
      activityStartSeconds: 60,
      completionStatus: "incomplete",
      successStatus: "unknown",
      scoreRaw: null,
      scoreScaled: null,
      totalTimeSeconds: 70,
      commitSequence: 3,
    });
  });

  it("the same batch sent again (a beacon, then the next page's replay) archives nothing twice", async () => {
    expect(await post(learner, firstAttemptThenSecond)).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
    expect((await archived(learner.attemptId)).map((a) => a.number)).toEqual([1]);
    expect(await current(learner.attemptId)).toMatchObject({ activityAttempt: 2, commitSequence: 3 });
  });

  it("the second activity attempt's result is its own; a late commit of the first is acknowledged, not applied", async () => {
    expect(
      await post(learner, [
        { sequence: 4, scoId: "sco2", activityAttempt: 2, cmi: failedTest("50", "0.5", "PT45S"), terminated: true },
      ]),
    ).toEqual([[4, true]]);
    const late = {
      sequence: 5,
      scoId: "sco2",
      activityAttempt: 1,
      cmi: { ...failedTest("100", "1", "PT5S"), success_status: "passed" },
    };
    expect(await post(learner, [late])).toEqual([[5, false]]);
    expect(await current(learner.attemptId)).toEqual({
      activityAttempt: 2,
      activityStartSeconds: 60,
      completionStatus: "completed",
      successStatus: "failed",
      scoreRaw: 50,
      scoreScaled: 0.5,
      totalTimeSeconds: 105,
      commitSequence: 4,
    });
    expect((await archived(learner.attemptId)).map((a) => [a.number, a.scoreRaw])).toEqual([[1, 40]]);
  });
});

describe("GET /api/reports/courses/{courseId}/lessons/{lessonId}/learners/{userId}/attempts", () => {
  let learner: Learner;
  let courseId: string;
  let path: string;

  beforeAll(async () => {
    learner = await learnerWithScormAttempt(tenant, "scorm2004_4th");
    await post(learner, [
      ...firstAttemptThenSecond,
      { sequence: 4, scoId: "sco2", activityAttempt: 2, cmi: failedTest("50", "0.5", "PT45S"), terminated: true },
    ]);
    courseId = (await testDb().lesson.findUniqueOrThrow({ where: { id: learner.lessonId } })).courseId;
    path = `/api/reports/courses/${courseId}/lessons/${learner.lessonId}/learners/${learner.learner.id}/attempts`;
  });

  it("as org_admin: the package attempt, its SCOs in the manifest's order, and both activity attempts of the test", async () => {
    const res = await callAs(tenant.subdomain, tenant.users.org_admin, path);
    expect(res.status).toBe(200);
    const timestamp = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(res.json).toEqual({
      course: { id: courseId, title: expect.any(String) },
      lesson: { id: learner.lessonId, title: expect.any(String), kind: "scorm" },
      learner: {
        id: learner.learner.id,
        first_name: learner.learner.firstName,
        last_name: learner.learner.lastName,
        email: learner.learner.email,
      },
      items: [
        {
          attempt_number: 1,
          completion_status: "incomplete",
          success_status: "failed",
          score: 50,
          time_seconds: 105,
          started_at: timestamp,
          completed_at: null,
          ended_at: null,
          scos: [
            { sco_id: "sco1", title: "sco1", activity_attempts: [] },
            {
              sco_id: "sco2",
              title: "sco2",
              activity_attempts: [
                {
                  number: 1,
                  completion_status: "completed",
                  success_status: "failed",
                  score_raw: 40,
                  score: 40,
                  time_seconds: 60,
                  started_at: timestamp,
                  ended_at: timestamp,
                },
                {
                  number: 2,
                  completion_status: "completed",
                  success_status: "failed",
                  score_raw: 50,
                  score: 50,
                  time_seconds: 45,
                  started_at: timestamp,
                  ended_at: timestamp,
                },
              ],
            },
          ],
        },
      ],
    });
  });

  it("as an instructor: a course they teach, yes; one they do not, 404", async () => {
    const instructor = tenant.users.instructor;
    expect((await callAs(tenant.subdomain, instructor, path)).status).toBe(404);
    await testDb().courseInstructor.create({
      data: { organizationId: tenant.id, courseId, userId: instructor.id },
    });
    const res = await callAs(tenant.subdomain, instructor, path);
    expect(res.status).toBe(200);
    expect(res.json.items[0].scos[1].activity_attempts.map((a: { number: number }) => a.number)).toEqual([1, 2]);
  });

  it("a learner gets 403; another organization, someone not enrolled, or another course's lesson is a 404", async () => {
    expect((await callAs(tenant.subdomain, learner.learner, path)).status).toBe(403);
    expect((await callAs(other.subdomain, other.users.org_admin, path)).status).toBe(404);
    const stranger = await createUser(tenant.id, "learner");
    const strangerPath = path.replace(learner.learner.id, stranger.id);
    expect((await callAs(tenant.subdomain, tenant.users.org_admin, strangerPath)).status).toBe(404);
    const elsewhere = await learnerWithScormAttempt(tenant, "scorm2004_4th");
    const foreignLesson = path.replace(learner.lessonId, elsewhere.lessonId);
    expect((await callAs(tenant.subdomain, tenant.users.org_admin, foreignLesson)).status).toBe(404);
    expect((await callAs(tenant.subdomain, tenant.users.org_admin, `${path}?organization_id=x`)).status).toBe(400);
  });

  it("a lesson that is not SCORM has no attempts", async () => {
    const text = await testDb().lesson.findFirstOrThrow({
      where: { courseId, kind: "text" },
      select: { id: true },
    });
    const res = await callAs(tenant.subdomain, tenant.users.org_admin, path.replace(learner.lessonId, text.id));
    expect(res.status).toBe(200);
    expect(res.json.items).toEqual([]);
  });
});
