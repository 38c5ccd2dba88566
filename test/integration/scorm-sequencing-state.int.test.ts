import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { learnerWithScormAttempt } from "@/test/scorm-attempts";

// The activity tree's state of a SCORM 2004 attempt goes through the commit path like the CMI: a commit
// carries it (alone, without CMI), the newest by sequence is kept, a replay changes nothing, one too large
// is refused with a 400 that says so, and the launch hands it back. A commit of exitAll ends the attempt:
// the next launch starts a new one, and the ended one stays.

let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant();
});

afterAll(async () => {
  await testDb().$disconnect();
});

type Learner = Awaited<ReturnType<typeof learnerWithScormAttempt>>;

/** A tree the way scorm-again serializes one (abridged): the suspended activity and the attempt counts. */
const tree = (suspended: string | null, attempts: Record<string, number>) => ({
  version: "1.0",
  timestamp: "2026-11-27T10:00:00.000Z",
  sequencing: {
    version: "1.0",
    currentActivity: null,
    suspendedActivity: suspended,
    activityStates: Object.fromEntries(
      Object.entries(attempts).map(([id, attemptCount]) => [id, { id, attemptCount, isSuspended: id === suspended }]),
    ),
  },
});

async function post(learner: Learner, commits: Record<string, unknown>[]) {
  const res = await call(`${tenant.subdomain}.content`, learner.commitPath, {
    method: "POST",
    json: { commits: commits.map((commit) => ({ attemptId: learner.attemptId, terminated: false, ...commit })) },
  });
  return {
    status: res.status,
    json: res.json as { results?: { sequence: number; applied: boolean }[]; error?: unknown },
  };
}

const stored = (attemptId: string) =>
  testDb().scormAttempt.findFirstOrThrow({
    where: { id: attemptId },
    select: { sequencingState: true, sequencingSequence: true, lastCommittedAt: true, endedAt: true },
  });

describe("the activity tree's state through the commit path", () => {
  it("a state-only commit stores the tree beside the CMI, and the launch hands both back", async () => {
    const learner = await learnerWithScormAttempt(tenant, "scorm2004_4th");
    const cmi = { location: "page-3", suspend_data: "notes=2", exit: "suspend", completion_status: "incomplete" };
    const first = await post(learner, [
      { sequence: 1, scoId: "sco1", cmi },
      { sequence: 2, scoId: "sco1", sequencing: tree("sco1", { sco1: 1, sco2: 0 }) },
    ]);
    expect(first.status).toBe(200);
    expect(first.json.results).toEqual([
      { attemptId: learner.attemptId, scoId: "sco1", sequence: 1, applied: true },
      { attemptId: learner.attemptId, scoId: "sco1", sequence: 2, applied: true },
    ]);
    expect(await stored(learner.attemptId)).toMatchObject({
      sequencingState: tree("sco1", { sco1: 1, sco2: 0 }),
      sequencingSequence: 2,
      endedAt: null,
    });

    const launch = await call(tenant.subdomain, learner.launchPath, { bearer: learner.bearer });
    expect(launch.status).toBe(200);
    expect(launch.json.attempt).toMatchObject({
      attemptId: learner.attemptId,
      lastSequence: 2,
      sequencing: tree("sco1", { sco1: 1, sco2: 0 }),
      scoCmi: { sco1: { location: "page-3", suspend_data: "notes=2", entry: "resume" } },
    });
  });

  it("ordered: a commit older than the stored state never replaces it", async () => {
    const learner = await learnerWithScormAttempt(tenant, "scorm2004_4th");
    expect(
      (await post(learner, [{ sequence: 5, scoId: "sco2", sequencing: tree("sco2", { sco1: 1, sco2: 1 }) }])).status,
    ).toBe(200);
    const late = await post(learner, [{ sequence: 4, scoId: "sco1", sequencing: tree("sco1", { sco1: 1, sco2: 0 }) }]);
    expect(late.status).toBe(200);
    expect(late.json.results).toEqual([{ attemptId: learner.attemptId, scoId: "sco1", sequence: 4, applied: false }]);
    expect(await stored(learner.attemptId)).toMatchObject({
      sequencingState: tree("sco2", { sco1: 1, sco2: 1 }),
      sequencingSequence: 5,
    });
  });

  it("idempotent: the same commit sent again (a beacon, then the next page's replay) changes nothing", async () => {
    const learner = await learnerWithScormAttempt(tenant, "scorm2004_4th");
    const commit = { sequence: 3, scoId: "sco2", sequencing: tree("sco2", { sco1: 1, sco2: 1 }) };
    expect((await post(learner, [commit])).status).toBe(200);
    const before = await stored(learner.attemptId);
    const again = await post(learner, [commit]);
    expect(again.status).toBe(200);
    expect(again.json.results).toEqual([{ attemptId: learner.attemptId, scoId: "sco2", sequence: 3, applied: false }]);
    expect(await stored(learner.attemptId)).toEqual(before);
  });

  it("a state over 1,000,000 characters is a 400 that names the field, and nothing of the batch is stored", async () => {
    const learner = await learnerWithScormAttempt(tenant, "scorm2004_4th");
    const huge = { ...tree(null, { sco1: 1 }), padding: "x".repeat(1_000_000) };
    const res = await post(learner, [
      { sequence: 1, scoId: "sco1", cmi: { location: "p1" } },
      { sequence: 2, scoId: "sco1", sequencing: huge },
    ]);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "commits.1.sequencing: The activity tree's state may be at most 1,000,000 characters of JSON",
    });
    expect(await stored(learner.attemptId)).toMatchObject({ sequencingState: null, sequencingSequence: 0 });
    expect(await testDb().scormScoState.count({ where: { attemptId: learner.attemptId } })).toBe(0);
  });

  it("exitAll ends the attempt: the next launch starts attempt 2, and attempt 1 stays with its data", async () => {
    const learner = await learnerWithScormAttempt(tenant, "scorm2004_4th");
    const ended = await post(learner, [
      { sequence: 1, scoId: "sco1", cmi: { location: "p4", exit: "normal" }, terminated: true, endsAttempt: true },
      { sequence: 2, scoId: "sco1", sequencing: tree(null, { sco1: 1, sco2: 0 }) },
    ]);
    expect(ended.status).toBe(200);
    expect((await stored(learner.attemptId)).endedAt).not.toBeNull();

    const next = await call(tenant.subdomain, learner.launchPath, { bearer: learner.bearer });
    expect(next.status).toBe(200);
    expect(next.json.attempt).toMatchObject({
      attemptNumber: 2,
      mode: "normal",
      lastSequence: 0,
      sequencing: null,
      scoCmi: {},
    });
    expect(next.json.attempt.attemptId).not.toBe(learner.attemptId);
    const attempts = await testDb().scormAttempt.findMany({
      where: { lessonId: learner.lessonId },
      orderBy: { attemptNumber: "asc" },
      select: { attemptNumber: true, endedAt: true, scos: { select: { scoId: true, location: true } } },
    });
    expect(attempts).toMatchObject([
      { attemptNumber: 1, scos: [{ scoId: "sco1", location: "p4" }] },
      { attemptNumber: 2, endedAt: null, scos: [] },
    ]);
    expect(attempts[0]!.endedAt).not.toBeNull();

    // A late copy of the old attempt's commits (a beacon that arrives after the relaunch) is not applied.
    const late = await post(learner, [{ sequence: 3, scoId: "sco1", cmi: { location: "p9" } }]);
    expect(late.json.results).toEqual([{ attemptId: learner.attemptId, scoId: "sco1", sequence: 3, applied: false }]);
  });
});
