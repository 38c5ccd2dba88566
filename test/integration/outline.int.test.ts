import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { cachedSignIn, multipartBody } from "@/test/session";

type Role = keyof TestTenant["users"];
let acme: TestTenant;
let other: TestTenant;
const token = (tenant: TestTenant, role: Role) => cachedSignIn(tenant.subdomain, tenant.users[role]);

async function post(path: string, json: unknown, role: Role = "instructor") {
  const res = await call(acme.subdomain, path, { bearer: await token(acme, role), json });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

/** A published course taught by acme's instructor: two modules, two lessons each. */
async function buildCourse() {
  const course = await post("/api/courses", { title: uniqueName("Outline "), status: "published" });
  const modules = [];
  for (const title of ["Basics", "Advanced"]) {
    const created = await post(`/api/courses/${course.id}/modules`, { title });
    const lessons = [];
    for (const n of [1, 2])
      lessons.push(
        await post(`/api/courses/${course.id}/modules/${created.id}/lessons`, {
          title: `${title} ${n}`,
          kind: "text",
          body: "<p>Read me</p>",
        }),
      );
    modules.push({ ...created, lessons });
  }
  return { course, modules };
}

const titles = (outline: { modules: { title: string; lessons: { title: string }[] }[] }) =>
  outline.modules.map((m) => [m.title, m.lessons.map((l) => l.title)]);

beforeAll(async () => {
  [acme, other] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => testDb().$disconnect());

describe("modules and lessons", () => {
  it("are added in order and listed by GET /outline", async () => {
    const { course } = await buildCourse();
    const outline = await call(acme.subdomain, `/api/courses/${course.id}/outline`, {
      bearer: await token(acme, "learner"),
    });
    expect(outline.status).toBe(200);
    expect(titles(outline.json)).toEqual([
      ["Basics", ["Basics 1", "Basics 2"]],
      ["Advanced", ["Advanced 1", "Advanced 2"]],
    ]);
    expect(outline.json.modules[1].lessons[0]).toMatchObject({ kind: "text", position: 1, is_required: true });
  });

  it("are edited and deleted by the course's editors", async () => {
    const { course, modules } = await buildCourse();
    const bearer = await token(acme, "instructor");
    const lesson = modules[0]!.lessons[0];
    const patched = await call(acme.subdomain, `/api/courses/${course.id}/lessons/${lesson.id}`, {
      method: "PATCH",
      bearer,
      json: { title: "Renamed", body: "<p>New<img src=x onerror=alert(1)></p>", is_required: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ title: "Renamed", body: "<p>New</p>", is_required: false });
    const renamed = await call(acme.subdomain, `/api/courses/${course.id}/modules/${modules[1]!.id}`, {
      method: "PATCH",
      bearer,
      json: { title: "Expert" },
    });
    expect(renamed.json.title).toBe("Expert");
    expect(
      (await call(acme.subdomain, `/api/courses/${course.id}/lessons/${lesson.id}`, { method: "DELETE", bearer }))
        .status,
    ).toBe(204);
    expect(
      (await call(acme.subdomain, `/api/courses/${course.id}/modules/${modules[1]!.id}`, { method: "DELETE", bearer }))
        .status,
    ).toBe(204);
    const outline = await call(acme.subdomain, `/api/courses/${course.id}/outline`, { bearer });
    expect(titles(outline.json)).toEqual([["Basics", ["Basics 2"]]]);
  });

  it("validate their input", async () => {
    const { course, modules } = await buildCourse();
    const bearer = await token(acme, "instructor");
    const path = `/api/courses/${course.id}/modules/${modules[0]!.id}/lessons`;
    expect(
      (await call(acme.subdomain, path, { bearer, json: { title: "Podcast", kind: "podcast" } })).json.error.fieldErrors
        .kind,
    ).toBeDefined();
    expect(
      (
        await call(acme.subdomain, path, {
          bearer,
          json: { title: "Text", kind: "text", media_url: "https://example.com/a.mp4" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(acme.subdomain, path, {
          bearer,
          json: { title: "Video", kind: "video", media_url: "javascript:alert(1)" },
        })
      ).status,
    ).toBe(400);
    const video = await call(acme.subdomain, path, {
      bearer,
      json: { title: "Video", kind: "video", media_url: "https://example.com/a.mp4" },
    });
    expect(video.status).toBe(201);
    expect((await call(acme.subdomain, `/api/courses/${course.id}/modules`, { bearer, json: {} })).status).toBe(400);
  });

  it("a learner or an instructor who does not teach the course → 403", async () => {
    const { course, modules } = await buildCourse();
    const learner = await call(acme.subdomain, `/api/courses/${course.id}/modules`, {
      bearer: await token(acme, "learner"),
      json: { title: "Mine" },
    });
    expect(learner.status).toBe(403);
    const adminsCourse = await post("/api/courses", { title: uniqueName("Admin "), status: "published" }, "admin");
    const res = await call(acme.subdomain, `/api/courses/${adminsCourse.id}/modules`, {
      bearer: await token(acme, "instructor"),
      json: { title: "Not mine" },
    });
    expect(res.status).toBe(403);
    const lesson = modules[0]!.lessons[0];
    expect(
      (
        await call(acme.subdomain, `/api/courses/${course.id}/lessons/${lesson.id}`, {
          method: "DELETE",
          bearer: await token(acme, "learner"),
        })
      ).status,
    ).toBe(403);
  });

  it("another organization's course, module or lesson → 404 for reads, updates, deletes and reorders", async () => {
    const { course, modules } = await buildCourse();
    const bearer = await token(other, "admin");
    const firstModule = modules[0]!;
    const lesson = firstModule.lessons[0];
    const requests: [string, string, unknown?][] = [
      ["GET", `/api/courses/${course.id}/outline`],
      ["PUT", `/api/courses/${course.id}/outline`, { modules: [] }],
      ["POST", `/api/courses/${course.id}/modules`, { title: "X" }],
      ["PATCH", `/api/courses/${course.id}/modules/${firstModule.id}`, { title: "X" }],
      ["DELETE", `/api/courses/${course.id}/modules/${firstModule.id}`],
      ["POST", `/api/courses/${course.id}/modules/${firstModule.id}/lessons`, { title: "X", kind: "text" }],
      ["GET", `/api/courses/${course.id}/lessons/${lesson.id}`],
      ["PATCH", `/api/courses/${course.id}/lessons/${lesson.id}`, { title: "X" }],
      ["DELETE", `/api/courses/${course.id}/lessons/${lesson.id}`],
      ["GET", `/api/courses/${course.id}/lessons/${lesson.id}/media`],
    ];
    for (const [method, path, json] of requests) {
      const res = await call(other.subdomain, path, { method, bearer, json });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    // A lesson or module of one course addressed through another course is not found either.
    const second = await buildCourse();
    const mine = await token(acme, "admin");
    expect(
      (await call(acme.subdomain, `/api/courses/${second.course.id}/lessons/${lesson.id}`, { bearer: mine })).status,
    ).toBe(404);
    expect(
      (
        await call(acme.subdomain, `/api/courses/${second.course.id}/modules/${firstModule.id}`, {
          method: "DELETE",
          bearer: mine,
        })
      ).status,
    ).toBe(404);
    expect(await testDb().lesson.count({ where: { courseId: course.id } })).toBe(4);
  });
});

describe("PUT /api/courses/:id/outline", () => {
  it("saves a new order of modules and lessons, moving a lesson across modules, in one request", async () => {
    const { course, modules } = await buildCourse();
    const [basics, advanced] = modules as [(typeof modules)[0], (typeof modules)[0]];
    const order = {
      modules: [
        { id: advanced.id, lesson_ids: [advanced.lessons[1].id, basics.lessons[0].id, advanced.lessons[0].id] },
        { id: basics.id, lesson_ids: [basics.lessons[1].id] },
      ],
    };
    const res = await call(acme.subdomain, `/api/courses/${course.id}/outline`, {
      method: "PUT",
      bearer: await token(acme, "instructor"),
      json: order,
    });
    expect(res.status, res.text).toBe(200);
    const expected = [
      ["Advanced", ["Advanced 2", "Basics 1", "Advanced 1"]],
      ["Basics", ["Basics 2"]],
    ];
    expect(titles(res.json)).toEqual(expected);
    const reloaded = await call(acme.subdomain, `/api/courses/${course.id}/outline`, {
      bearer: await token(acme, "instructor"),
    });
    expect(titles(reloaded.json)).toEqual(expected);
    expect(reloaded.json.modules[0].lessons[1].module_id).toBe(advanced.id);
  });

  it("refuses an order that does not name every module and lesson exactly once, changing nothing", async () => {
    const { course, modules } = await buildCourse();
    const [basics, advanced] = modules as [(typeof modules)[0], (typeof modules)[0]];
    const bearer = await token(acme, "instructor");
    const path = `/api/courses/${course.id}/outline`;
    const missing = await call(acme.subdomain, path, {
      method: "PUT",
      bearer,
      json: {
        modules: [
          { id: basics.id, lesson_ids: [basics.lessons[0].id] },
          { id: advanced.id, lesson_ids: [] },
        ],
      },
    });
    expect(missing.status).toBe(409);
    const duplicate = await call(acme.subdomain, path, {
      method: "PUT",
      bearer,
      json: {
        modules: [
          { id: basics.id, lesson_ids: [basics.lessons[0].id, basics.lessons[0].id] },
          { id: advanced.id, lesson_ids: [] },
        ],
      },
    });
    expect(duplicate.status).toBe(400);
    const foreign = await buildCourse();
    const stranger = foreign.modules[0]!.lessons[0].id;
    const mixed = await call(acme.subdomain, path, {
      method: "PUT",
      bearer,
      json: {
        modules: [
          { id: basics.id, lesson_ids: [...basics.lessons.map((l: { id: string }) => l.id), stranger] },
          { id: advanced.id, lesson_ids: advanced.lessons.map((l: { id: string }) => l.id) },
        ],
      },
    });
    expect(mixed.status).toBe(409);
    expect((await call(acme.subdomain, path, { method: "PUT", bearer, json: { modules: "all" } })).status).toBe(400);
    const outline = await call(acme.subdomain, path, { bearer });
    expect(titles(outline.json)).toEqual([
      ["Basics", ["Basics 1", "Basics 2"]],
      ["Advanced", ["Advanced 1", "Advanced 2"]],
    ]);
    expect(await testDb().lesson.findUnique({ where: { id: stranger }, select: { courseId: true } })).toEqual({
      courseId: foreign.course.id,
    });
  });

  it("a learner → 403", async () => {
    const { course } = await buildCourse();
    const res = await call(acme.subdomain, `/api/courses/${course.id}/outline`, {
      method: "PUT",
      bearer: await token(acme, "learner"),
      json: { modules: [] },
    });
    expect(res.status).toBe(403);
  });
});

describe("lesson content and files", () => {
  it("a learner must be enrolled to read a lesson, with the spec's message", async () => {
    const { course, modules } = await buildCourse();
    const path = `/api/courses/${course.id}/lessons/${modules[0]!.lessons[0].id}`;
    const refused = await call(acme.subdomain, path, { bearer: await token(acme, "learner") });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe("You do not have permission to view this course modules.");
    await testDb().enrollment.create({
      data: { organizationId: acme.id, courseId: course.id, userId: acme.users.learner.id },
    });
    const allowed = await call(acme.subdomain, path, { bearer: await token(acme, "learner") });
    expect(allowed.status).toBe(200);
    expect(allowed.json.body).toBe("<p>Read me</p>");
  });

  it("an uploaded video is checked by its bytes and served with Range requests", async () => {
    const { course, modules } = await buildCourse();
    const bearer = await token(acme, "instructor");
    const video = await post(`/api/courses/${course.id}/modules/${modules[0]!.id}/lessons`, {
      title: "Clip",
      kind: "video",
    });
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(1000, 7)]);
    const upload = await multipartBody({ file: new Blob([webm], { type: "video/webm" }) });
    const res = await call(acme.subdomain, `/api/courses/${course.id}/lessons/${video.id}/file`, {
      method: "PUT",
      bearer,
      ...upload,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      has_upload: true,
      mime_type: "video/webm",
      file_size: 1004,
      media_url: `/api/courses/${course.id}/lessons/${video.id}/media`,
    });

    const whole = await call(acme.subdomain, res.json.media_url, { bearer });
    expect(whole.status).toBe(200);
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.headers["content-range"]).toBeUndefined();
    const part = await call(acme.subdomain, res.json.media_url, { bearer, headers: { range: "bytes=0-3" } });
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe("bytes 0-3/1004");
    expect(Buffer.from(part.text, "latin1").subarray(0, 1)[0]).toBe(0x1a);
    expect((await call(acme.subdomain, res.json.media_url, { bearer, headers: { range: "bytes=5000-" } })).status).toBe(
      416,
    );
    expect((await call(acme.subdomain, res.json.media_url, { bearer: await token(acme, "learner") })).status).toBe(403);

    const notVideo = await multipartBody({ file: new Blob(["<html>hi</html>"], { type: "video/mp4" }) });
    expect(
      (
        await call(acme.subdomain, `/api/courses/${course.id}/lessons/${video.id}/file`, {
          method: "PUT",
          bearer,
          ...notVideo,
        })
      ).status,
    ).toBe(415);
  });

  it("a file lesson's upload downloads as an attachment; text lessons take no file", async () => {
    const { course, modules } = await buildCourse();
    const bearer = await token(acme, "instructor");
    const handout = await post(`/api/courses/${course.id}/modules/${modules[0]!.id}/lessons`, {
      title: "Handout",
      kind: "file",
    });
    const upload = await multipartBody({
      file: new File(["<script>alert(1)</script>"], "hand out.html", { type: "text/html" }),
    });
    const res = await call(acme.subdomain, `/api/courses/${course.id}/lessons/${handout.id}/file`, {
      method: "PUT",
      bearer,
      ...upload,
    });
    expect(res.status).toBe(200);
    const download = await call(acme.subdomain, res.json.media_url, { bearer });
    expect(download.headers["content-disposition"]).toBe('attachment; filename="hand out.html"');
    expect(download.headers["content-type"]).toBe("application/octet-stream");
    const text = modules[0]!.lessons[0];
    expect(
      (
        await call(acme.subdomain, `/api/courses/${course.id}/lessons/${text.id}/file`, {
          method: "PUT",
          bearer,
          ...upload,
        })
      ).status,
    ).toBe(400);
  });
});

describe("outline changes and learners' progress", () => {
  it("adding, un-requiring and deleting lessons recompute enrolled learners' percentages", async () => {
    const { course, modules } = await buildCourse();
    const learner = await token(acme, "learner");
    expect(
      (await call(acme.subdomain, `/api/courses/${course.id}/enrollments`, { bearer: learner, json: {} })).status,
    ).toBe(201);
    const first = modules[0]!.lessons[0];
    const done = await call(acme.subdomain, `/api/courses/${course.id}/lessons/${first.id}/progress`, {
      method: "PUT",
      bearer: learner,
      json: { completed: true },
    });
    expect(done.json.enrollment.progress_percent).toBe(25);
    const percent = async () =>
      (await call(acme.subdomain, `/api/courses/${course.id}/progress`, { bearer: learner })).json.enrollment
        .progress_percent;

    const extra = await post(`/api/courses/${course.id}/modules/${modules[1]!.id}/lessons`, {
      title: "Extra",
      kind: "text",
    });
    expect(await percent()).toBe(20);
    const bearer = await token(acme, "instructor");
    await call(acme.subdomain, `/api/courses/${course.id}/lessons/${extra.id}`, {
      method: "PATCH",
      bearer,
      json: { is_required: false },
    });
    expect(await percent()).toBe(25);
    await call(acme.subdomain, `/api/courses/${course.id}/modules/${modules[1]!.id}`, { method: "DELETE", bearer });
    expect(await percent()).toBe(50);
  });
});
