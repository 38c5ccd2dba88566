import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, enroll } from "@/test/course-factories";
import { createSuperadmin, createTenant, createUser, testDb, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { signIn } from "@/test/session";

let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => testDb().$disconnect());

describe("GET /api/dashboard", () => {
  it("lists my courses by last access, where to continue, and recent completions", async () => {
    const learner = await createUser(tenant.id, "learner");
    const token = await signIn(tenant.subdomain, learner);
    const [older, recent, finished, draft, untouched] = await Promise.all([
      createCourse(tenant.id, { title: "Older course" }),
      createCourse(tenant.id, { title: "Recent course" }),
      createCourse(tenant.id, { title: "Finished course", modules: [{ lessons: [{}] }] }),
      createCourse(tenant.id, { title: "Draft course", status: "draft" }),
      createCourse(tenant.id, { title: "Untouched course" }),
    ]);
    for (const c of [older, recent, finished, draft, untouched]) await enroll(tenant.id, c.id, learner.id);
    const put = (courseId: string, lessonId: string) =>
      call(tenant.subdomain, `/api/courses/${courseId}/lessons/${lessonId}/progress`, {
        method: "PUT",
        json: { completed: true },
        bearer: token,
      });
    await put(older.id, older.lessons[0]!.id);
    await put(recent.id, recent.lessons[1]!.id);
    await put(finished.id, finished.lessons[0]!.id);

    const res = await call(tenant.subdomain, "/api/dashboard", { bearer: token });
    expect(res.status).toBe(200);
    expect(res.json.courses.map((c: { course: { title: string } }) => c.course.title)).toEqual([
      "Finished course",
      "Recent course",
      "Older course",
      "Untouched course",
    ]);
    expect(res.json.courses[0]).toMatchObject({ status: "completed", progress_percent: 100 });
    expect(res.json.courses[1]).toMatchObject({
      status: "active",
      progress_percent: 50,
      course: { id: recent.id, lesson_count: 2, thumbnail_url: `/api/courses/${recent.id}/placeholder` },
    });
    expect(res.json.continue).toEqual({
      course_id: recent.id,
      course_title: "Recent course",
      module_id: recent.modules[0]!.id,
      lesson_id: recent.lessons[1]!.id,
      lesson_title: recent.lessons[1]!.title,
    });
    expect(res.json.recently_completed).toHaveLength(1);
    expect(res.json.recently_completed[0]).toMatchObject({
      status: "completed",
      progress_percent: 100,
      course: { title: "Finished course" },
    });
    expect(res.json.recently_completed[0].completed_at).not.toBeNull();
  });

  it("keeps 50 courses, the most recently used, and still shows a completion older than all of them", async () => {
    const learner = await createUser(tenant.id, "learner");
    const db = testDb();
    const courses = await Promise.all(
      Array.from({ length: 52 }, (_, i) =>
        createCourse(tenant.id, { title: `Bulk ${String(i).padStart(2, "0")}`, modules: [{ lessons: [{}] }] }),
      ),
    );
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));
    // Course 00 was completed first and used least recently; 01…51 were used after it, one a day.
    await db.enrollment.createMany({
      data: courses.map((c, i) => ({
        organizationId: tenant.id,
        courseId: c.id,
        userId: learner.id,
        status: i === 0 ? ("completed" as const) : ("active" as const),
        progressPercent: i === 0 ? 100 : 0,
        completedAt: i === 0 ? day(0) : null,
        lastAccessedAt: day(i),
        lastLessonId: i === 0 ? null : c.lessons[0]!.id,
      })),
    });
    const res = await call(tenant.subdomain, "/api/dashboard", { bearer: await signIn(tenant.subdomain, learner) });
    expect(res.status).toBe(200);
    expect(res.json.courses).toHaveLength(50);
    expect(res.json.courses[0].course.title).toBe("Bulk 51");
    expect(res.json.courses.map((c: { course: { title: string } }) => c.course.title)).not.toContain("Bulk 00");
    expect(res.json.recently_completed.map((c: { course: { title: string } }) => c.course.title)).toEqual(["Bulk 00"]);
    expect(res.json.continue).toMatchObject({ course_id: courses[51]!.id, lesson_id: courses[51]!.lessons[0]!.id });
  });

  it("is empty for a new user", async () => {
    const learner = await createUser(tenant.id, "learner");
    const res = await call(tenant.subdomain, "/api/dashboard", { bearer: await signIn(tenant.subdomain, learner) });
    expect(res.json).toEqual({ courses: [], continue: null, recently_completed: [] });
  });

  it("withdrawn enrollments are not listed", async () => {
    const learner = await createUser(tenant.id, "learner");
    const course = await createCourse(tenant.id);
    await enroll(tenant.id, course.id, learner.id, { status: "withdrawn" });
    const res = await call(tenant.subdomain, "/api/dashboard", { bearer: await signIn(tenant.subdomain, learner) });
    expect(res.json.courses).toEqual([]);
  });

  it("another organization's host refuses the token (401); the apex has no dashboard data (404); anonymous → 401", async () => {
    const token = await signIn(tenant.subdomain, tenant.users.learner);
    expect((await call(other.subdomain, "/api/dashboard", { bearer: token })).status).toBe(401);
    const superadmin = await createSuperadmin();
    expect((await call(null, "/api/dashboard", { bearer: await signIn(null, superadmin) })).status).toBe(404);
    expect((await call(tenant.subdomain, "/api/dashboard")).status).toBe(401);
  });
});

