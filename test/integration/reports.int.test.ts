import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { createCourse } from "@/test/course-factories";
import { createSuperadmin, createTenant, testDb, type TestUser } from "@/test/factories";
import { call, hostFor, testPort } from "@/test/http";
import { buildReportWorld, type ReportWorld } from "@/test/report-fixtures";
import { callAs, cachedSignIn } from "@/test/session";

// The report API against a hand-built organization (test/report-fixtures.ts counts every figure).

let w: ReportWorld;
let other: ReportWorld;
let superadmin: TestUser;
beforeAll(async () => {
  [w, other, superadmin] = await Promise.all([buildReportWorld(), buildReportWorld(), createSuperadmin()]);
}, 60_000);
afterAll(() => testDb().$disconnect());

const get = (user: TestUser, path: string, world = w) => callAs(world.tenant.subdomain, user, path);

describe("GET /api/reports/overview", () => {
  it("as org_admin: the organization's metrics, active learners, SCORM results and completion by course", async () => {
    const res = await get(w.tenant.users.org_admin, "/api/reports/overview");
    expect(res.status).toBe(200);
    expect(res.json.metrics).toEqual({ total_enrollments: 5, completed_enrollments: 1, completion_rate: 20 });
    expect(res.json.scope).toEqual({ kind: "organization", organization_id: w.tenant.id });
    expect(res.json.enrollments).toMatchObject({
      enrolled: 5,
      not_started: 1,
      in_progress: 2,
      completed: 1,
      withdrawn: 1,
    });
    expect(res.json.active_learners).toEqual({ last_7_days: 1, last_30_days: 2 });
    expect(res.json.scorm).toEqual({ average_score: 80, scored_lessons: 1, passed: 1, failed: 0 });
    expect(res.json.completion_by_course).toEqual([
      { course_id: w.c1.id, title: w.c1.title, total_enrollments: 3, completed_enrollments: 1, completion_rate: 33 },
      { course_id: w.c2.id, title: w.c2.title, total_enrollments: 2, completed_enrollments: 0, completion_rate: 0 },
    ]);
    expect(res.json.timeline.points).toHaveLength(30);
    const days = res.json.timeline.points.map((p: { date: string }) => p.date);
    expect(days[0]).toBe(res.json.timeline.from);
    expect(days[29]).toBe(res.json.timeline.to);
    expect([...days].sort()).toEqual(days);
  });

  it("says when the organization's summaries were last refreshed", async () => {
    const before = Date.now();
    const refresh = await callAs(w.tenant.subdomain, w.tenant.users.org_admin, "/api/reports/refresh", {
      method: "POST",
    });
    expect(refresh.status).toBe(200);
    const res = await get(w.tenant.users.org_admin, "/api/reports/overview");
    expect(res.json.refreshed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(res.json.refreshed_at)).toBeGreaterThanOrEqual(before - 2_000);
    expect(Date.parse(res.json.refreshed_at)).toBeLessThanOrEqual(Date.now() + 2_000);
  });

  it("as an instructor: only the courses they teach", async () => {
    const res = await get(w.instructor1, "/api/reports/overview");
    expect(res.json.metrics).toEqual({ total_enrollments: 3, completed_enrollments: 1, completion_rate: 33 });
    expect(res.json.scope.kind).toBe("instructor");
    expect(res.json.completion_by_course.map((c: { course_id: string }) => c.course_id)).toEqual([w.c1.id]);
    expect(res.json.active_learners).toEqual({ last_7_days: 1, last_30_days: 2 });
    const two = await get(w.instructor2, "/api/reports/overview");
    expect(two.json.metrics).toEqual({ total_enrollments: 2, completed_enrollments: 0, completion_rate: 0 });
    // L1's C2 activity was 40 days ago.
    expect(two.json.active_learners).toEqual({ last_7_days: 0, last_30_days: 0 });
  });

  it("rounds 2 of 3 to 67 and 0 of 0 to 0", async () => {
    const c3 = await get(w.tenant.users.org_admin, `/api/reports/overview?course_id=${w.c3.id}`);
    expect(c3.json.metrics).toEqual({ total_enrollments: 0, completed_enrollments: 0, completion_rate: 0 });
    const lessons = await get(w.tenant.users.org_admin, `/api/reports/courses/${w.c1.id}/lessons`);
    expect(lessons.json.items[0]).toMatchObject({ completed: 2, completion_rate: 67 });
  });

  it("filters by days, status, group, category and course", async () => {
    const admin = w.tenant.users.org_admin;
    const january = await get(admin, "/api/reports/overview?from=2026-01-10&to=2026-01-12");
    expect(january.json.metrics).toEqual({ total_enrollments: 3, completed_enrollments: 1, completion_rate: 33 });
    expect(january.json.timeline).toEqual({
      from: "2026-01-10",
      to: "2026-01-12",
      bucket: "day",
      points: [
        { date: "2026-01-10", enrollments: 1, completions: 0 },
        { date: "2026-01-11", enrollments: 2, completions: 0 },
        { date: "2026-01-12", enrollments: 0, completions: 1 },
      ],
    });
    const february = await get(admin, "/api/reports/overview?from=2026-02-01&to=2026-02-28");
    expect(february.json.metrics).toEqual({ total_enrollments: 2, completed_enrollments: 0, completion_rate: 0 });
    const completed = await get(admin, "/api/reports/overview?status=completed");
    expect(completed.json.metrics).toEqual({ total_enrollments: 1, completed_enrollments: 1, completion_rate: 100 });
    const group = await get(admin, `/api/reports/overview?group_id=${w.groupId}`);
    expect(group.json.metrics).toEqual({ total_enrollments: 3, completed_enrollments: 1, completion_rate: 33 });
    const category = await get(admin, `/api/reports/overview?category_id=${w.category.id}`);
    expect(category.json.metrics).toEqual({ total_enrollments: 3, completed_enrollments: 1, completion_rate: 33 });
    // The group's timeline comes from the enrollments, the unfiltered one from the day summaries: the same days.
    const groupDays = await get(admin, `/api/reports/overview?group_id=${w.groupId}&from=2026-01-10&to=2026-01-12`);
    expect(groupDays.json.timeline.points.map((p: { enrollments: number }) => p.enrollments)).toEqual([1, 1, 0]);
  });

  it("answers 400 for a day outside 1900–2099 or a range backwards, 403 to learners", async () => {
    expect((await get(w.tenant.users.org_admin, "/api/reports/overview?from=1899-12-31")).status).toBe(400);
    expect((await get(w.tenant.users.org_admin, "/api/reports/overview?to=2100-01-01")).status).toBe(400);
    expect((await get(w.tenant.users.org_admin, "/api/reports/overview?from=2026-02-01&to=2026-01-01")).status).toBe(
      400,
    );
    expect((await get(w.learners[0], "/api/reports/overview")).status).toBe(403);
    expect((await call(w.tenant.subdomain, "/api/reports/overview")).status).toBe(401);
  });
});

