import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, enroll } from "@/test/course-factories";
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

describe("POST /api/courses/:id/enrollments (self-enrollment)", () => {
  it("a learner enrolls in a published course with an empty body → 201 active, source self", async () => {
    const course = await createCourse(tenant.id);
    const learner = await createUser(tenant.id, "learner");
    const res = await as(learner, `/api/courses/${course.id}/enrollments`, { method: "POST" });
    expect(res.status).toBe(201);
    expect(res.json.enrollments).toHaveLength(1);
    expect(res.json.enrollments[0]).toMatchObject({
      course_id: course.id,
      user_id: learner.id,
      status: "active",
      source: "self",
      progress_percent: 0,
      completed_at: null,
    });
  });

  it("enrolling twice returns the same enrollment", async () => {
    const course = await createCourse(tenant.id);
    const learner = await createUser(tenant.id, "learner");
    const first = await as(learner, `/api/courses/${course.id}/enrollments`, { method: "POST", json: {} });
    const second = await as(learner, `/api/courses/${course.id}/enrollments`, { method: "POST", json: {} });
    expect(second.status).toBe(201);
    expect(second.json.enrollments[0].id).toBe(first.json.enrollments[0].id);
  });

  it("refused with 403 when the course does not allow self-enrollment", async () => {
    const course = await createCourse(tenant.id, { allowSelfEnrollment: false });
    const res = await as(tenant.users.learner, `/api/courses/${course.id}/enrollments`, { method: "POST" });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(/does not allow self-enrollment/);
  });

  it("a draft course is a 404 for a learner and a 403 for its editor", async () => {
    const course = await createCourse(tenant.id, { status: "draft" });
    expect((await as(tenant.users.learner, `/api/courses/${course.id}/enrollments`, { method: "POST" })).status).toBe(
      404,
    );
    const res = await as(tenant.users.org_admin, `/api/courses/${course.id}/enrollments`, { method: "POST" });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(/not published/);
  });

  it("an archived course is closed to self-enrollment → 403", async () => {
    const course = await createCourse(tenant.id, { status: "archived" });
    expect((await as(tenant.users.learner, `/api/courses/${course.id}/enrollments`, { method: "POST" })).status).toBe(
      403,
    );
  });

  it("another organization's course → 404", async () => {
    const foreign = await createCourse(other.id);
    expect((await as(tenant.users.learner, `/api/courses/${foreign.id}/enrollments`, { method: "POST" })).status).toBe(
      404,
    );
    expect(
      (
        await as(tenant.users.admin, `/api/courses/${foreign.id}/enrollments`, {
          method: "POST",
          json: { user_ids: [tenant.users.learner.id] },
        })
      ).status,
    ).toBe(404);
  });

  it("anonymous → 401; malformed JSON → 400", async () => {
    const course = await createCourse(tenant.id);
    expect((await call(tenant.subdomain, `/api/courses/${course.id}/enrollments`, { method: "POST" })).status).toBe(
      401,
    );
    const res = await call(tenant.subdomain, `/api/courses/${course.id}/enrollments`, {
      method: "POST",
      body: "{nope",
      headers: { "content-type": "application/json" },
      bearer: await cachedSignIn(tenant.subdomain, tenant.users.learner),
    });
    expect(res.status).toBe(400);
  });

  it("a withdrawn learner re-enrolls: reactivated with progress kept", async () => {
    const course = await createCourse(tenant.id);
    const learner = await createUser(tenant.id, "learner");
    const enrollmentId = (await as(learner, `/api/courses/${course.id}/enrollments`, { method: "POST" })).json
      .enrollments[0].id;
    await as(learner, `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/progress`, {
      method: "PUT",
      json: { completed: true },
    });
    expect((await as(learner, `/api/enrollments/${enrollmentId}`, { method: "DELETE" })).status).toBe(204);
    const withdrawn = await testDb().enrollment.findUniqueOrThrow({ where: { id: enrollmentId } });
    expect(withdrawn.status).toBe("withdrawn");
    expect(withdrawn.withdrawnAt).not.toBeNull();
    expect(await testDb().lessonProgress.count({ where: { enrollmentId } })).toBe(1);

    const res = await as(learner, `/api/courses/${course.id}/enrollments`, { method: "POST" });
    expect(res.json.enrollments[0]).toMatchObject({
      id: enrollmentId,
      status: "active",
      progress_percent: 50,
      withdrawn_at: null,
    });
  });
});