describe("the /dashboard page", () => {
  /** The course titles of one of the page's card lists, in order. */
  const titlesIn = (html: string, list: string) => {
    const start = html.indexOf(`aria-label="${list}"`);
    if (start < 0) return [];
    const markup = html.slice(start, html.indexOf("</ul>", start));
    return [...markup.matchAll(/<h3[^>]*>([^<]*)<\/h3>/g)].map((m) => m[1]);
  };
  /** The page's pagination links: label → address. */
  const pageLinks = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/<a ([^>]*aria-label="Go to [^"]*"[^>]*)>/g)].map(([, attributes]) => [
        /aria-label="([^"]*)"/.exec(attributes!)![1],
        /href="([^"]*)"/.exec(attributes!)![1],
      ]),
    );

  it("shows the courses in progress twelve to a page, the most recently used first, with links to the others", async () => {
    const learner = await createUser(tenant.id, "learner");
    const db = testDb();
    const courses = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        createCourse(tenant.id, { title: `Paged ${String(i).padStart(2, "0")}`, modules: [{ lessons: [{}] }] }),
      ),
    );
    const done = await createCourse(tenant.id, { title: "Paged done", modules: [{ lessons: [{}] }] });
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));
    // Paged 00 … 13 used one a day in that order; the course finished was used last of all.
    await db.enrollment.createMany({
      data: [
        ...courses.map((c, i) => ({
          organizationId: tenant.id,
          courseId: c.id,
          userId: learner.id,
          status: "active" as const,
          lastAccessedAt: day(i),
          lastLessonId: c.lessons[0]!.id,
        })),
        {
          organizationId: tenant.id,
          courseId: done.id,
          userId: learner.id,
          status: "completed" as const,
          progressPercent: 100,
          completedAt: day(20),
          lastAccessedAt: day(20),
        },
      ],
    });
    const cookie = `next-auth.session-token=${await signIn(tenant.subdomain, learner)}`;
    const page = async (query: string) => {
      const res = await call(tenant.subdomain, `/dashboard${query}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      return res.text;
    };

    const first = await page("");
    expect(titlesIn(first, "My courses")).toEqual([
      "Paged 13",
      "Paged 12",
      "Paged 11",
      "Paged 10",
      "Paged 09",
      "Paged 08",
      "Paged 07",
      "Paged 06",
      "Paged 05",
      "Paged 04",
      "Paged 03",
      "Paged 02",
    ]);
    expect(titlesIn(first, "Recently completed")).toEqual(["Paged done"]);
    expect(pageLinks(first)).toMatchObject({
      "Go to page 2": "/dashboard?page=2",
      "Go to next page": "/dashboard?page=2",
    });
    expect(first).toContain(`href="/courses/${courses[13]!.id}/modules/${courses[13]!.modules[0]!.id}/lessons/`);

    const second = await page("?page=2");
    expect(titlesIn(second, "My courses")).toEqual(["Paged 01", "Paged 00"]);
    expect(pageLinks(second)).toMatchObject({ "Go to page 1": "/dashboard", "Go to previous page": "/dashboard" });
    // Where to continue does not depend on the page of courses shown.
    expect(second).toContain(`href="/courses/${courses[13]!.id}/modules/${courses[13]!.modules[0]!.id}/lessons/`);
    expect(titlesIn(second, "Recently completed")).toEqual(["Paged done"]);

    // Past the last page: the last page. Not a page number: the first.
    expect(titlesIn(await page("?page=7"), "My courses")).toEqual(["Paged 01", "Paged 00"]);
    expect(titlesIn(await page("?page=abc"), "My courses")[0]).toBe("Paged 13");
  });

  it("has no pages when the courses in progress fit on one", async () => {
    const learner = await createUser(tenant.id, "learner");
    const course = await createCourse(tenant.id, { title: "Only course" });
    await enroll(tenant.id, course.id, learner.id);
    const cookie = `next-auth.session-token=${await signIn(tenant.subdomain, learner)}`;
    const html = (await call(tenant.subdomain, "/dashboard?page=3", { headers: { cookie } })).text;
    expect(titlesIn(html, "My courses")).toEqual(["Only course"]);
    expect(html).not.toContain('aria-label="pagination navigation"');
  });
});
