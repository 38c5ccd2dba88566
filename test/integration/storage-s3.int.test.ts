import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3StorageDriver } from "@/lib/storage/s3-storage";
import { startLocalS3, type LocalS3 } from "@/scripts/lib/s3-server";
import { startAppServerChild, type AppServerChild } from "@/test/app-server-child";
import { createCourse, enroll, type TestCourse } from "@/test/course-factories";
import { createUser, createTenant, testDb, type TestTenant, type TestUser } from "@/test/factories";
import { call, testPort } from "@/test/http";
import { fixtureZip } from "@/test/scorm-zips";
import { cachedSignIn, multipartBody } from "@/test/session";

// The app on STORAGE_DRIVER=s3 (a second app process on the test database, an S3-compatible server on
// loopback): a SCORM package is extracted into the bucket and played from it on the content host, with
// ranges and validators; with the store gone, uploads answer 503 and write no row (a new avatar leaves the
// old one in the row and in the store), reads answer 503 promptly, and readiness says so.

const PORT = testPort() + 77;
const PACKAGE = "golf-scorm12-runtime-basic-singlesco.zip";

let s3: LocalS3;
let app: AppServerChild;
let tenant: TestTenant;
let course: TestCourse;
let learner: TestUser;

const upload = async (c: TestCourse) =>
  call(tenant.subdomain, `/api/courses/${c.id}/lessons/${c.lessons[0]!.id}/scorm`, {
    port: PORT,
    method: "PUT",
    body: fixtureZip(PACKAGE),
    headers: { "content-type": "application/zip" },
    bearer: await cachedSignIn(tenant.subdomain, tenant.users.instructor),
  });

/** A file of the launched package on the content host, through the S3 app. */
async function contentFile(headers: Record<string, string> = {}) {
  const launch = await call(
    tenant.subdomain,
    `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/scorm/launch`,
    { port: PORT, bearer: await cachedSignIn(tenant.subdomain, learner) },
  );
  expect(launch.status, launch.text).toBe(200);
  const files = new URL(launch.json.content.filesUrl as string);
  return call(`${tenant.subdomain}.content`, `${files.pathname}${launch.json.scos[0].launch}`, { port: PORT, headers });
}

beforeAll(async () => {
  s3 = await startLocalS3("lms-int");
  [app, tenant] = await Promise.all([startAppServerChild(PORT, s3.env), createTenant()]);
  course = await createCourse(tenant.id, {
    instructorIds: [tenant.users.instructor.id],
    modules: [{ lessons: [{ kind: "scorm" }] }],
  });
  learner = await createUser(tenant.id, "learner");
  await enroll(tenant.id, course.id, learner.id);
}, 240_000);

afterAll(async () => {
  app?.process.kill("SIGTERM");
  await app?.exited;
  await s3?.stop().catch(() => undefined);
  await testDb().$disconnect();
});

describe("STORAGE_DRIVER=s3", () => {
  it("extracts an uploaded package into the bucket and plays it from there on the content host", async () => {
    const res = await upload(course);
    expect(res.status, res.text).toBe(200);
    const bucket = s3StorageDriver({
      bucket: s3.bucket,
      region: "us-east-1",
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
    });
    const keys: string[] = [];
    for await (const { key } of bucket.list(`scorm/${res.json.id}/`)) keys.push(key);
    expect(keys.length).toBe(res.json.file_count);
    expect(keys).toContain(`scorm/${res.json.id}/imsmanifest.xml`);

    const whole = await contentFile();
    expect(whole.status).toBe(200);
    expect(whole.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(whole.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.headers["last-modified"]).toMatch(/GMT$/);
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

    const part = await contentFile({ range: "bytes=0-9" });
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-9/${whole.body.length}`);
    expect(part.body).toEqual(whole.body.subarray(0, 10));

    const again = await contentFile({ "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  }, 60_000);

  it("with the store gone: uploads answer 503 and write no row, reads answer 503 in time, readiness fails", async () => {
    const other = await createCourse(tenant.id, {
      instructorIds: [tenant.users.instructor.id],
      modules: [{ lessons: [{ kind: "scorm" }] }],
    });
    const bearer = await cachedSignIn(tenant.subdomain, learner);
    const newAvatar = async () =>
      call(tenant.subdomain, "/auth/profile", {
        port: PORT,
        method: "PUT",
        bearer,
        ...(await multipartBody({
          avatar: new File(
            [
              await sharp({ create: { width: 40, height: 30, channels: 3, background: "#0A66C2" } })
                .png()
                .toBuffer(),
            ],
            "me.png",
            { type: "image/png" },
          ),
        })),
      });
    const stored = await newAvatar();
    expect(stored.status, stored.text).toBe(200);
    const oldAvatar = stored.json.user.avatar_url as string;
    expect(oldAvatar).toMatch(/^\/uploads\/avatars\//);
    // Stopped as an outage stops it: the objects stay on its disk for its return.
    await s3.halt();

    const refusedAvatar = await newAvatar();
    expect(refusedAvatar.status).toBe(503);
    expect(refusedAvatar.json.error.code).toBe("STORAGE_UNAVAILABLE");
    const row = await testDb().user.findUniqueOrThrow({ where: { id: learner.id }, select: { avatarUrl: true } });
    expect(row.avatarUrl).toBe(oldAvatar);

    const refused = await upload(other);
    expect(refused.status).toBe(503);
    expect(refused.json).toEqual({
      error: { code: "STORAGE_UNAVAILABLE", message: "File storage is unavailable. Try again in a moment." },
    });
    expect(await testDb().scormPackage.count({ where: { lessonId: other.lessons[0]!.id } })).toBe(0);

    const started = Date.now();
    const read = await contentFile();
    expect(read.status).toBe(503);
    expect(read.json.error.code).toBe("STORAGE_UNAVAILABLE");
    expect(Date.now() - started).toBeLessThan(15_000);

    const ready = await call(null, "/api/ready", { port: PORT });
    expect(ready.status).toBe(503);
    expect(ready.json.checks).toContainEqual({
      name: "storage",
      ok: false,
      message: "The file storage does not answer",
    });

    // Back on the same disk: the avatar the row still names was not deleted by the refused upload.
    s3 = await startLocalS3(s3.bucket, s3.port, s3.directory);
    const kept = await call(tenant.subdomain, oldAvatar, { port: PORT });
    expect(kept.status).toBe(200);
    expect(kept.headers["content-type"]).toBe("image/webp");
  }, 90_000);
});
