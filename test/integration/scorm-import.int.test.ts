import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, enroll, type TestCourse } from "@/test/course-factories";
import { createTenant, createUser, testDb, type TestTenant, type TestUser } from "@/test/factories";
import { call } from "@/test/http";
import { cachedSignIn } from "@/test/session";
import { craftedPackages, FIXTURES, fixtureZip } from "@/test/scorm-zips";

let tenant: TestTenant;
let other: TestTenant;
let instructor: TestUser;
let course: TestCourse;

const scormLessonCourse = (instructorId: string) =>
  createCourse(tenant.id, {
    instructorIds: [instructorId],
    modules: [{ lessons: [{ kind: "scorm", title: "Golf" }, { kind: "text" }] }],
  });

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  instructor = await createUser(tenant.id, "instructor");
  course = await scormLessonCourse(instructor.id);
});
afterAll(() => testDb().$disconnect());

const uploadDir = () => process.env.UPLOAD_DIR!;
const scormFolders = () =>
  existsSync(path.join(uploadDir(), "scorm")) ? readdirSync(path.join(uploadDir(), "scorm")) : [];

async function upload(
  user: TestUser,
  lessonId: string,
  zip: Buffer,
  options: { t?: TestTenant; courseId?: string; type?: string } = {},
) {
  const t = options.t ?? tenant;
  return call(t.subdomain, `/api/courses/${options.courseId ?? course.id}/lessons/${lessonId}/scorm`, {
    method: "PUT",
    body: zip,
    headers: { "content-type": options.type ?? "application/zip" },
    bearer: await cachedSignIn(t.subdomain, user),
  });
}

async function get(user: TestUser | null, url: string, t: TestTenant = tenant, headers: Record<string, string> = {}) {
  return call(t.subdomain, url, { headers, bearer: user ? await cachedSignIn(t.subdomain, user) : undefined });
}

describe("PUT /api/courses/:id/lessons/:lessonId/scorm", () => {
  it.each(FIXTURES)("as instructor: $file imports ($version, $scos SCOs)", async ({ file, version, scos }) => {
    const c = await scormLessonCourse(instructor.id);
    const res = await upload(instructor, c.lessons[0]!.id, fixtureZip(file), { courseId: c.id });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ version: 1, scorm_version: version, sco_count: scos, warnings: [] });
    const lesson = await get(instructor, `/api/courses/${c.id}/lessons/${c.lessons[0]!.id}`);
    expect(lesson.json.scorm_package).toMatchObject({
      id: res.json.id,
      version: 1,
      scorm_version: version,
      sco_count: scos,
    });
  });

  it("a re-upload is version 2 and keeps version 1 (row and files)", async () => {
    const c = await scormLessonCourse(instructor.id);
    const zip = fixtureZip("golf-scorm12-runtime-basic-singlesco.zip");
    const first = await upload(instructor, c.lessons[0]!.id, zip, { courseId: c.id });
    const second = await upload(instructor, c.lessons[0]!.id, zip, { courseId: c.id });
    expect([first.json.version, second.json.version]).toEqual([1, 2]);
    expect(await testDb().scormPackage.count({ where: { lessonId: c.lessons[0]!.id } })).toBe(2);
    expect(scormFolders()).toEqual(expect.arrayContaining([first.json.id, second.json.id]));
    const lesson = await get(instructor, `/api/courses/${c.id}/lessons/${c.lessons[0]!.id}`);
    expect(lesson.json.scorm_package.version).toBe(2);
  });

  it("a learner's attempt stays on the version it started on after a re-upload; the next attempt takes the new one", async () => {
    const c = await scormLessonCourse(instructor.id);
    const lessonId = c.lessons[0]!.id;
    const learner = await createUser(tenant.id, "learner");
    await enroll(tenant.id, c.id, learner.id);
    const launchUrl = `/api/courses/${c.id}/lessons/${lessonId}/scorm/launch`;
    const zip = fixtureZip("golf-scorm12-runtime-basic-singlesco.zip");
    const v1 = await upload(instructor, lessonId, zip, { courseId: c.id });
    const started = await get(learner, launchUrl);
    expect(started.json).toMatchObject({ packageId: v1.json.id, attempt: { attemptNumber: 1 } });

    const v2 = await upload(instructor, lessonId, zip, { courseId: c.id });
    const resumed = await get(learner, launchUrl);
    expect(resumed.json).toMatchObject({
      packageId: v1.json.id,
      attempt: { attemptId: started.json.attempt.attemptId },
    });
    expect(
      (
        await call(
          `${tenant.subdomain}.content`,
          `${new URL(resumed.json.content.filesUrl).pathname}shared/launchpage.html`,
        )
      ).status,
    ).toBe(200);

    // The course allows retakes and the first attempt is done: the next one plays version 2.
    expect(
      (
        await call(tenant.subdomain, `/api/courses/${c.id}`, {
          method: "PATCH",
          json: { allow_retakes: true },
          bearer: await cachedSignIn(tenant.subdomain, instructor),
        })
      ).json.allow_retakes,
    ).toBe(true);
    await testDb().scormAttempt.update({
      where: { id: started.json.attempt.attemptId },
      data: { completionStatus: "completed", completedAt: new Date() },
    });
    const retake = await get(learner, launchUrl);
    expect(retake.json).toMatchObject({ packageId: v2.json.id, attempt: { attemptNumber: 2, mode: "normal" } });
  });

  it("as a learner → 403; a text lesson → 400; a non-zip content type → 415", async () => {
    const learner = await createUser(tenant.id, "learner");
    await enroll(tenant.id, course.id, learner.id);
    const zip = fixtureZip("golf-scorm12-runtime-basic-singlesco.zip");
    expect((await upload(learner, course.lessons[0]!.id, zip)).status).toBe(403);
    const text = await upload(instructor, course.lessons[1]!.id, zip);
    expect(text.status).toBe(400);
    expect(text.json.error.message).toBe("Only lessons of kind scorm take a SCORM package");
    expect((await upload(instructor, course.lessons[0]!.id, zip, { type: "text/plain" })).status).toBe(415);
  });

  it("another tenant's lesson → 404", async () => {
    const zip = fixtureZip("golf-scorm12-runtime-basic-singlesco.zip");
    expect((await upload(other.users.admin, course.lessons[0]!.id, zip, { t: other })).status).toBe(404);
  });

  it("refuses each crafted archive with its message and leaves nothing behind", async () => {
    const c = await scormLessonCourse(instructor.id);
    const lessonId = c.lessons[0]!.id;
    const before = scormFolders().length;
    for (const crafted of await craftedPackages()) {
      const res = await upload(instructor, lessonId, crafted.zip, { courseId: c.id });
      expect(res.status, `${crafted.name}: ${res.text}`).toBe(crafted.status);
      expect(res.json.error.message, crafted.name).toMatch(crafted.message);
    }
    expect(await testDb().scormPackage.count({ where: { lessonId } })).toBe(0);
    expect(scormFolders().length).toBe(before);
  });

  it("an oversize package → 413 while streaming, nothing kept", async () => {
    const c = await scormLessonCourse(instructor.id);
    const limit = Number(process.env.SCORM_PACKAGE_MAX_BYTES ?? 4 * 1024 * 1024);
    const res = await upload(instructor, c.lessons[0]!.id, Buffer.alloc(limit + 1024, 7), { courseId: c.id });
    expect(res.status).toBe(413);
    expect(res.json.error.message).toMatch(/^The package is larger than the .* limit\.$/);
    expect(await testDb().scormPackage.count({ where: { lessonId: c.lessons[0]!.id } })).toBe(0);
  });
});