describe("GET /api/reports/courses", () => {
  it("per course: enrolled, in progress, completed, rate, average progress, score and time", async () => {
    const res = await get(w.tenant.users.org_admin, "/api/reports/courses?sort=enrolled");
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(3);
    expect(res.json.items[0]).toEqual({
      course_id: w.c1.id,
      title: w.c1.title,
      status: "published",
      organization_id: w.tenant.id,
      category: { id: w.category.id, name: w.category.name },
      enrolled: 3,
      not_started: 1,
      in_progress: 1,
      completed: 1,
      withdrawn: 0,
      completion_rate: 33,
      average_progress: 50,
      average_score: 80,
      average_time_seconds: 153,
      passed: 1,
      failed: 0,
    });
    expect(res.json.items[1]).toMatchObject({
      course_id: w.c2.id,
      enrolled: 2,
      in_progress: 1,
      withdrawn: 1,
      completion_rate: 0,
      average_score: null,
      category: null,
    });
    expect(res.json.items[2]).toMatchObject({
      course_id: w.c3.id,
      enrolled: 0,
      completion_rate: 0,
      average_progress: 0,
    });
  });

  it("the same figures through the enrollments when a filter narrows them", async () => {
    const res = await get(w.tenant.users.org_admin, `/api/reports/courses?group_id=${w.groupId}`);
    // C3 has none of the group's enrollments: it is left out.
    expect(
      res.json.items.map((r: { course_id: string; enrolled: number; completed: number }) => [
        r.course_id,
        r.enrolled,
        r.completed,
      ]),
    ).toEqual([
      [w.c1.id, 2, 1],
      [w.c2.id, 1, 0],
    ]);
    const c1 = res.json.items.find((r: { course_id: string }) => r.course_id === w.c1.id);
    expect(c1).toMatchObject({
      enrolled: 2,
      completed: 1,
      in_progress: 1,
      completion_rate: 50,
      average_progress: 75,
      average_score: 80,
      average_time_seconds: 230,
    });
  });

  it("pages, sorts and searches; an instructor sees their own courses only", async () => {
    const page = await get(
      w.tenant.users.org_admin,
      "/api/reports/courses?sort=completion_rate&order=desc&page=2&page_size=1",
    );
    expect(page.json).toMatchObject({ page: 2, page_size: 1, total: 3 });
    expect(page.json.items.map((r: { completion_rate: number }) => r.completion_rate)).toEqual([0]);
    const search = await get(w.tenant.users.org_admin, `/api/reports/courses?q=${encodeURIComponent(w.c2.title)}`);
    expect(search.json.items.map((r: { course_id: string }) => r.course_id)).toEqual([w.c2.id]);
    const mine = await get(w.instructor1, "/api/reports/courses");
    expect(mine.json.items.map((r: { course_id: string }) => r.course_id)).toEqual([w.c1.id]);
  });

  it("exports the rows as CSV with a byte-order mark", async () => {
    const res = await get(w.instructor1, "/api/reports/courses/export");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="report-courses-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.text.startsWith("\uFEFFcourse_id,title,category")).toBe(true);
    const lines = res.text.trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(`${w.c1.id},${w.c1.title},${w.category.name},published,3,1,1,1,0,33,50,80,153,1,0`);
  });
});

