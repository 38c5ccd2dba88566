import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { fixtureZip } from "@/test/scorm-zips";
import { cachedSignIn } from "@/test/session";

// One attempt, one live player: a runtime takes the attempt over by claiming the next player generation;
// a commit made under an older generation (a window opened before another one took over) is refused
// with a 409 and changes nothing, so a stale window never overwrites newer progress.

let tenant: TestTenant;
let attemptId: string;
let commitPath: string;

const contentHost = () => `${tenant.subdomain}.content`;

function commit(sequence: number, generation: number, location: string) {
  return { attemptId, sequence, scoId: "item_1", generation, cmi: { core: { lesson_location: location } } };
}

async function post(body: object) {
  return call(contentHost(), commitPath, { method: "POST", json: body });
}

async function storedLocation(): Promise<string | null | undefined> {
  const sco = await testDb().scormScoState.findFirst({ where: { attemptId }, select: { location: true } });
  return sco?.location;
}

beforeAll(async () => {
  tenant = await createTenant();
  const course = await createCourse(tenant.id, {
    instructorIds: [tenant.users.instructor.id],
    modules: [{ lessons: [{ kind: "scorm" }] }],
  });
  const lesson = course.lessons[0]!;
  const upload = await call(tenant.subdomain, `/api/courses/${course.id}/lessons/${lesson.id}/scorm`, {
    method: "PUT",
    body: fixtureZip("golf-scorm12-runtime-basic-singlesco.zip"),
    headers: { "content-type": "application/zip" },
    bearer: await cachedSignIn(tenant.subdomain, tenant.users.instructor),
  });
  expect(upload.status, upload.text).toBeLessThan(300);
  await enroll(tenant.id, course.id, tenant.users.learner.id);
  const launch = await call(tenant.subdomain, `/api/courses/${course.id}/lessons/${lesson.id}/scorm/launch`, {
    bearer: await cachedSignIn(tenant.subdomain, tenant.users.learner),
  });
  expect(launch.status, launch.text).toBe(200);
  expect(launch.json.attempt.playerGeneration).toBe(0);
  attemptId = launch.json.attempt.attemptId;
  const url = new URL(launch.json.content.commitUrl);
  commitPath = url.pathname;
}, 60_000);

afterAll(async () => {
  await testDb().$disconnect();
});

describe("player generations", () => {
  it("a claim applies the commits it carries first, then answers the next generation and the attempt as stored", async () => {
    const res = await post({ commits: [commit(1, 0, "p1")], claim: { generation: 0 } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.results).toEqual([{ attemptId, scoId: "item_1", sequence: 1, applied: true }]);
    expect(res.json.player.generation).toBe(1);
    expect(res.json.player.attempt).toMatchObject({
      attemptId,
      mode: "normal",
      lastSequence: 1,
      playerGeneration: 1,
      scoCmi: { item_1: { core: { lesson_location: "p1" } } },
    });
  });

  it("the claiming player's commits are applied", async () => {
    const res = await post({ commits: [commit(2, 1, "p2")] });
    expect(res.status, res.text).toBe(200);
    expect(res.json.results[0].applied).toBe(true);
    expect(await storedLocation()).toBe("p2");
  });

  it("a commit of the replaced generation is refused with a 409 and changes nothing", async () => {
    const res = await post({ commits: [commit(3, 0, "stale")] });
    expect(res.status).toBe(409);
    expect(res.json.error).toEqual({ code: "CONFLICT", message: "This lesson was opened in another window" });
    expect(await storedLocation()).toBe("p2");
  });

  it("a claim from a generation another player already left is refused", async () => {
    const res = await post({ commits: [], claim: { generation: 0 } });
    expect(res.status).toBe(409);
    const attempt = await testDb().scormAttempt.findUniqueOrThrow({
      where: { id: attemptId },
      select: { playerGeneration: true },
    });
    expect(attempt.playerGeneration).toBe(1);
  });

  it("a third window takes over: the second one's next commit is refused, the third one's applied", async () => {
    const claim = await post({ commits: [], claim: { generation: 1 } });
    expect(claim.status, claim.text).toBe(200);
    expect(claim.json.player.generation).toBe(2);
    expect(claim.json.player.attempt.scoCmi.item_1.core.lesson_location).toBe("p2");
    const older = await post({ commits: [commit(4, 1, "from the second window")] });
    expect(older.status).toBe(409);
    const newer = await post({ commits: [commit(5, 2, "from the third window")] });
    expect(newer.status, newer.text).toBe(200);
    expect(await storedLocation()).toBe("from the third window");
  });

  it("an empty batch without a claim is a 400", async () => {
    const res = await post({ commits: [] });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/commits must hold at least one commit/);
  });
});
