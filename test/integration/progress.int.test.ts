import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, createLesson, enroll, type CourseSpec } from "@/test/course-factories";
import { createTenant, createUser, testDb, type TestTenant, type TestUser } from "@/test/factories";
import { call } from "@/test/http";
import { cachedSignIn, callAs } from "@/test/session";

let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => testDb().$disconnect());

const as = (user: TestUser, path: string, options: { method?: string; json?: unknown } = {}, t: TestTenant = tenant) =>
  callAs(t.subdomain, user, path, options);

/** A course and a fresh learner enrolled in it. */
async function enrolledLearner(spec?: CourseSpec) {
  const course = await createCourse(tenant.id, spec);
  const learner = await createUser(tenant.id, "learner");
  const enrollment = await enroll(tenant.id, course.id, learner.id);
  const put = (lessonId: string, json: unknown) =>
    as(learner, `/api/courses/${course.id}/lessons/${lessonId}/progress`, { method: "PUT", json });
  return { course, learner, enrollment, put };
}

describe("PUT /api/courses/:id/lessons/:lessonId/progress", () => {
  it("marking text lessons complete moves the percentage, then completes the course with a timestamp", async () => {
    const { course, put } = await enrolledLearner({ modules: [{ lessons: [{}, {}] }, { lessons: [{}, {}] }] });
    const first = await put(course.lessons[0]!.id, { completed: true });
    expect(first.status).toBe(200);
    expect(first.json.lesson).toMatchObject({ lesson_id: course.lessons[0]!.id, status: "completed" });
    expect(first.json.enrollment).toMatchObject({
      status: "active",
      progress_percent: 25,
      last_lesson_id: course.lessons[0]!.id,
      completed_at: null,
    });
    expect(first.json.enrollment.last_accessed_at).not.toBeNull();
    for (const lesson of course.lessons.slice(1, 3)) await put(lesson.id, { completed: true });
    const before = Date.now();
    const last = await put(course.lessons[3]!.id, { completed: true });
    expect(last.json.enrollment).toMatchObject({ status: "completed", progress_percent: 100 });
    expect(new Date(last.json.enrollment.completed_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("counts required lessons only; optional ones do not move the percentage", async () => {
    const { course, put } = await enrolledLearner({ modules: [{ lessons: [{}, { isRequired: false }, {}] }] });
    expect((await put(course.lessons[1]!.id, { completed: true })).json.enrollment.progress_percent).toBe(0);
    expect((await put(course.lessons[0]!.id, { completed: true })).json.enrollment.progress_percent).toBe(50);
    expect((await put(course.lessons[2]!.id, { completed: true })).json.enrollment).toMatchObject({
      progress_percent: 100,
      status: "completed",
    });
  });

  it("a course without required lessons counts all of them", async () => {
    const { course, put } = await enrolledLearner({
      modules: [{ lessons: [{ isRequired: false }, { isRequired: false }, { isRequired: false }] }],
    });
    expect((await put(course.lessons[0]!.id, { completed: true })).json.enrollment.progress_percent).toBe(33);
  });

  it("a video completes at 95 % of its duration, not before", async () => {
    const { course, put } = await enrolledLearner({
      modules: [{ lessons: [{ kind: "video", durationSeconds: 100, mediaUrl: "https://example.test/v.webm" }] }],
    });
    const lessonId = course.lessons[0]!.id;
    const partial = await put(lessonId, { position_seconds: 50 });
    expect(partial.json.lesson).toMatchObject({ status: "in_progress", position_seconds: 50 });
    expect(partial.json.enrollment.progress_percent).toBe(0);
    const watched = await put(lessonId, { position_seconds: 96 });
    expect(watched.json.lesson.status).toBe("completed");
    expect(watched.json.enrollment).toMatchObject({ progress_percent: 100, status: "completed" });
  });

  it("a video of unknown length completes on the ended event", async () => {
    const { course, put } = await enrolledLearner({
      modules: [{ lessons: [{ kind: "video", mediaUrl: "https://example.test/v.webm" }] }],
    });
    expect((await put(course.lessons[0]!.id, { position_seconds: 500 })).json.lesson.status).toBe("in_progress");
    expect((await put(course.lessons[0]!.id, { position_seconds: 510, completed: true })).json.lesson.status).toBe(
      "completed",
    );
  });

  it("completed: false un-completes a lesson; the course completion and its time are kept", async () => {
    const { course, put } = await enrolledLearner({ modules: [{ lessons: [{}] }] });
    const done = await put(course.lessons[0]!.id, { completed: true });
    const undone = await put(course.lessons[0]!.id, { completed: false });
    expect(undone.json.lesson).toMatchObject({ status: "in_progress", completed_at: null });
    expect(undone.json.enrollment).toMatchObject({
      status: "completed",
      progress_percent: 0,
      completed_at: done.json.enrollment.completed_at,
    });
  });

  it("SCORM lessons → 400; an unknown lesson or a lesson of another course → 404", async () => {
    const { course, put } = await enrolledLearner({ modules: [{ lessons: [{ kind: "scorm" }] }] });
    expect((await put(course.lessons[0]!.id, { completed: true })).status).toBe(400);
    expect((await put("01900000-0000-7000-8000-000000000000", { completed: true })).status).toBe(404);
    const elsewhere = await createCourse(tenant.id);
    expect((await put(elsewhere.lessons[0]!.id, { completed: true })).status).toBe(404);
  });

  it("invalid input → 400", async () => {
    const { course, put } = await enrolledLearner();
    expect((await put(course.lessons[0]!.id, { position_seconds: -3 })).status).toBe(400);
  });

  it("a learner who is not enrolled gets the modules message (403); withdrawn too", async () => {
    const course = await createCourse(tenant.id);
    const learner = await createUser(tenant.id, "learner");
    const path = `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/progress`;
    const res = await as(learner, path, { method: "PUT", json: { completed: true } });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe("You do not have permission to view this course modules.");
    await enroll(tenant.id, course.id, learner.id, { status: "withdrawn" });
    expect((await as(learner, path, { method: "PUT", json: { completed: true } })).status).toBe(403);
  });

  it("an editor who is not enrolled → 409 (nothing to keep progress in)", async () => {
    const course = await createCourse(tenant.id);
    expect(
      (
        await as(tenant.users.admin, `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/progress`, {
          method: "PUT",
          json: { completed: true },
        })
      ).status,
    ).toBe(409);
  });

  it("another organization's course or lesson → 404", async () => {
    const foreign = await createCourse(other.id);
    await enroll(other.id, foreign.id, other.users.learner.id);
    expect(
      (
        await as(tenant.users.learner, `/api/courses/${foreign.id}/lessons/${foreign.lessons[0]!.id}/progress`, {
          method: "PUT",
          json: { completed: true },
        })
      ).status,
    ).toBe(404);
    const { course, put } = await enrolledLearner();
    expect(course.id).toBeTruthy();
    expect((await put(foreign.lessons[0]!.id, { completed: true })).status).toBe(404);
  });

  it("concurrent completions of different lessons all count", async () => {
    const { course, put } = await enrolledLearner({ modules: [{ lessons: [{}, {}, {}, {}] }] });
    await Promise.all(course.lessons.map((l) => put(l.id, { completed: true })));
    const enrollment = await testDb().enrollment.findFirstOrThrow({ where: { courseId: course.id } });
    expect(enrollment).toMatchObject({ progressPercent: 100, status: "completed" });
  });
});

describe("GET /api/courses/:id/progress", () => {
  it("returns the caller's enrollment and lesson progress", async () => {
    const { course, learner, put } = await enrolledLearner({
      modules: [{ lessons: [{}, { kind: "video", mediaUrl: "https://example.test/v.webm" }] }],
    });
    await put(course.lessons[0]!.id, { completed: true });
    await put(course.lessons[1]!.id, { position_seconds: 12 });
    const res = await as(learner, `/api/courses/${course.id}/progress`);
    expect(res.status).toBe(200);
    expect(res.json.enrollment).toMatchObject({ course_id: course.id, user_id: learner.id, progress_percent: 50 });
    expect(res.json.lessons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ lesson_id: course.lessons[0]!.id, status: "completed" }),
        expect.objectContaining({
          lesson_id: course.lessons[1]!.id,
          status: "in_progress",
          position_seconds: 12,
          completed_at: null,
        }),
      ]),
    );
  });

  it("not enrolled → enrollment null; a draft → 404 for learners; another organization's → 404", async () => {
    const course = await createCourse(tenant.id);
    expect((await as(tenant.users.learner, `/api/courses/${course.id}/progress`)).json).toEqual({
      enrollment: null,
      lessons: [],
    });
    const draft = await createCourse(tenant.id, { status: "draft" });
    expect((await as(tenant.users.learner, `/api/courses/${draft.id}/progress`)).status).toBe(404);
    const foreign = await createCourse(other.id);
    expect((await as(tenant.users.learner, `/api/courses/${foreign.id}/progress`)).status).toBe(404);
  });
});