describe("GET /api/reports/courses/{courseId}/lessons and a lesson's learners", () => {
  it("per lesson: completions, SCORM success, score and time", async () => {
    const res = await get(w.instructor1, `/api/reports/courses/${w.c1.id}/lessons`);
    expect(res.status).toBe(200);
    expect(res.json.total_enrollments).toBe(3);
    const [t1, s1] = w.c1.lessons;
    expect(res.json.items).toEqual([
      expect.objectContaining({
        lesson_id: t1!.id,
        kind: "text",
        in_progress: 0,
        completed: 2,
        completion_rate: 67,
        passed: 0,
        failed: 0,
        average_score: null,
        attempts: 0,
        average_time_seconds: 80,
      }),
      expect.objectContaining({
        lesson_id: s1!.id,
        kind: "scorm",
        completed: 1,
        completion_rate: 33,
        passed: 1,
        average_score: 80,
        average_time_seconds: 300,
      }),
    ]);
  });

  it("who completed a lesson", async () => {
    const t1 = w.c1.lessons[0]!.id;
    const res = await get(
      w.instructor1,
      `/api/reports/courses/${w.c1.id}/lessons/${t1}/learners?lesson_status=completed`,
    );
    expect(res.status).toBe(200);
    expect(res.json.items.map((r: { user_id: string }) => r.user_id).sort()).toEqual(
      [w.learners[0].id, w.learners[1].id].sort(),
    );
    const all = await get(
      w.instructor1,
      `/api/reports/courses/${w.c1.id}/lessons/${w.c1.lessons[1]!.id}/learners?sort=score&order=desc`,
    );
    expect(all.json.total).toBe(3);
    expect(all.json.items[0]).toMatchObject({
      user_id: w.learners[0].id,
      lesson_status: "completed",
      success_status: "passed",
      score: 80,
      time_seconds: 300,
    });
  });

  it("another instructor's course, or another organization's, is a 404", async () => {
    expect((await get(w.instructor2, `/api/reports/courses/${w.c1.id}/lessons`)).status).toBe(404);
    expect((await get(w.tenant.users.org_admin, `/api/reports/courses/${other.c1.id}/lessons`)).status).toBe(404);
    expect(
      (await get(w.instructor1, `/api/reports/courses/${w.c1.id}/lessons/${other.c1.lessons[0]!.id}/learners`)).status,
    ).toBe(404);
  });
});

