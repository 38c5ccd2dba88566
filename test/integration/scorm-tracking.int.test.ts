import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scoItem } from "@/test/scorm-attempts";
import type { ManifestItem, ScormManifest, ScormVersion } from "@/lib/scorm/types";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, createUser, testDb, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { callAs } from "@/test/session";

// SCORM tracking over HTTP: launch (attempts, resume), the player's commits (sequence rules, tenancy,
// limits), the status mapping to the lesson and the course, and the spec's /api/scorm-tracking.

let tenant: TestTenant;
let other: TestTenant;
beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => testDb().$disconnect());

const manifest = (version: ScormVersion, items: ManifestItem[]): ScormManifest => ({
  identifier: "m",
  version,
  title: "Golf",
  organization: { identifier: "o", title: "Golf", items },
  resources: [],
  sequencing: null,
  globalObjectiveIds: [],
});

/** A published course with one SCORM lesson (plus a text lesson), a package row, and an enrolled learner. */
async function scormCourse(options: { version?: ScormVersion; items?: ManifestItem[]; allowRetakes?: boolean } = {}) {
  const version = options.version ?? "scorm12";
  const course = await createCourse(tenant.id, { modules: [{ lessons: [{ kind: "scorm" }, {}] }] });
  const lesson = course.lessons[0]!;
  if (options.allowRetakes) await testDb().course.update({ where: { id: course.id }, data: { allowRetakes: true } });
  const pkg = await testDb().scormPackage.create({
    data: {
      organizationId: tenant.id,
      lessonId: lesson.id,
      version: 1,
      scormVersion: version,
      title: "Golf",
      storagePrefix: `scorm/${lesson.id}/1`,
      launchPath: "sco.html",
      manifest: manifest(version, options.items ?? [scoItem("sco1")]) as object,
      sizeBytes: 100n,
      fileCount: 1,
    },
  });
  const learner = await createUser(tenant.id, "learner");
  const enrollment = await enroll(tenant.id, course.id, learner.id);
  const launchPath = `/api/courses/${course.id}/lessons/${lesson.id}/scorm/launch`;
  const launch = () => callAs(tenant.subdomain, learner, launchPath);
  return { course, lesson, pkg, learner, enrollment, launch, launchPath };
}

/** The launch's commit endpoint on the content host: what the runtime posts to, with the visit's token. */
interface Visit {
  attemptId: string;
  commitPath: string;
}
async function visit(launch: () => ReturnType<typeof callAs>): Promise<Visit> {
  const res = await launch();
  expect(res.status, res.text).toBe(200);
  return { attemptId: res.json.attempt.attemptId, commitPath: new URL(res.json.content.commitUrl).pathname };
}
const postCommits = (
  v: Visit,
  body: string,
  headers: Record<string, string> = { "content-type": "application/json" },
) => call(`${tenant.subdomain}.content`, v.commitPath, { method: "POST", body, headers });
const commitTo = (v: Visit, commits: unknown[]) => postCommits(v, JSON.stringify({ commits }));
const cmi12 = (core: Record<string, unknown>, suspend_data = "") => ({
  core: { score: { raw: "", min: "", max: "" }, ...core },
  suspend_data,
});