describe("recomputation when the outline changes", () => {
  it("a lesson added after completion lowers the percentage but keeps the completion and its time", async () => {
    const { course, enrollment, put } = await enrolledLearner({ modules: [{ lessons: [{}] }] });
    const done = await put(course.lessons[0]!.id, { completed: true });
    await createLesson(tenant.id, course.id, course.modules[0]!.id, 1);
    // What the lesson services call after adding a lesson (same code path as the API's writes).
    const { recomputeCourseProgress } = await import("@/lib/server/progress/recompute");
    await testDb().$transaction((tx) => recomputeCourseProgress(tx, tenant.id, course.id));
    const row = await testDb().enrollment.findUniqueOrThrow({ where: { id: enrollment.id } });
    expect(row).toMatchObject({ status: "completed", progressPercent: 50 });
    expect(row.completedAt?.toISOString()).toBe(done.json.enrollment.completed_at);
  });
});

describe("opening a lesson page", () => {
  it("moves the continue mark to that lesson; opening it again within a minute writes nothing", async () => {
    const { course, learner, enrollment } = await enrolledLearner();
    const cookie = `next-auth.session-token=${await cachedSignIn(tenant.subdomain, learner)}`;
    const open = (lesson: { id: string; moduleId: string }) =>
      call(tenant.subdomain, `/courses/${course.id}/modules/${lesson.moduleId}/lessons/${lesson.id}`, {
        headers: { cookie },
      });
    const mark = () =>
      testDb().enrollment.findUniqueOrThrow({
        where: { id: enrollment.id },
        select: { lastLessonId: true, lastAccessedAt: true, updatedAt: true },
      });
    const [first, second] = course.lessons;

    expect((await open(first!)).status).toBe(200);
    const opened = await mark();
    expect(opened.lastLessonId).toBe(first!.id);
    expect(opened.lastAccessedAt).not.toBeNull();

    expect((await open(first!)).status).toBe(200);
    expect(await mark()).toEqual(opened);

    expect((await open(second!)).status).toBe(200);
    const moved = await mark();
    expect(moved.lastLessonId).toBe(second!.id);
    expect(moved.lastAccessedAt!.getTime()).toBeGreaterThanOrEqual(opened.lastAccessedAt!.getTime());
  });

  it("moves it only for who may open the lesson: an instructor in their own draft, not a learner there (404) nor a withdrawn one (403)", async () => {
    const instructor = await createUser(tenant.id, "instructor");
    const draft = await createCourse(tenant.id, { status: "draft", instructorIds: [instructor.id] });
    const published = await createCourse(tenant.id);
    const learner = await createUser(tenant.id, "learner");
    const [teaching, inDraft, withdrawn] = await Promise.all([
      enroll(tenant.id, draft.id, instructor.id),
      enroll(tenant.id, draft.id, learner.id),
      enroll(tenant.id, published.id, learner.id, { status: "withdrawn" }),
    ]);
    const open = async (user: TestUser, course: typeof draft) => {
      const lesson = course.lessons[0]!;
      const cookie = `next-auth.session-token=${await cachedSignIn(tenant.subdomain, user)}`;
      const path = `/courses/${course.id}/modules/${lesson.moduleId}/lessons/${lesson.id}`;
      return (await call(tenant.subdomain, path, { headers: { cookie } })).status;
    };
    const markOf = async (enrollmentId: string) =>
      (await testDb().enrollment.findUniqueOrThrow({ where: { id: enrollmentId }, select: { lastLessonId: true } }))
        .lastLessonId;

    expect(await open(instructor, draft)).toBe(200);
    expect(await markOf(teaching.id)).toBe(draft.lessons[0]!.id);
    expect(await open(learner, draft)).toBe(404);
    expect(await markOf(inDraft.id)).toBeNull();
    expect(await open(learner, published)).toBe(403);
    expect(await markOf(withdrawn.id)).toBeNull();
  });
});