describe("GET /api/reports/groups and /api/reports/learners", () => {
  it("per group: its members' enrollments", async () => {
    const res = await get(w.tenant.users.org_admin, "/api/reports/groups");
    expect(res.json.items).toEqual([
      expect.objectContaining({
        group_id: w.groupId,
        members: 2,
        enrolled: 3,
        in_progress: 2,
        completed: 1,
        completion_rate: 33,
        average_progress: 50,
        average_score: 80,
      }),
    ]);
    // An instructor manages no group here (none made by them, none given their course).
    expect((await get(w.instructor1, "/api/reports/groups")).json.total).toBe(0);
  });

  it("per learner: every course of theirs for admins, the instructor's courses for instructors", async () => {
    const res = await get(w.tenant.users.org_admin, "/api/reports/learners?sort=enrolled&order=desc");
    const byId = Object.fromEntries(res.json.items.map((r: { user_id: string }) => [r.user_id, r]));
    expect(res.json.total).toBe(3);
    expect(byId[w.learners[0].id]).toMatchObject({
      enrolled: 2,
      completed: 1,
      in_progress: 1,
      completion_rate: 50,
      average_score: 80,
    });
    expect(byId[w.learners[1].id]).toMatchObject({
      enrolled: 1,
      completed: 0,
      completion_rate: 0,
      average_progress: 50,
    });
    expect(byId[w.learners[2].id]).toMatchObject({ enrolled: 2, not_started: 1, withdrawn: 1, last_activity_at: null });
    const mine = await get(w.instructor2, "/api/reports/learners");
    expect(mine.json.total).toBe(2);
    expect(mine.json.items.map((r: { user_id: string; enrolled: number }) => [r.user_id, r.enrolled]).sort()).toEqual(
      [
        [w.learners[0].id, 1],
        [w.learners[2].id, 1],
      ].sort(),
    );
    const grouped = await get(w.tenant.users.org_admin, `/api/reports/learners?group_id=${w.groupId}`);
    expect(grouped.json.total).toBe(2);
    // Filtered by the enrollments' status, by name from Z: the same last name, then first names Cy, Bo, Ada.
    const active = await get(w.tenant.users.org_admin, "/api/reports/learners?status=active&order=desc&page_size=2");
    expect(active.json.total).toBe(3);
    expect(active.json.items.map((r: { user_id: string; enrolled: number }) => [r.user_id, r.enrolled])).toEqual([
      [w.learners[2].id, 1],
      [w.learners[1].id, 1],
    ]);
  });

  it("one learner's courses; someone outside the instructor's courses is a 404", async () => {
    const res = await get(w.tenant.users.org_admin, `/api/reports/learners/${w.learners[0].id}`);
    expect(res.status).toBe(200);
    expect(res.json.metrics).toEqual({ total_enrollments: 2, completed_enrollments: 1, completion_rate: 50 });
    expect(res.json.items.find((c: { course_id: string }) => c.course_id === w.c1.id)).toMatchObject({
      enrollment_status: "completed",
      state: "completed",
      progress_percent: 100,
      average_score: 80,
      passed: 1,
      time_seconds: 400,
      completed_at: "2026-01-12T15:00:00.000Z",
    });
    const asInstructor = await get(w.instructor1, `/api/reports/learners/${w.learners[0].id}`);
    expect(asInstructor.json.items.map((c: { course_id: string }) => c.course_id)).toEqual([w.c1.id]);
    expect((await get(w.instructor2, `/api/reports/learners/${w.learners[1].id}`)).status).toBe(404);
    expect((await get(w.tenant.users.org_admin, `/api/reports/learners/${other.learners[0].id}`)).status).toBe(404);
  });
});

describe("the superadmin's reports", () => {
  it("every organization, one picked, and the per-organization table", async () => {
    const token = await cachedSignIn(null, superadmin);
    const one = await call(null, `/api/reports/overview?organization_id=${w.tenant.id}`, { bearer: token });
    expect(one.json.metrics).toEqual({ total_enrollments: 5, completed_enrollments: 1, completion_rate: 20 });
    const table = await call(null, `/api/reports/organizations?q=${w.tenant.subdomain}`, { bearer: token });
    expect(table.json.items).toEqual([
      expect.objectContaining({
        organization_id: w.tenant.id,
        courses: 3,
        enrolled: 5,
        completed: 1,
        completion_rate: 20,
      }),
    ]);
    expect((await get(w.tenant.users.admin, "/api/reports/organizations")).status).toBe(403);
  });
});