describe("GET /api/courses/:id/lessons/:lessonId/scorm/launch", () => {
  it("creates attempt 1 with the package, the SCO list and nothing to resume yet", async () => {
    const { launch, pkg } = await scormCourse({ items: [scoItem("sco1"), scoItem("sco2")] });
    const res = await launch();
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ packageId: pkg.id, version: "scorm12" });
    expect(res.json.content.commitUrl).toMatch(
      new RegExp(`^http://${tenant.subdomain}\\.content\\.localhost:\\d+/scorm/commits/[\\w-]+$`),
    );
    expect(res.json.scos.map((s: { identifier: string }) => s.identifier)).toEqual(["sco1", "sco2"]);
    expect(res.json.attempt).toMatchObject({
      attemptNumber: 1,
      mode: "normal",
      lastSequence: 0,
      lastScoId: null,
      scoCmi: {},
    });
    const again = await launch();
    expect(again.json.attempt.attemptId).toBe(res.json.attempt.attemptId);
  });

  it("two launches at once make one attempt", async () => {
    const { launch, enrollment } = await scormCourse();
    const [a, b] = await Promise.all([launch(), launch()]);
    expect(a.json.attempt.attemptId).toBe(b.json.attempt.attemptId);
    expect(await testDb().scormAttempt.count({ where: { enrollmentId: enrollment.id } })).toBe(1);
  });

  it("an editor who is not enrolled previews untracked; another tenant gets 404", async () => {
    const { course, launchPath } = await scormCourse();
    const admin = await createUser(tenant.id, "org_admin");
    const res = await callAs(tenant.subdomain, admin, launchPath);
    expect(res.status).toBe(200);
    expect(res.json.attempt).toBeNull();
    const stranger = await createUser(other.id, "org_admin");
    expect((await callAs(other.subdomain, stranger, launchPath)).status).toBe(404);
    expect(course.id).toBeTruthy();
  });

  it("a lesson without a package is a 404", async () => {
    const course = await createCourse(tenant.id, { modules: [{ lessons: [{ kind: "scorm" }] }] });
    const learner = await createUser(tenant.id, "learner");
    await enroll(tenant.id, course.id, learner.id);
    expect(
      (
        await callAs(
          tenant.subdomain,
          learner,
          `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/scorm/launch`,
        )
      ).status,
    ).toBe(404);
  });
});

