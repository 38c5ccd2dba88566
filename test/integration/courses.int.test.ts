import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { cachedSignIn, multipartBody } from "@/test/session";

type Role = keyof TestTenant["users"];
let acme: TestTenant;
let other: TestTenant;
const token = (tenant: TestTenant, role: Role) => cachedSignIn(tenant.subdomain, tenant.users[role]);

async function createCourse(tenant: TestTenant, role: Role, json: Record<string, unknown>) {
  const res = await call(tenant.subdomain, "/api/courses", { bearer: await token(tenant, role), json });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

beforeAll(async () => {
  [acme, other] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => testDb().$disconnect());

describe("POST /api/courses", () => {
  it("as instructor → 201, a draft they teach, with the description sanitized", async () => {
    const course = await createCourse(acme, "instructor", {
      title: "Safety 101",
      description: '<p onclick="x()">Hi<script>bad()</script></p>',
    });
    expect(course).toMatchObject({
      title: "Safety 101",
      status: "draft",
      description: "<p>Hi</p>",
      can_edit: true,
      has_thumbnail: false,
      allow_self_enrollment: true,
    });
    expect(course.instructors.map((i: { id: string }) => i.id)).toEqual([acme.users.instructor.id]);
    expect(course.thumbnail_url).toBe(`/api/courses/${course.id}/placeholder`);
  });

  it("as learner → 403", async () => {
    const res = await call(acme.subdomain, "/api/courses", {
      bearer: await token(acme, "learner"),
      json: { title: "Nope" },
    });
    expect(res.status).toBe(403);
  });

  it("without a title → 400 naming the field", async () => {
    const res = await call(acme.subdomain, "/api/courses", {
      bearer: await token(acme, "admin"),
      json: { title: "  " },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.fieldErrors.title).toBeDefined();
  });

  it("with another organization's category or a learner as instructor → 400", async () => {
    const foreign = await testDb().category.create({ data: { organizationId: other.id, name: uniqueName("cat") } });
    const res = await call(acme.subdomain, "/api/courses", {
      bearer: await token(acme, "admin"),
      json: { title: "X", category_id: foreign.id },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.fieldErrors.category_id).toBeDefined();
    const learnerTeaches = await call(acme.subdomain, "/api/courses", {
      bearer: await token(acme, "admin"),
      json: { title: "X", instructor_ids: [acme.users.learner.id] },
    });
    expect(learnerTeaches.status).toBe(400);
  });
});

describe("GET /api/courses", () => {
  let tenant: TestTenant;
  let categoryId: string;
  beforeAll(async () => {
    tenant = await createTenant();
    categoryId = (await testDb().category.create({ data: { organizationId: tenant.id, name: "Compliance" } })).id;
    for (let i = 1; i <= 25; i++) {
      await createCourse(tenant, "admin", {
        title: `Catalog course ${String(i).padStart(2, "0")}`,
        status: "published",
        category_id: i % 5 === 0 ? categoryId : null,
      });
    }
    await createCourse(tenant, "admin", { title: "Hidden draft" });
    await createCourse(tenant, "instructor", { title: "Instructor draft", description: "<p>about forklifts</p>" });
  });

  it("anonymous → the published catalog, paginated", async () => {
    const first = await call(tenant.subdomain, "/api/courses?page_size=20");
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ page: 1, page_size: 20, total: 25 });
    expect(first.json.items).toHaveLength(20);
    expect(first.json.items[0].title).toBe("Catalog course 01");
    const second = await call(tenant.subdomain, "/api/courses?page=2&page_size=20");
    expect(second.json.items).toHaveLength(5);
    expect(first.json.items.concat(second.json.items).every((c: { status: string }) => c.status === "published")).toBe(
      true,
    );
  });

  it("searches text and filters by category", async () => {
    const search = await call(tenant.subdomain, "/api/courses?q=course%2012");
    expect(search.json.items.map((c: { title: string }) => c.title)).toEqual(["Catalog course 12"]);
    const byCategory = await call(tenant.subdomain, `/api/courses?category_id=${categoryId}`);
    expect(byCategory.json.total).toBe(5);
    expect(byCategory.json.items.every((c: { category: { name: string } }) => c.category.name === "Compliance")).toBe(
      true,
    );
  });

  it("a page past the end is empty but still gives the total; % and _ in a search are plain characters", async () => {
    const past = await call(tenant.subdomain, "/api/courses?page=9&page_size=20");
    expect(past.json).toEqual({ items: [], page: 9, page_size: 20, total: 25 });
    expect((await call(tenant.subdomain, "/api/courses?q=%25")).json.total).toBe(0);
    expect((await call(tenant.subdomain, "/api/courses?q=course_1")).json.total).toBe(0);
    expect((await call(tenant.subdomain, "/api/courses?q=COURSE%201")).json.total).toBe(10);
  });

  it("staff see what they may edit: instructors their own, admins all, with status filters", async () => {
    const mine = await call(tenant.subdomain, "/api/courses", { bearer: await token(tenant, "instructor") });
    expect(mine.json.items.map((c: { title: string }) => c.title)).toEqual(["Instructor draft"]);
    const drafts = await call(tenant.subdomain, "/api/courses?status=draft", {
      bearer: await token(tenant, "org_admin"),
    });
    expect(drafts.json.total).toBe(2);
    const catalog = await call(tenant.subdomain, "/api/courses?view=catalog&q=forklift", {
      bearer: await token(tenant, "instructor"),
    });
    expect(catalog.json.total).toBe(0);
  });

  it("bad query values → 400; the apex has no catalog → 404", async () => {
    expect((await call(tenant.subdomain, "/api/courses?page=0")).status).toBe(400);
    expect((await call(tenant.subdomain, "/api/courses?page_size=1000")).status).toBe(400);
    expect((await call(tenant.subdomain, "/api/courses?category_id=nope")).status).toBe(400);
    expect((await call(null, "/api/courses")).status).toBe(404);
  });

  it("never lists another organization's courses", async () => {
    const res = await call(other.subdomain, "/api/courses?q=Catalog");
    expect(res.json.total).toBe(0);
  });
});

describe("GET, PATCH, DELETE /api/courses/:id", () => {
  it("a draft is a 404 for learners; publishing stamps published_at and makes it visible", async () => {
    const course = await createCourse(acme, "instructor", { title: uniqueName("Draft ") });
    expect(
      (await call(acme.subdomain, `/api/courses/${course.id}`, { bearer: await token(acme, "learner") })).status,
    ).toBe(404);
    const published = await call(acme.subdomain, `/api/courses/${course.id}`, {
      method: "PATCH",
      bearer: await token(acme, "instructor"),
      json: { status: "published" },
    });
    expect(published.status).toBe(200);
    expect(published.json.published_at).toEqual(expect.any(String));
    const seen = await call(acme.subdomain, `/api/courses/${course.id}`, { bearer: await token(acme, "learner") });
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({ can_edit: false, my_enrollment: null });
  });

  it("PATCH by an instructor who does not teach it → 403; by an org admin → 200", async () => {
    const course = await createCourse(acme, "admin", { title: uniqueName("Admin's "), status: "published" });
    const instructor = await call(acme.subdomain, `/api/courses/${course.id}`, {
      method: "PATCH",
      bearer: await token(acme, "instructor"),
      json: { title: "Mine now" },
    });
    expect(instructor.status).toBe(403);
    const orgAdmin = await call(acme.subdomain, `/api/courses/${course.id}`, {
      method: "PATCH",
      bearer: await token(acme, "org_admin"),
      json: { title: "Renamed", instructor_ids: [acme.users.instructor.id] },
    });
    expect(orgAdmin.status).toBe(200);
    expect(orgAdmin.json.title).toBe("Renamed");
    // Now the instructor teaches it, but may not remove themselves.
    const leave = await call(acme.subdomain, `/api/courses/${course.id}`, {
      method: "PATCH",
      bearer: await token(acme, "instructor"),
      json: { instructor_ids: [] },
    });
    expect(leave.status).toBe(400);
  });

  it("another organization's course → 404 for reads, updates and deletes", async () => {
    const course = await createCourse(acme, "admin", { title: uniqueName("Private "), status: "published" });
    const bearer = await token(other, "admin");
    expect((await call(other.subdomain, `/api/courses/${course.id}`, { bearer })).status).toBe(404);
    expect(
      (await call(other.subdomain, `/api/courses/${course.id}`, { method: "PATCH", bearer, json: { title: "Stolen" } }))
        .status,
    ).toBe(404);
    expect((await call(other.subdomain, `/api/courses/${course.id}`, { method: "DELETE", bearer })).status).toBe(404);
    expect((await testDb().course.findUnique({ where: { id: course.id } }))?.title).toBe(course.title);
  });

  it("DELETE refuses a course with enrollments (409) and removes one without (204)", async () => {
    const kept = await createCourse(acme, "admin", { title: uniqueName("Kept "), status: "published" });
    await testDb().enrollment.create({
      data: { organizationId: acme.id, courseId: kept.id, userId: acme.users.learner.id },
    });
    const refused = await call(acme.subdomain, `/api/courses/${kept.id}`, {
      method: "DELETE",
      bearer: await token(acme, "admin"),
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toMatch(/archive it instead/);
    const gone = await createCourse(acme, "admin", { title: uniqueName("Gone ") });
    expect(
      (await call(acme.subdomain, `/api/courses/${gone.id}`, { method: "DELETE", bearer: await token(acme, "admin") }))
        .status,
    ).toBe(204);
    expect((await call(acme.subdomain, `/api/courses/${gone.id}`, { bearer: await token(acme, "admin") })).status).toBe(
      404,
    );
  });

  it("module, lesson and enrollment counts follow every change, cascades and bulk enrollments included", async () => {
    const bearer = await token(acme, "admin");
    const course = await createCourse(acme, "admin", { title: uniqueName("Counted "), status: "published" });
    const counts = async () => {
      const res = await call(acme.subdomain, `/api/courses/${course.id}`, { bearer });
      return [res.json.module_count, res.json.lesson_count, res.json.enrollment_count];
    };
    expect(await counts()).toEqual([0, 0, 0]);
    const modules = [];
    for (const title of ["One", "Two"])
      modules.push((await call(acme.subdomain, `/api/courses/${course.id}/modules`, { bearer, json: { title } })).json);
    for (const [i, mod] of modules.entries()) {
      for (let n = 0; n <= i; n++) {
        const lesson = await call(acme.subdomain, `/api/courses/${course.id}/modules/${mod.id}/lessons`, {
          bearer,
          json: { title: `Lesson ${n}`, kind: "text" },
        });
        expect(lesson.status).toBe(201);
      }
    }
    expect(await counts()).toEqual([2, 3, 0]);

    const learners = await Promise.all([createUser(acme.id, "learner"), createUser(acme.id, "learner")]);
    const enrolled = await call(acme.subdomain, `/api/courses/${course.id}/enrollments`, {
      bearer,
      json: { user_ids: learners.map((l) => l.id) },
    });
    expect(enrolled.status).toBe(201);
    expect(await counts()).toEqual([2, 3, 2]);

    // Deleting a module deletes its lessons with it (a cascade), and both counts follow.
    expect(
      (await call(acme.subdomain, `/api/courses/${course.id}/modules/${modules[1].id}`, { method: "DELETE", bearer }))
        .status,
    ).toBe(204);
    expect(await counts()).toEqual([1, 1, 2]);
    const listed = await call(acme.subdomain, `/api/courses?q=${encodeURIComponent(course.title)}`, { bearer });
    expect(listed.json.items[0]).toMatchObject({
      id: course.id,
      module_count: 1,
      lesson_count: 1,
      enrollment_count: 2,
    });
  });

  it("a malformed id → 404, a malformed body → 400", async () => {
    const bearer = await token(acme, "admin");
    expect((await call(acme.subdomain, "/api/courses/not-an-id", { bearer })).status).toBe(404);
    const course = await createCourse(acme, "admin", { title: uniqueName("Body ") });
    const res = await call(acme.subdomain, `/api/courses/${course.id}`, {
      method: "PATCH",
      bearer,
      body: "{oops",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
  });
});

describe("course thumbnails", () => {
  it("an uploaded image is resized, stored and served; a removed one falls back to the placeholder", async () => {
    const course = await createCourse(acme, "instructor", { title: "Picture Course", status: "published" });
    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#2e7d32" } })
      .png()
      .toBuffer();
    const { body, headers } = await multipartBody({ thumbnail: new Blob([png], { type: "image/png" }) });
    const res = await call(acme.subdomain, `/api/courses/${course.id}/thumbnail`, {
      method: "PUT",
      bearer: await token(acme, "instructor"),
      body,
      headers,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.has_thumbnail).toBe(true);
    expect(res.json.thumbnail_url).toMatch(/^\/uploads\/thumbnails\/.+\.webp$/);
    const image = await call(acme.subdomain, res.json.thumbnail_url);
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");

    const removed = await call(acme.subdomain, `/api/courses/${course.id}/thumbnail`, {
      method: "DELETE",
      bearer: await token(acme, "instructor"),
    });
    expect(removed.json.thumbnail_url).toBe(`/api/courses/${course.id}/placeholder`);
    const placeholder = await call(acme.subdomain, removed.json.thumbnail_url);
    expect(placeholder.status).toBe(200);
    expect(placeholder.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    // The initials, named and drawn as Roboto's outlines (an <img> cannot use the page's fonts).
    expect(placeholder.text).toContain("<title>PC</title>");
    expect(placeholder.text).toMatch(/<path fill="#ffffff" d="M[^"]+"\/>/);
    expect(placeholder.text.length).toBeLessThan(4000);
  });

  it("a file that is not an image → 415; a learner → 403; another organization → 404", async () => {
    const course = await createCourse(acme, "instructor", { title: uniqueName("Thumb "), status: "published" });
    const fake = await multipartBody({ thumbnail: new Blob(["<svg onload=alert(1)>"], { type: "image/png" }) });
    const path = `/api/courses/${course.id}/thumbnail`;
    expect(
      (await call(acme.subdomain, path, { method: "PUT", bearer: await token(acme, "instructor"), ...fake })).status,
    ).toBe(415);
    expect(
      (await call(acme.subdomain, path, { method: "PUT", bearer: await token(acme, "learner"), ...fake })).status,
    ).toBe(403);
    expect(
      (await call(other.subdomain, path, { method: "PUT", bearer: await token(other, "admin"), ...fake })).status,
    ).toBe(404);
    expect(
      (await call(acme.subdomain, path, { method: "PUT", bearer: await token(acme, "instructor"), json: {} })).status,
    ).toBe(415);
  });

  it("the placeholder of a draft is not public", async () => {
    const course = await createCourse(acme, "instructor", { title: uniqueName("Secret ") });
    expect((await call(acme.subdomain, `/api/courses/${course.id}/placeholder`)).status).toBe(404);
    expect(
      (await call(acme.subdomain, `/api/courses/${course.id}/placeholder`, { bearer: await token(acme, "instructor") }))
        .status,
    ).toBe(200);
  });
});
