import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse } from "@/test/course-factories";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { cachedSignIn, multipartBody } from "@/test/session";

// /uploads/… serves only what is meant to be public (avatars, logos, thumbnails of published courses),
// on its own organization's host; lesson files go through their access-checked media route and are
// streamed to storage on upload.

let acme: TestTenant;
let globex: TestTenant;
beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => testDb().$disconnect());

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#0A66C2" } })
    .png()
    .toBuffer();
const bearer = (tenant: TestTenant, role: keyof TestTenant["users"]) =>
  cachedSignIn(tenant.subdomain, tenant.users[role]);

async function uploadThumbnail(courseId: string): Promise<string> {
  const upload = await multipartBody({ thumbnail: new Blob([await png()], { type: "image/png" }) });
  const res = await call(acme.subdomain, `/api/courses/${courseId}/thumbnail`, {
    method: "PUT",
    bearer: await bearer(acme, "admin"),
    ...upload,
  });
  expect(res.status).toBe(200);
  return res.json.thumbnail_url as string;
}

describe("GET /uploads/… (public files)", () => {
  it("an avatar is public on its organization's host, a 404 on another's", async () => {
    const upload = await multipartBody({ avatar: new Blob([await png()], { type: "image/png" }) });
    const res = await call(acme.subdomain, "/auth/profile", {
      method: "PUT",
      bearer: await bearer(acme, "learner"),
      ...upload,
    });
    const url = res.json.user.avatar_url as string;
    const anonymous = await call(acme.subdomain, url);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers["content-type"]).toBe("image/webp");
    expect(anonymous.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await call(globex.subdomain, url)).status).toBe(404);
    expect((await call(null, url)).status).toBe(404);
  });

  it("a published course's thumbnail is public; a draft's only for those who see the course, and private", async () => {
    const course = await createCourse(acme.id, { status: "published" });
    const url = await uploadThumbnail(course.id);
    const published = await call(acme.subdomain, url);
    expect(published.status).toBe(200);
    expect(published.headers["cache-control"]).toBe("public, max-age=86400");
    expect((await call(globex.subdomain, url)).status).toBe(404);

    await testDb().course.update({ where: { id: course.id }, data: { status: "draft" } });
    expect((await call(acme.subdomain, url)).status).toBe(404);
    expect((await call(acme.subdomain, url, { bearer: await bearer(acme, "learner") })).status).toBe(404);
    expect((await call(globex.subdomain, url, { bearer: await bearer(globex, "admin") })).status).toBe(404);
    const editor = await call(acme.subdomain, url, { bearer: await bearer(acme, "admin") });
    expect(editor.status).toBe(200);
    expect(editor.headers["cache-control"]).toBe("private, max-age=3600");
  });

  it("a replaced thumbnail is gone", async () => {
    const course = await createCourse(acme.id, { status: "published" });
    const first = await uploadThumbnail(course.id);
    await uploadThumbnail(course.id);
    expect((await call(acme.subdomain, first)).status).toBe(404);
  });

  it("lesson files, other keys and path tricks are 404s for everyone", async () => {
    const course = await createCourse(acme.id, { modules: [{ lessons: [{ kind: "file" }] }] });
    const lesson = course.lessons[0]!;
    const upload = await multipartBody({ file: new File(["secret handout"], "handout.txt", { type: "text/plain" }) });
    const put = await call(acme.subdomain, `/api/courses/${course.id}/lessons/${lesson.id}/file`, {
      method: "PUT",
      bearer: await bearer(acme, "admin"),
      ...upload,
    });
    expect(put.status).toBe(200);
    const stored = await testDb().lesson.findUniqueOrThrow({ where: { id: lesson.id }, select: { storageKey: true } });
    expect(stored.storageKey).toMatch(/^lessons\//);
    const paths = [
      `/uploads/${stored.storageKey}`,
      "/uploads/avatars",
      "/uploads/nothing/here/at-all.png",
      `/uploads/avatars/${acme.id}/%2e%2e/%2e%2e/package.json`,
      `/uploads/avatars/${acme.id}/..%2f..%2fpackage.json`,
      `/uploads/avatars/${acme.id}/%252e%252e%252fpackage.json`,
      "/uploads/%2e%2e/package.json",
    ];
    for (const p of paths) {
      for (const token of [undefined, await bearer(acme, "admin")]) {
        const res = await call(acme.subdomain, p, { bearer: token });
        expect(res.status, `${p} ${token ? "as admin" : "anonymous"}`).toBe(404);
        expect(res.text).not.toContain("secret handout");
      }
    }
    const media = await call(acme.subdomain, `/api/courses/${course.id}/lessons/${lesson.id}/media`, {
      bearer: await bearer(acme, "admin"),
    });
    expect(media.status).toBe(200);
    expect(media.text).toBe("secret handout");
  });
});