describe("POST /scorm/commits/{token} (the content host)", () => {
  it("applies a commit, ignores its replay and older sequences, and resumes where the learner left", async () => {
    const { launch } = await scormCourse();
    const v = await visit(launch);
    const { attemptId } = v;
    const commit = (sequence: number, location: string, extra: Record<string, unknown> = {}) => ({
      attemptId,
      scoId: "sco1",
      sequence,
      cmi: cmi12({
        lesson_location: location,
        lesson_status: "incomplete",
        exit: "suspend",
        session_time: "00:00:30",
        ...extra,
      }),
    });
    const first = await commitTo(v, [commit(1, "page1"), commit(2, "page2")]);
    expect(first.status).toBe(200);
    expect(first.json.results).toEqual([
      { attemptId, scoId: "sco1", sequence: 1, applied: true },
      { attemptId, scoId: "sco1", sequence: 2, applied: true },
    ]);
    const replay = await commitTo(v, [commit(2, "page9"), commit(1, "page0")]);
    expect(replay.json.results.map((r: { applied: boolean }) => r.applied)).toEqual([false, false]);
    const state = await testDb().scormScoState.findFirstOrThrow({ where: { attemptId } });
    expect(state).toMatchObject({
      commitSequence: 2,
      location: "page2",
      completionStatus: "incomplete",
      totalTimeSeconds: 30,
    });

    const resumed = (await launch()).json.attempt;
    expect(resumed).toMatchObject({ attemptId, lastSequence: 2, lastScoId: "sco1" });
    expect(resumed.scoCmi.sco1.core).toMatchObject({
      entry: "resume",
      lesson_location: "page2",
      total_time: "00:00:30.00",
    });
  });

  it("accepts a text/plain beacon body", async () => {
    const { launch } = await scormCourse();
    const v = await visit(launch);
    const body = JSON.stringify({
      commits: [{ attemptId: v.attemptId, scoId: "sco1", sequence: 1, cmi: cmi12({ lesson_status: "incomplete" }) }],
    });
    const res = await postCommits(v, body, { "content-type": "text/plain;charset=UTF-8" });
    expect(res.status).toBe(200);
    expect(res.json.results[0].applied).toBe(true);
  });

  it("a token writes its own attempt only: another learner's attempt is 404 and nothing is written", async () => {
    const { launch, course } = await scormCourse();
    const victim = await visit(launch);
    const peer = await createUser(tenant.id, "learner");
    await enroll(tenant.id, course.id, peer.id);
    const own = await visit(() =>
      callAs(tenant.subdomain, peer, `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/scorm/launch`),
    );
    const commit = { attemptId: victim.attemptId, scoId: "sco1", sequence: 1, cmi: cmi12({ lesson_status: "passed" }) };
    expect((await commitTo(own, [commit])).status).toBe(404);
    expect((await commitTo(own, [{ ...commit, attemptId: own.attemptId }, commit])).status).toBe(404);
    expect(
      await testDb().scormScoState.count({ where: { attemptId: { in: [victim.attemptId, own.attemptId] } } }),
    ).toBe(0);
  });

  it("bad input is a 400 with the error body, a missing token 404, an oversize body 413", async () => {
    const { launch } = await scormCourse();
    const v = await visit(launch);
    const bad = await commitTo(v, [{ attemptId: "nope", scoId: "", sequence: 0, cmi: {} }]);
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe("VALIDATION_FAILED");
    expect((await commitTo(v, [])).status).toBe(400);
    const malformed = await postCommits(v, "{not json");
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe("BAD_REQUEST");
    expect(
      (await call(`${tenant.subdomain}.content`, "/scorm/commits/not-a-token", { json: { commits: [] } })).status,
    ).toBe(404);
    const huge = await postCommits(v, "x".repeat(4 * 1024 * 1024 + 10));
    expect(huge.status).toBe(413);
  });

  it("keeps 10,000 characters of 1.2 suspend_data whole, with a warning in the attempt log", async () => {
    const { launch } = await scormCourse();
    const v = await visit(launch);
    const { attemptId } = v;
    const data = "d".repeat(10_000);
    await commitTo(v, [
      { attemptId, scoId: "sco1", sequence: 1, cmi: cmi12({ lesson_status: "incomplete", exit: "suspend" }, data) },
    ]);
    const state = await testDb().scormScoState.findFirstOrThrow({ where: { attemptId } });
    expect(state.suspendData).toBe(data);
    const attempt = await testDb().scormAttempt.findUniqueOrThrow({ where: { id: attemptId } });
    expect(JSON.stringify(attempt.log)).toContain("past SCORM 1.2's 4,096");
    expect((await launch()).json.attempt.scoCmi.sco1.suspend_data).toBe(data);
  });

  it("a passed 1.2 SCO completes the lesson with its success and score; the course percentage follows", async () => {
    const { launch, enrollment, lesson } = await scormCourse();
    const v = await visit(launch);
    const { attemptId } = v;
    await commitTo(v, [
      { attemptId, scoId: "sco1", sequence: 1, cmi: cmi12({ lesson_status: "incomplete", session_time: "00:01:00" }) },
    ]);
    let progress = await testDb().lessonProgress.findFirstOrThrow({
      where: { enrollmentId: enrollment.id, lessonId: lesson.id },
    });
    expect(progress.status).toBe("in_progress");
    await commitTo(v, [
      {
        attemptId,
        scoId: "sco1",
        sequence: 2,
        terminated: true,
        cmi: cmi12({ lesson_status: "passed", session_time: "00:02:00", score: { raw: "90", min: "0", max: "100" } }),
      },
    ]);
    progress = await testDb().lessonProgress.findFirstOrThrow({
      where: { enrollmentId: enrollment.id, lessonId: lesson.id },
    });
    expect(progress).toMatchObject({
      status: "completed",
      successStatus: "passed",
      scoreScaled: 0.9,
      timeSpentSeconds: 120,
    });
    expect(progress.completedAt).not.toBeNull();
    const e = await testDb().enrollment.findUniqueOrThrow({ where: { id: enrollment.id } });
    expect(e.progressPercent).toBe(50);
    const attempt = await testDb().scormAttempt.findUniqueOrThrow({ where: { id: attemptId } });
    expect(attempt).toMatchObject({ completionStatus: "completed", successStatus: "passed" });
  });

  it("the minimum-calls 1.2 SCO (never sets lesson_status) completes on LMSFinish; both SCOs complete the attempt", async () => {
    const { launch, enrollment, lesson } = await scormCourse({ items: [scoItem("a"), scoItem("b")] });
    const v = await visit(launch);
    const { attemptId } = v;
    const finish = (scoId: string, sequence: number) => ({
      attemptId,
      scoId,
      sequence,
      terminated: true,
      cmi: cmi12({ lesson_status: "not attempted" }),
    });
    await commitTo(v, [finish("a", 1)]);
    expect(
      (await testDb().lessonProgress.findFirstOrThrow({ where: { enrollmentId: enrollment.id, lessonId: lesson.id } }))
        .status,
    ).toBe("in_progress");
    await commitTo(v, [finish("b", 2)]);
    expect(
      (await testDb().lessonProgress.findFirstOrThrow({ where: { enrollmentId: enrollment.id, lessonId: lesson.id } }))
        .status,
    ).toBe("completed");
  });

  it("2004: success from the scaled passing score, and the sequencing rollup in globals wins", async () => {
    const { launch, enrollment, lesson } = await scormCourse({
      version: "scorm2004_4th",
      items: [scoItem("pre"), scoItem("post", { scaledPassingScore: 0.8 })],
    });
    const v = await visit(launch);
    const { attemptId } = v;
    await commitTo(v, [
      {
        attemptId,
        scoId: "post",
        sequence: 1,
        cmi: {
          completion_status: "completed",
          success_status: "unknown",
          score: { scaled: "0.9" },
          session_time: "PT10S",
        },
      },
    ]);
    expect(await testDb().scormScoState.findFirstOrThrow({ where: { attemptId, scoId: "post" } })).toMatchObject({
      successStatus: "passed",
      scoreScaled: 0.9,
    });
    expect(
      (await testDb().lessonProgress.findFirstOrThrow({ where: { enrollmentId: enrollment.id, lessonId: lesson.id } }))
        .status,
    ).toBe("in_progress");
    await commitTo(v, [
      {
        attemptId,
        scoId: "post",
        sequence: 2,
        terminated: true,
        cmi: { completion_status: "completed", session_time: "PT20S" },
        globals: { rollup: { completionStatus: "completed", successStatus: "passed", scoreScaled: 0.9 } },
      },
    ]);
    const progress = await testDb().lessonProgress.findFirstOrThrow({
      where: { enrollmentId: enrollment.id, lessonId: lesson.id },
    });
    expect(progress).toMatchObject({ status: "completed", successStatus: "passed", timeSpentSeconds: 20 });
  });

  it("2004: a SCO's progress_measure is the lesson's part in progress, and the course's percentage counts it", async () => {
    const { launch, enrollment, lesson } = await scormCourse({ version: "scorm2004_4th" });
    const v = await visit(launch);
    const { attemptId } = v;
    const progressOf = () =>
      testDb().lessonProgress.findFirstOrThrow({ where: { enrollmentId: enrollment.id, lessonId: lesson.id } });
    const percent = async () =>
      (await testDb().enrollment.findUniqueOrThrow({ where: { id: enrollment.id } })).progressPercent;
    await commitTo(v, [
      {
        attemptId,
        scoId: "sco1",
        sequence: 1,
        cmi: { completion_status: "incomplete", progress_measure: "0.2", location: "2" },
      },
      {
        attemptId,
        scoId: "sco1",
        sequence: 2,
        terminated: true,
        cmi: { completion_status: "incomplete", progress_measure: "0.6", location: "4", exit: "suspend" },
      },
    ]);
    expect(await progressOf()).toMatchObject({ status: "in_progress", progressMeasure: 0.6 });
    // Two lessons in the course: 0.6 of one of them.
    expect(await percent()).toBe(30);
    await commitTo(v, [
      {
        attemptId,
        scoId: "sco1",
        sequence: 3,
        terminated: true,
        cmi: { completion_status: "completed", progress_measure: "1", location: "5" },
      },
    ]);
    expect(await progressOf()).toMatchObject({ status: "completed" });
    expect(await percent()).toBe(50);
  });

  it("after a completed attempt: review without retakes, a new attempt with them; the lesson stays completed", async () => {
    for (const allowRetakes of [false, true]) {
      const { launch, enrollment, lesson } = await scormCourse({ allowRetakes });
      const first = await visit(launch);
      await commitTo(first, [
        {
          attemptId: first.attemptId,
          scoId: "sco1",
          sequence: 1,
          terminated: true,
          cmi: cmi12({ lesson_status: "completed" }),
        },
      ]);
      const relaunch = await launch();
      const next = relaunch.json.attempt;
      if (!allowRetakes) {
        expect(next).toMatchObject({ attemptId: first.attemptId, mode: "review" });
        continue;
      }
      expect(next).toMatchObject({ attemptNumber: 2, mode: "normal", lastSequence: 0 });
      const nextVisit = { attemptId: next.attemptId, commitPath: new URL(relaunch.json.content.commitUrl).pathname };
      await commitTo(nextVisit, [
        { attemptId: next.attemptId, scoId: "sco1", sequence: 1, cmi: cmi12({ lesson_status: "incomplete" }) },
      ]);
      expect(
        (
          await testDb().lessonProgress.findFirstOrThrow({
            where: { enrollmentId: enrollment.id, lessonId: lesson.id },
          })
        ).status,
      ).toBe("completed");
      // The superseded attempt is no longer tracked.
      const late = await commitTo(first, [
        { attemptId: first.attemptId, scoId: "sco1", sequence: 5, cmi: cmi12({ lesson_status: "failed" }) },
      ]);
      expect(late.json.results[0].applied).toBe(false);
    }
  });
});