describe("isolation: another organization's ids on every report route", () => {
  const routes = (o: ReportWorld) => [
    `/api/reports/overview?course_id=${o.c1.id}`,
    `/api/reports/overview?group_id=${o.groupId}&category_id=${o.category.id}`,
    `/api/reports/courses?course_id=${o.c1.id}`,
    `/api/reports/courses/export?category_id=${o.category.id}`,
    `/api/reports/groups?group_id=${o.groupId}`,
    `/api/reports/groups/export?group_id=${o.groupId}`,
    `/api/reports/learners?group_id=${o.groupId}`,
    `/api/reports/learners/export?course_id=${o.c1.id}`,
    `/api/reports/courses/${o.c1.id}/lessons`,
    `/api/reports/courses/${o.c1.id}/lessons/export`,
    `/api/reports/courses/${o.c1.id}/lessons/${o.c1.lessons[0]!.id}/learners`,
    `/api/reports/courses/${o.c1.id}/lessons/${o.c1.lessons[0]!.id}/learners/export`,
    `/api/reports/courses/${o.c1.id}/lessons/${o.c1.lessons[0]!.id}/learners/${o.learners[0].id}/attempts`,
    `/api/reports/learners/${o.learners[0].id}`,
    `/api/reports/learners/${o.learners[0].id}/export`,
    `/api/reports/overview?organization_id=${o.tenant.id}`,
  ];

  for (const role of ["org_admin", "admin", "instructor"] as const) {
    it(`${role} of A never sees B: empty answers or 404s`, async () => {
      for (const path of routes(other)) {
        const res = await get(w.tenant.users[role], path);
        expect([200, 404], path).toContain(res.status);
        for (const id of [
          other.c1.id,
          other.c1.title,
          other.learners[0].id,
          other.learners[0].email,
          other.groupId,
          other.tenant.id,
        ])
          expect(res.text, path).not.toContain(id);
        if (res.status === 200 && res.json?.metrics) expect(res.json.metrics.total_enrollments, path).toBe(0);
        if (res.status === 200 && res.json?.items) expect(res.json.items, path).toEqual([]);
      }
    });
  }

  it("an instructor never sees another instructor's course", async () => {
    for (const path of [
      `/api/reports/courses?course_id=${w.c2.id}`,
      `/api/reports/overview?course_id=${w.c2.id}`,
      `/api/reports/learners?course_id=${w.c2.id}`,
    ]) {
      const res = await get(w.instructor1, path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain(w.c2.title);
      expect(res.json.items ?? res.json.completion_by_course, path).toEqual([]);
    }
    expect((await get(w.instructor1, `/api/reports/courses/${w.c2.id}/lessons`)).status).toBe(404);
  });
});

describe("an instructor with more than a thousand learners", () => {
  it("pages their learners by name in either order, with every one counted once", async () => {
    const tenant = await createTenant();
    const instructor = tenant.users.instructor;
    const taught = await createCourse(tenant.id, { modules: [], instructorIds: [instructor.id] });
    const other = await createCourse(tenant.id, { modules: [] });
    const db = testDb();
    const number = (i: number) => String(i).padStart(4, "0");
    await db.user.createMany({
      data: Array.from({ length: 1200 }, (_, i) => ({
        organizationId: tenant.id,
        role: "learner" as const,
        firstName: "Walk",
        lastName: `Walker ${number(i)}`,
        username: `walk${number(i)}-${tenant.subdomain}`,
        email: `walk${number(i)}@${tenant.subdomain}.example.test`,
        passwordHash: "x",
      })),
    });
    const people = await db.user.findMany({
      where: { organizationId: tenant.id, firstName: "Walk" },
      select: { id: true, lastName: true },
    });
    // Every tenth person learns only in a course this instructor does not teach.
    const inTaught = (p: { lastName: string }) => Number(p.lastName.slice(-4)) % 10 !== 0;
    await db.enrollment.createMany({
      data: people.map((p) => ({
        organizationId: tenant.id,
        courseId: inTaught(p) ? taught.id : other.id,
        userId: p.id,
      })),
    });
    const names = (res: { json: { items: { last_name: string }[] } }) => res.json.items.map((r) => r.last_name);
    const second = await callAs(tenant.subdomain, instructor, "/api/reports/learners?sort=name&page=2&page_size=20");
    expect(second.status).toBe(200);
    expect(second.json.total).toBe(1080);
    expect(names(second)).toEqual(
      [23, 24, 25, 26, 27, 28, 29, 31, 32, 33, 34, 35, 36, 37, 38, 39, 41, 42, 43, 44].map(
        (i) => `Walker ${number(i)}`,
      ),
    );
    expect(second.json.items[0]).toMatchObject({ enrolled: 1, not_started: 1, completion_rate: 0 });
    const last = await callAs(tenant.subdomain, instructor, "/api/reports/learners?sort=name&order=desc&page_size=20");
    expect(last.json.total).toBe(1080);
    expect(names(last)).toEqual(
      [
        1199, 1198, 1197, 1196, 1195, 1194, 1193, 1192, 1191, 1189, 1188, 1187, 1186, 1185, 1184, 1183, 1182, 1181,
        1179, 1178,
      ].map((i) => `Walker ${number(i)}`),
    );
    // Past the end: no rows, the same total.
    const beyond = await callAs(tenant.subdomain, instructor, "/api/reports/learners?sort=name&page=60&page_size=20");
    expect(beyond.json).toMatchObject({ items: [], total: 1080 });
  });
});

describe("a CSV export longer than one read", () => {
  it("per learner, 2,345 learners: every one once, in the list's order", async () => {
    const tenant = await createTenant();
    const course = await createCourse(tenant.id, { modules: [] });
    const db = testDb();
    const number = (i: number) => String(i).padStart(4, "0");
    await db.user.createMany({
      data: Array.from({ length: 2345 }, (_, i) => ({
        organizationId: tenant.id,
        role: "learner" as const,
        firstName: "Many",
        lastName: `Learner ${number(i)}`,
        username: `many${number(i)}-${tenant.subdomain}`,
        email: `many${number(i)}@${tenant.subdomain}.example.test`,
        passwordHash: "x",
      })),
    });
    const people = await db.user.findMany({
      where: { organizationId: tenant.id, firstName: "Many" },
      select: { id: true },
    });
    await db.enrollment.createMany({
      data: people.map((p) => ({ organizationId: tenant.id, courseId: course.id, userId: p.id })),
    });
    const res = await callAs(
      tenant.subdomain,
      tenant.users.org_admin,
      "/api/reports/learners/export?status=active&sort=email&order=asc",
    );
    expect(res.status).toBe(200);
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines).toHaveLength(1 + 2345);
    const emails = lines.slice(1).map((l) => l.split(",")[3]);
    expect(emails[0]).toBe(`many0000@${tenant.subdomain}.example.test`);
    expect(emails[2000]).toBe(`many2000@${tenant.subdomain}.example.test`);
    expect(emails.at(-1)).toBe(`many2344@${tenant.subdomain}.example.test`);
    expect(new Set(emails).size).toBe(2345);
  }, 60_000);
  it("a reader that goes away gives its connection back: twelve abandoned downloads (more than the pool's ten), then the whole file", async () => {
    const tenant = await createTenant();
    const course = await createCourse(tenant.id, { modules: [] });
    // 20,000 learners: a file of ~3 MB, far more than the first piece the server reads before answering.
    await queryRows(
      Prisma.sql`INSERT INTO "User" (id, "organizationId", role, "firstName", "lastName", username, email, "passwordHash", "updatedAt")
       SELECT gen_random_uuid(), ${tenant.id}::uuid, 'learner', 'First' || i, 'Last' || i, 'bulk' || i, 'bulk' || i || '@example.test', 'x', now()
         FROM generate_series(1, 20000) AS i`,
      testDb(),
    );
    await queryRows(
      Prisma.sql`INSERT INTO "Enrollment" (id, "organizationId", "courseId", "userId", "updatedAt")
       SELECT gen_random_uuid(), u."organizationId", ${course.id}::uuid, u.id, now() FROM "User" u
        WHERE u."organizationId" = ${tenant.id}::uuid AND u.username LIKE 'bulk%'`,
      testDb(),
    );
    const token = await cachedSignIn(tenant.subdomain, tenant.users.org_admin);
    // Unfiltered, the report reads the learners' summary rows, so each download's first read is quick: what
    // this checks is where the connections go, not how long a filtered aggregation takes thirteen times over
    // on a machine busy with the other suites.
    const path = "/api/reports/learners/export";
    const abandon = () =>
      new Promise<number>((resolve) => {
        const req = request(
          {
            host: "127.0.0.1",
            port: testPort(),
            path,
            headers: { host: hostFor(tenant.subdomain), authorization: `Bearer ${token}` },
          },
          (res) => {
            res.once("data", () => {
              resolve(res.statusCode ?? 0);
              req.destroy();
            });
          },
        );
        req.on("error", () => undefined);
        req.end();
      });
    expect(await Promise.all(Array.from({ length: 12 }, abandon))).toEqual(Array(12).fill(200));
    const whole = await callAs(tenant.subdomain, tenant.users.org_admin, path);
    expect(whole.status).toBe(200);
    expect(whole.text.trimEnd().split("\r\n")).toHaveLength(1 + 20_000);
  }, 90_000);
});