describe("PUT …/lessons/{lessonId}/file streams to storage", () => {
  const lessonFiles = async (organizationId: string) =>
    readdir(path.join(process.env.UPLOAD_DIR!, "lessons", organizationId)).catch(() => [] as string[]);

  it("stores the bytes as sent, however they are split", async () => {
    const course = await createCourse(acme.id, { modules: [{ lessons: [{ kind: "file" }] }] });
    const lesson = course.lessons[0]!;
    const bytes = Buffer.alloc(2 * 1024 * 1024 + 17, 0);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) % 251;
    const upload = await multipartBody({ file: new File([bytes], "data.bin", { type: "application/octet-stream" }) });
    const res = await call(acme.subdomain, `/api/courses/${course.id}/lessons/${lesson.id}/file`, {
      method: "PUT",
      bearer: await bearer(acme, "admin"),
      ...upload,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ file_name: "data.bin", file_size: 2 * 1024 * 1024 + 17 });
    const media = await call(acme.subdomain, `/api/courses/${course.id}/lessons/${lesson.id}/media`, {
      bearer: await bearer(acme, "admin"),
    });
    expect(media.body.equals(bytes)).toBe(true);
  });

  it("an upload over the limit (3 MB on the test server) is a 413 and leaves no file and no change", async () => {
    const course = await createCourse(acme.id, { modules: [{ lessons: [{ kind: "file" }] }] });
    const lesson = course.lessons[0]!;
    const before = await lessonFiles(acme.id);
    const upload = await multipartBody({ file: new File([Buffer.alloc(3 * 1024 * 1024 + 1)], "big.bin") });
    const res = await call(acme.subdomain, `/api/courses/${course.id}/lessons/${lesson.id}/file`, {
      method: "PUT",
      bearer: await bearer(acme, "admin"),
      ...upload,
    });
    expect(res.status).toBe(413);
    expect(res.json.error).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: "The file must be at most 3 MB" });
    expect((await lessonFiles(acme.id)).filter((f) => !before.includes(f))).toEqual([]);
    expect(
      await testDb().lesson.findUniqueOrThrow({
        where: { id: lesson.id },
        select: { storageKey: true, fileSize: true },
      }),
    ).toEqual({ storageKey: null, fileSize: null });
  });

  it("a video lesson refuses bytes that are not a video, and keeps nothing", async () => {
    const course = await createCourse(acme.id, { modules: [{ lessons: [{ kind: "video" }] }] });
    const lesson = course.lessons[0]!;
    const before = await lessonFiles(acme.id);
    const upload = await multipartBody({
      file: new File(["<html>not a video</html>"], "movie.mp4", { type: "video/mp4" }),
    });
    const res = await call(acme.subdomain, `/api/courses/${course.id}/lessons/${lesson.id}/file`, {
      method: "PUT",
      bearer: await bearer(acme, "admin"),
      ...upload,
    });
    expect(res.status).toBe(415);
    expect((await lessonFiles(acme.id)).filter((f) => !before.includes(f))).toEqual([]);
  });

  it("a learner's upload is refused before anything is stored", async () => {
    const course = await createCourse(acme.id, { modules: [{ lessons: [{ kind: "file" }] }] });
    const before = await lessonFiles(acme.id);
    const upload = await multipartBody({ file: new File(["x"], "x.txt") });
    const res = await call(acme.subdomain, `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/file`, {
      method: "PUT",
      bearer: await bearer(acme, "learner"),
      ...upload,
    });
    expect(res.status).toBe(403);
    expect((await lessonFiles(acme.id)).filter((f) => !before.includes(f))).toEqual([]);
  });
});