describe("commits of one attempt that race", () => {
  it("each is applied once, whichever got there first: SCO states, the attempt's rollup and the lesson agree", async () => {
    const ids = ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"];
    const { launch, enrollment, lesson } = await scormCourse({ items: ids.map((id) => scoItem(id)) });
    const v = await visit(launch);
    const { attemptId } = v;
    // Eight SCOs' commits at once, each in a request of its own: every commit but the first finds the
    // attempt changed since its read, some more than once; the terminate commits also move the lesson.
    const answers = await Promise.all(
      ids.map((scoId, index) =>
        commitTo(v, [
          {
            attemptId,
            scoId,
            sequence: index + 1,
            terminated: true,
            cmi: cmi12({ lesson_status: "completed", session_time: "00:01:00" }),
          },
        ]),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.json.results[0].applied)).toEqual([true, true, true, true, true, true, true, true]);
    const states = await testDb().scormScoState.findMany({ where: { attemptId }, orderBy: { scoId: "asc" } });
    expect(states.map((s) => [s.scoId, s.completionStatus, s.totalTimeSeconds])).toEqual(
      ids.map((id) => [id, "completed", 60]),
    );
    const attempt = await testDb().scormAttempt.findUniqueOrThrow({ where: { id: attemptId } });
    expect(attempt).toMatchObject({ completionStatus: "completed", totalTimeSeconds: 480 });
    expect(attempt.completedAt).not.toBeNull();
    const progress = await testDb().lessonProgress.findFirstOrThrow({
      where: { enrollmentId: enrollment.id, lessonId: lesson.id },
    });
    expect(progress).toMatchObject({ status: "completed", timeSpentSeconds: 480 });
  });
});