describe("GET /scorm/files/{token}/… on the content host", () => {
  let packageId: string;
  beforeAll(async () => {
    const res = await upload(
      instructor,
      course.lessons[0]!.id,
      fixtureZip("golf-scorm2004-4th-sequencing-posttest-rollup-multisco.zip"),
    );
    expect(res.status, res.text).toBe(200);
    packageId = res.json.id;
  });
  /** The files' base of a launch by `user`: the instructor's preview, a learner's attempt. */
  async function filesOf(user: TestUser): Promise<string> {
    const launch = await get(user, `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/scorm/launch`);
    expect(launch.status, launch.text).toBe(200);
    expect(launch.json.packageId).toBe(packageId);
    return new URL(launch.json.content.filesUrl).pathname;
  }
  const content = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    call(`${tenant.subdomain}.content`, path, { headers, method });

  it("serves files with their MIME type, long private cache and nosniff; the query string is ignored", async () => {
    const base = await filesOf(instructor);
    const url = (p: string) => `${base}${p}`;
    const page = await content(url("shared/launchpage.html?content=playing"));
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.text).toContain("<html");
    expect((await content(url("shared/scormfunctions.js"))).headers["content-type"]).toBe(
      "text/javascript; charset=utf-8",
    );
    expect((await content(url("shared/style.css"))).headers["content-type"]).toBe("text/css; charset=utf-8");
    expect((await content(url("shared/background.jpg"))).headers["content-type"]).toBe("image/jpeg");
    expect((await content(url("imsmanifest.xml"))).headers["content-type"]).toBe("application/xml");
    expect((await content(url("Etiquette/Course.html"))).status).toBe(200);
    expect((await content(url("nope.html"))).status).toBe(404);
    expect((await content(url("..%2F..%2Fetc%2Fpasswd"))).status).toBe(404);
  });

  it("honours a byte range and HEAD", async () => {
    const base = await filesOf(instructor);
    const part = await content(`${base}shared/background.jpg`, { range: "bytes=0-9" });
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toMatch(/^bytes 0-9\/\d+$/);
    const head = await content(`${base}shared/launchpage.html`, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
  });

  it("an enrolled learner's launch reaches the files; a learner not enrolled gets no launch; the old same-origin path is gone", async () => {
    const enrolled = await createUser(tenant.id, "learner");
    await enroll(tenant.id, course.id, enrolled.id);
    expect((await content(`${await filesOf(enrolled)}shared/launchpage.html`)).status).toBe(200);
    const stranger = await createUser(tenant.id, "learner");
    const refused = await get(stranger, `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/scorm/launch`);
    expect(refused.status).toBe(403);
    expect((await get(enrolled, `/uploads/scorm/${packageId}/shared/launchpage.html`)).status).toBe(404);
    expect(
      (await get(other.users.admin, `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/scorm/launch`, other))
        .status,
    ).toBe(404);
  });

  it("the public image route still serves /uploads/… (no app shell, no redirect)", async () => {
    const res = await get(null, "/uploads/avatars/none.png");
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
  });
});