describe("POST /api/courses/:id/enrollments with user_ids (staff)", () => {
  it("an admin enrolls several users in one call; existing enrollments are left alone", async () => {
    const course = await createCourse(tenant.id);
    const [a, b, c] = await Promise.all([
      createUser(tenant.id, "learner"),
      createUser(tenant.id, "learner"),
      createUser(tenant.id, "learner"),
    ]);
    await enroll(tenant.id, course.id, a.id, { source: "self" });
    const res = await as(tenant.users.admin, `/api/courses/${course.id}/enrollments`, {
      method: "POST",
      json: { user_ids: [a.id, b.id, c.id, b.id] },
    });
    expect(res.status).toBe(201);
    expect(res.json.enrollments).toHaveLength(3);
    const byUser = Object.fromEntries(
      res.json.enrollments.map((e: { user_id: string; source: string }) => [e.user_id, e.source]),
    );
    expect(byUser).toEqual({ [a.id]: "self", [b.id]: "manual", [c.id]: "manual" });
  });

  it("reactivates withdrawn enrollments, completing them when every lesson was done", async () => {
    const course = await createCourse(tenant.id, { modules: [{ lessons: [{}] }] });
    const learner = await createUser(tenant.id, "learner");
    const enrollment = await enroll(tenant.id, course.id, learner.id, { status: "withdrawn" });
    await testDb().lessonProgress.create({
      data: {
        organizationId: tenant.id,
        courseId: course.id,
        enrollmentId: enrollment.id,
        lessonId: course.lessons[0]!.id,
        status: "completed",
        completedAt: new Date(),
      },
    });
    const res = await as(tenant.users.org_admin, `/api/courses/${course.id}/enrollments`, {
      method: "POST",
      json: { user_ids: [learner.id] },
    });
    expect(res.json.enrollments[0]).toMatchObject({ id: enrollment.id, status: "completed", progress_percent: 100 });
    expect(res.json.enrollments[0].completed_at).not.toBeNull();
  });

  it("users of another organization (or unknown ids) → 400 naming them, and nobody is enrolled", async () => {
    const course = await createCourse(tenant.id);
    const local = await createUser(tenant.id, "learner");
    const foreign = other.users.learner;
    const unknown = "01900000-0000-7000-8000-000000000000";
    const res = await as(tenant.users.admin, `/api/courses/${course.id}/enrollments`, {
      method: "POST",
      json: { user_ids: [local.id, foreign.id, unknown] },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain(foreign.id);
    expect(res.json.error.message).toContain(unknown);
    expect(res.json.error.message).not.toContain(local.id);
    expect(await testDb().enrollment.count({ where: { courseId: course.id } })).toBe(0);
  });

  it("a learner cannot enroll others → 403", async () => {
    const course = await createCourse(tenant.id);
    const res = await as(tenant.users.learner, `/api/courses/${course.id}/enrollments`, {
      method: "POST",
      json: { user_ids: [tenant.users.instructor.id] },
    });
    expect(res.status).toBe(403);
  });

  it("an instructor enrolls into courses they teach only", async () => {
    const instructor = await createUser(tenant.id, "instructor");
    const taught = await createCourse(tenant.id, { instructorIds: [instructor.id], status: "draft" });
    const notTaught = await createCourse(tenant.id);
    const learner = await createUser(tenant.id, "learner");
    expect(
      (
        await as(instructor, `/api/courses/${taught.id}/enrollments`, {
          method: "POST",
          json: { user_ids: [learner.id] },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await as(instructor, `/api/courses/${notTaught.id}/enrollments`, {
          method: "POST",
          json: { user_ids: [learner.id] },
        })
      ).status,
    ).toBe(403);
  });

  it("an empty user_ids list → 400", async () => {
    const course = await createCourse(tenant.id);
    expect(
      (
        await as(tenant.users.admin, `/api/courses/${course.id}/enrollments`, {
          method: "POST",
          json: { user_ids: [] },
        })
      ).status,
    ).toBe(400);
  });
});

describe("GET /api/courses/:id/enrollments", () => {
  it("lists with users, filters by status and searches by name", async () => {
    const course = await createCourse(tenant.id);
    const ann = await createUser(tenant.id, "learner", { firstName: "Annabelle" });
    const bob = await createUser(tenant.id, "learner", { firstName: "Bobby" });
    await enroll(tenant.id, course.id, ann.id);
    await enroll(tenant.id, course.id, bob.id, { status: "withdrawn" });
    const all = await as(tenant.users.admin, `/api/courses/${course.id}/enrollments?page_size=1`);
    expect(all.status).toBe(200);
    expect(all.json).toMatchObject({ page: 1, page_size: 1, total: 2 });
    expect(all.json.items[0].user).toMatchObject({ first_name: expect.any(String), email: expect.any(String) });
    const withdrawn = await as(tenant.users.admin, `/api/courses/${course.id}/enrollments?status=withdrawn`);
    expect(withdrawn.json.items.map((e: { user_id: string }) => e.user_id)).toEqual([bob.id]);
    const search = await as(tenant.users.admin, `/api/courses/${course.id}/enrollments?q=annab`);
    expect(search.json.items.map((e: { user_id: string }) => e.user_id)).toEqual([ann.id]);
  });

  it("learners → 403; instructors of other courses → 403; another organization's course → 404", async () => {
    const course = await createCourse(tenant.id);
    expect((await as(tenant.users.learner, `/api/courses/${course.id}/enrollments`)).status).toBe(403);
    expect((await as(tenant.users.instructor, `/api/courses/${course.id}/enrollments`)).status).toBe(403);
    const foreign = await createCourse(other.id);
    expect((await as(tenant.users.admin, `/api/courses/${foreign.id}/enrollments`)).status).toBe(404);
  });
});

describe("PATCH and DELETE /api/enrollments/:id", () => {
  it("an editor withdraws and reinstates an enrollment", async () => {
    const instructor = await createUser(tenant.id, "instructor");
    const course = await createCourse(tenant.id, { instructorIds: [instructor.id] });
    const enrollment = await enroll(tenant.id, course.id, tenant.users.learner.id);
    const withdrawn = await as(instructor, `/api/enrollments/${enrollment.id}`, {
      method: "PATCH",
      json: { status: "withdrawn" },
    });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.json).toMatchObject({ status: "withdrawn" });
    expect(withdrawn.json.withdrawn_at).not.toBeNull();
    const active = await as(instructor, `/api/enrollments/${enrollment.id}`, {
      method: "PATCH",
      json: { status: "active" },
    });
    expect(active.json).toMatchObject({ status: "active", withdrawn_at: null });
  });

  it("a bad status → 400", async () => {
    const course = await createCourse(tenant.id);
    const enrollment = await enroll(tenant.id, course.id, tenant.users.learner.id);
    expect(
      (
        await as(tenant.users.admin, `/api/enrollments/${enrollment.id}`, {
          method: "PATCH",
          json: { status: "completed" },
        })
      ).status,
    ).toBe(400);
  });

  it("a learner may withdraw themselves but not change their enrollment nor see others'", async () => {
    const course = await createCourse(tenant.id);
    const [me, someone] = await Promise.all([createUser(tenant.id, "learner"), createUser(tenant.id, "learner")]);
    const mine = await enroll(tenant.id, course.id, me.id);
    const theirs = await enroll(tenant.id, course.id, someone.id);
    expect((await as(me, `/api/enrollments/${mine.id}`, { method: "PATCH", json: { status: "active" } })).status).toBe(
      403,
    );
    expect(
      (await as(me, `/api/enrollments/${theirs.id}`, { method: "PATCH", json: { status: "withdrawn" } })).status,
    ).toBe(404);
    expect((await as(me, `/api/enrollments/${theirs.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await as(me, `/api/enrollments/${mine.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await as(me, `/api/enrollments/${mine.id}`, { method: "DELETE" })).status).toBe(204);
  });

  it("an instructor who does not teach the course → 403", async () => {
    const course = await createCourse(tenant.id);
    const enrollment = await enroll(tenant.id, course.id, tenant.users.learner.id);
    expect((await as(tenant.users.instructor, `/api/enrollments/${enrollment.id}`, { method: "DELETE" })).status).toBe(
      403,
    );
  });

  it("another organization's enrollment → 404 for reads, updates and deletes; malformed id → 404", async () => {
    const foreignCourse = await createCourse(other.id);
    const foreign = await enroll(other.id, foreignCourse.id, other.users.learner.id);
    expect(
      (
        await as(tenant.users.admin, `/api/enrollments/${foreign.id}`, {
          method: "PATCH",
          json: { status: "withdrawn" },
        })
      ).status,
    ).toBe(404);
    expect((await as(tenant.users.admin, `/api/enrollments/${foreign.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await as(tenant.users.admin, `/api/enrollments/not-an-id`, { method: "DELETE" })).status).toBe(404);
    expect((await testDb().enrollment.findUniqueOrThrow({ where: { id: foreign.id } })).status).toBe("active");
  });
});