describe("POST /api/scorm-tracking", () => {
  it("records the caller's lesson status and the course progress", async () => {
    const { learner, lesson, enrollment } = await scormCourse();
    const post = (json: unknown, user = learner) => callAs(tenant.subdomain, user, "/api/scorm-tracking", { json });
    const partial = await post({ lessonId: lesson.id, status: "in_progress", progress: 40 });
    expect(partial.status).toBe(200);
    expect(partial.json).toMatchObject({
      lessonId: lesson.id,
      progress: 40,
      status: "in_progress",
      course_progress: 0,
    });
    const failed = await post({ lessonId: lesson.id, status: "failed", progress: 100 });
    expect(failed.json).toMatchObject({
      progress: 100,
      status: "completed",
      success_status: "failed",
      course_progress: 50,
    });
    expect((await post({ lessonId: lesson.id, status: "in_progress", progress: 10 })).json.status).toBe("completed");
    expect((await testDb().enrollment.findUniqueOrThrow({ where: { id: enrollment.id } })).progressPercent).toBe(50);
    expect((await post({ lessonId: lesson.id, status: "done", progress: 120 })).status).toBe(400);
    const stranger = await createUser(other.id, "learner");
    expect(
      (
        await callAs(other.subdomain, stranger, "/api/scorm-tracking", {
          json: { lessonId: lesson.id, status: "completed", progress: 100 },
        })
      ).status,
    ).toBe(404);
    const notEnrolled = await createUser(tenant.id, "learner");
    expect((await post({ lessonId: lesson.id, status: "completed", progress: 100 }, notEnrolled)).status).toBe(404);
  });
});
