import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase } from "@/server/database/postgres";
import { startAppServerChild, type AppServerChild } from "@/test/app-server-child";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { call, testPort } from "@/test/http";
import { learnerWithScormAttempt } from "@/test/scorm-attempts";
import { cachedSignIn } from "@/test/session";

// npm run backup of the populated test database, npm run restore into a fresh database, and an app
// server on the restored one: it serves the same courses, progress, SCORM suspend data and messages.

const RESTORED_PORT = testPort() + 76;
const run = promisify(execFile);
const scratch = mkdtempSync(path.join(tmpdir(), "lms-backup-"));
let restored: { url: string; drop(): Promise<void> } | undefined;
let server: AppServerChild | undefined;
let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant();
});

afterAll(async () => {
  server?.process.kill("SIGKILL");
  await server?.exited;
  await restored?.drop();
  rmSync(scratch, { recursive: true, force: true });
  await testDb().$disconnect();
});

/** Runs an npm script of the repository as an operator would, on the given database and upload folder. */
async function npmRun(script: string, args: string[], env: Record<string, string>) {
  return run("npm", ["run", "--silent", script, "--", ...args], { env: { ...process.env, ...env }, timeout: 120_000 });
}

describe("npm run backup, then npm run restore into a fresh database", () => {
  it("brings back the courses, progress, SCORM suspend data and messages the app serves", async () => {
    // The learner's story: a SCORM lesson half done with suspend data, and a conversation.
    const scorm = await learnerWithScormAttempt(tenant);
    const commit = await call(`${tenant.subdomain}.content`, scorm.commitPath, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        commits: [
          {
            attemptId: scorm.attemptId,
            scoId: "sco1",
            sequence: 1,
            cmi: {
              core: { lesson_location: "page-7", lesson_status: "incomplete", score: { raw: "", min: "", max: "" } },
              suspend_data: "bookmark=page-7;answers=b,c,a",
            },
            terminated: false,
          },
        ],
      }),
    });
    expect(commit.status, commit.text).toBe(200);
    const bearer = await cachedSignIn(tenant.subdomain, scorm.learner);
    const thread = await call(tenant.subdomain, "/api/messages/threads", {
      bearer: await cachedSignIn(tenant.subdomain, tenant.users.admin),
      json: { subject: "Restore me", body: "Is your progress safe?", recipient_ids: [scorm.learner.id] },
    });
    expect(thread.status, thread.text).toBe(201);

    const course = await testDb().lesson.findFirstOrThrow({
      where: { id: scorm.lessonId },
      select: { courseId: true },
    });
    const before = await readThroughApi(testPort(), bearer, course.courseId, scorm.lessonId);

    const backup = path.join(scratch, "backup");
    const uploads = path.join(scratch, "uploads");
    await npmRun("backup", ["--out", backup], { DATABASE_URL: process.env.TEST_DATABASE_URL! });
    restored = await createFreshDatabase(process.env.TEST_DATABASE_SERVER_URL!, "lms_restore");
    await npmRun("restore", [backup], { DATABASE_URL: restored.url, UPLOAD_DIR: uploads });

    server = await startAppServerChild(RESTORED_PORT, { DATABASE_URL: restored.url, UPLOAD_DIR: uploads });
    const after = await readThroughApi(RESTORED_PORT, bearer, course.courseId, scorm.lessonId);
    expect(after).toEqual(before);
    // What the learner left, written out.
    expect(after.courses).toContain(course.courseId);
    expect(JSON.stringify(after.scorm)).toContain("bookmark=page-7;answers=b,c,a");
    expect(after.threads).toEqual([{ subject: "Restore me", preview: expect.stringContaining("progress safe") }]);
  }, 120_000);
});

/** What the learner sees of their courses, progress, SCORM attempt and messages on the server at `port`. */
async function readThroughApi(port: number, bearer: string, courseId: string, lessonId: string) {
  const get = async (p: string) => {
    const res = await call(tenant.subdomain, p, { port, bearer });
    expect(res.status, `${p}: ${res.text}`).toBe(200);
    return res.json;
  };
  const courses = (await get("/api/courses")).items.map((c: { id: string }) => c.id);
  const progress = await get(`/api/courses/${courseId}/progress`);
  const launch = await get(`/api/courses/${courseId}/lessons/${lessonId}/scorm/launch`);
  const inbox = await get("/api/messages/threads");
  return {
    courses,
    progress,
    scorm: { attemptId: launch.attempt.attemptId, scoCmi: launch.attempt.scoCmi },
    threads: inbox.items.map((t: { subject: string; last_message: { excerpt: string } | null }) => ({
      subject: t.subject,
      preview: t.last_message?.excerpt ?? "",
    })),
  };
}
