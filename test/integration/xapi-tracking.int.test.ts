import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DESIGN } from "@/lib/schemas/certificates";
import type { ScormManifest } from "@/lib/scorm/types";
import { createCourse, enroll, type TestCourse } from "@/test/course-factories";
import { createTenant, createUser, testDb, type TestTenant, type TestUser } from "@/test/factories";
import { call } from "@/test/http";
import { scoItem } from "@/test/scorm-attempts";
import { callAs, signIn } from "@/test/session";

// What the app tracks, in the organization's LRS (docs/xapi.md, "Statements the app writes for its own
// tracking"): a learner finishing a SCORM lesson, a text lesson, the course and its certificate, read back
// with an LRS client; a replayed commit stores nothing twice; with the switch off nothing is written; the
// statements never reach another organization's LRS.

interface Client {
  key: string;
  secret: string;
}

let acme: TestTenant;
let globex: TestTenant;
let acmeClient: Client;
let globexClient: Client;
let templateId: string;

async function createClient(tenant: TestTenant): Promise<Client> {
  const res = await call(tenant.subdomain, "/api/admin/lrs-clients", {
    bearer: await signIn(tenant.subdomain, tenant.users.admin),
    json: { name: "Reporting", scopes: ["statements/read"] },
  });
  expect(res.status, res.text).toBe(201);
  return { key: res.json.key, secret: res.json.secret };
}

beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
  [acmeClient, globexClient] = await Promise.all([createClient(acme), createClient(globex)]);
  const template = await callAs(acme.subdomain, acme.users.instructor, "/api/certificate-templates", {
    method: "POST",
    json: { name: "Safety certificate", design: DEFAULT_DESIGN },
  });
  expect(template.status, template.text).toBe(201);
  templateId = template.json.id;
});
afterAll(() => testDb().$disconnect());

interface Statement {
  id: string;
  actor: { objectType: string; account: { homePage: string; name: string } };
  verb: { id: string };
  object: { id: string; definition?: { type?: string } };
  result?: Record<string, unknown>;
  context: { registration: string; platform: string; contextActivities?: Record<string, { id: string }[]> };
  authority: { account: { name: string } };
}

/** The statements of one registration (an enrollment), oldest first, as an LRS client of `tenant` reads them. */
async function statementsOf(tenant: TestTenant, client: Client, registration: string): Promise<Statement[]> {
  const res = await call(tenant.subdomain, `/xapi/statements?registration=${registration}&ascending=true&limit=100`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${client.key}:${client.secret}`).toString("base64")}`,
      "x-experience-api-version": "2.0.0",
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.statements;
}

/** A course of a SCORM lesson and a text lesson that issues a certificate, taught by acme's instructor. */
async function certifyingScormCourse(): Promise<TestCourse> {
  const course = await createCourse(acme.id, {
    instructorIds: [acme.users.instructor.id],
    modules: [{ lessons: [{ kind: "scorm", title: "Extinguishers" }, { title: "Evacuation" }] }],
  });
  const manifest: ScormManifest = {
    identifier: "m",
    version: "scorm12",
    title: "Extinguishers",
    organization: { identifier: "o", title: "Extinguishers", items: [scoItem("sco1")] },
    resources: [],
    sequencing: null,
    globalObjectiveIds: [],
  };
  await testDb().scormPackage.create({
    data: {
      organizationId: acme.id,
      lessonId: course.lessons[0]!.id,
      version: 1,
      scormVersion: "scorm12",
      title: "Extinguishers",
      storagePrefix: `scorm/${course.lessons[0]!.id}/1`,
      launchPath: "sco1.html",
      manifest: manifest as object,
      sizeBytes: 100n,
      fileCount: 1,
    },
  });
  const set = await callAs(acme.subdomain, acme.users.instructor, `/api/courses/${course.id}/certificate`, {
    method: "PUT",
    json: { template_id: templateId, validity_months: 12, reminder_days: 30, recertify_automatically: false },
  });
  expect(set.status, set.text).toBe(200);
  return course;
}

const cmi12 = (core: Record<string, unknown>) => ({
  core: { score: { raw: "", min: "", max: "" }, ...core },
  suspend_data: "",
});

/**
 * A learner enrolled in `course` launches the SCORM lesson, completes the text lesson, then plays the SCO
 * to a pass (one commit on the way, one that passes and ends the session). Answers the enrollment and the
 * commit that passed, to replay it.
 */
async function finishCourse(course: TestCourse, learner: TestUser) {
  const enrollment = await enroll(acme.id, course.id, learner.id);
  const [scorm, text] = course.lessons;
  const launch = await callAs(acme.subdomain, learner, `/api/courses/${course.id}/lessons/${scorm!.id}/scorm/launch`);
  expect(launch.status, launch.text).toBe(200);
  const attemptId: string = launch.json.attempt.attemptId;
  const commitPath = new URL(launch.json.content.commitUrl).pathname;
  const post = (commits: unknown[]) =>
    call(`${acme.subdomain}.content`, commitPath, {
      method: "POST",
      body: JSON.stringify({ commits }),
      headers: { "content-type": "application/json" },
    });
  const done = await callAs(acme.subdomain, learner, `/api/courses/${course.id}/lessons/${text!.id}/progress`, {
    method: "PUT",
    json: { completed: true },
  });
  expect(done.status, done.text).toBe(200);
  const progress = await post([
    { attemptId, scoId: "sco1", sequence: 1, cmi: cmi12({ lesson_status: "incomplete", session_time: "00:01:00" }) },
  ]);
  expect(progress.json.results[0].applied).toBe(true);
  const passing = [
    {
      attemptId,
      scoId: "sco1",
      sequence: 2,
      terminated: true,
      cmi: cmi12({ lesson_status: "passed", session_time: "00:02:00", score: { raw: "90", min: "0", max: "100" } }),
    },
  ];
  const passed = await post(passing);
  expect(passed.status, passed.text).toBe(200);
  expect(passed.json.results[0].applied).toBe(true);
  const completed = await testDb().enrollment.findUniqueOrThrow({ where: { id: enrollment.id } });
  expect(completed.status).toBe("completed");
  return { enrollment, attemptId, replay: () => post(passing) };
}

const VERB = "http://adlnet.gov/expapi/verbs/";

describe("xAPI statements of what the app tracks", () => {
  it("a SCORM lesson, a text lesson, the course and its certificate, read back by an LRS client; a replay adds nothing", async () => {
    const course = await certifyingScormCourse();
    const learner = await createUser(acme.id, "learner");
    const { enrollment, attemptId, replay } = await finishCourse(course, learner);
    const [scorm, text] = course.lessons;
    const certificate = await testDb().certificate.findFirstOrThrow({ where: { enrollmentId: enrollment.id } });

    const statements = await statementsOf(acme, acmeClient, enrollment.id);
    expect(statements.map((s) => [s.verb.id, s.object.id])).toEqual([
      [`${VERB}initialized`, `urn:lms:lesson:${scorm!.id}`],
      [`${VERB}completed`, `urn:lms:lesson:${text!.id}`],
      [`${VERB}passed`, `urn:lms:lesson:${scorm!.id}`],
      [`${VERB}completed`, `urn:lms:lesson:${scorm!.id}`],
      [`${VERB}terminated`, `urn:lms:lesson:${scorm!.id}`],
      [`${VERB}completed`, `urn:lms:course:${course.id}`],
      ["http://id.tincanapi.com/verb/earned", `urn:lms:certificate:${certificate.id}`],
    ]);
    // The organization's host with APP_BASE_URL's scheme and port (what jobs use too): one agent throughout.
    const homePage = expect.stringMatching(new RegExp(`^http://${acme.subdomain}\\.localhost(:\\d+)?$`));
    expect(new Set(statements.map((s) => s.actor.account.homePage)).size).toBe(1);
    for (const s of statements) {
      expect(s.actor).toEqual({ objectType: "Agent", account: { homePage, name: learner.id } });
      expect(s.context).toMatchObject({ registration: enrollment.id, platform: "Learning Management" });
      expect(s.authority.account.name).toBe("lms");
    }
    const [, , passed, scormCompleted] = statements;
    expect(passed!.result).toEqual({ success: true, score: { scaled: 0.9 } });
    expect(scormCompleted!.result).toEqual({
      success: true,
      completion: true,
      score: { scaled: 0.9 },
      duration: "PT120S",
    });
    // The SCORM profile's context: the course as parent and in grouping with the attempt, the profile as category.
    expect(scormCompleted!.context.contextActivities).toMatchObject({
      parent: [{ id: `urn:lms:course:${course.id}` }],
      grouping: [{ id: `urn:lms:course:${course.id}` }, { id: `urn:lms:scorm-attempt:${attemptId}` }],
      category: [{ id: "https://w3id.org/xapi/scorm" }],
    });
    expect(statements[6]!.object.definition?.type).toBe("http://id.tincanapi.com/activitytype/certificate");

    const again = await replay();
    expect(again.status, again.text).toBe(200);
    expect(again.json.results[0].applied).toBe(false);
    const afterReplay = await statementsOf(acme, acmeClient, enrollment.id);
    expect(afterReplay.map((s) => s.id)).toEqual(statements.map((s) => s.id));
  });

  it("a suspended session, then a failed one: suspended, failed, completed and terminated, with what each knows", async () => {
    const course = await certifyingScormCourse();
    const learner = await createUser(acme.id, "learner");
    const enrollment = await enroll(acme.id, course.id, learner.id);
    const scorm = course.lessons[0]!;
    const visit = async () => {
      const launch = await callAs(
        acme.subdomain,
        learner,
        `/api/courses/${course.id}/lessons/${scorm.id}/scorm/launch`,
      );
      expect(launch.status, launch.text).toBe(200);
      const commitPath = new URL(launch.json.content.commitUrl).pathname;
      return {
        attemptId: launch.json.attempt.attemptId as string,
        post: (commit: Record<string, unknown>) =>
          call(`${acme.subdomain}.content`, commitPath, {
            method: "POST",
            body: JSON.stringify({ commits: [{ scoId: "sco1", terminated: true, ...commit }] }),
            headers: { "content-type": "application/json" },
          }),
      };
    };
    const first = await visit();
    const suspend = cmi12({ lesson_status: "incomplete", exit: "suspend", session_time: "00:00:30" });
    expect((await first.post({ attemptId: first.attemptId, sequence: 1, cmi: suspend })).status).toBe(200);
    const second = await visit();
    expect(second.attemptId).toBe(first.attemptId);
    const fail = cmi12({
      lesson_status: "failed",
      session_time: "00:01:00",
      score: { raw: "40", min: "0", max: "100" },
    });
    expect((await second.post({ attemptId: second.attemptId, sequence: 2, cmi: fail })).status).toBe(200);

    const statements = await statementsOf(acme, acmeClient, enrollment.id);
    expect(statements.map((s) => [s.verb.id, s.object.id, s.result ?? null])).toEqual([
      [`${VERB}initialized`, `urn:lms:lesson:${scorm.id}`, null],
      [`${VERB}suspended`, `urn:lms:lesson:${scorm.id}`, { duration: "PT30S" }],
      [`${VERB}failed`, `urn:lms:lesson:${scorm.id}`, { success: false, score: { scaled: 0.4 } }],
      [
        `${VERB}completed`,
        `urn:lms:lesson:${scorm.id}`,
        { success: false, completion: true, score: { scaled: 0.4 }, duration: "PT90S" },
      ],
      [
        `${VERB}terminated`,
        `urn:lms:lesson:${scorm.id}`,
        { success: false, completion: true, score: { scaled: 0.4 }, duration: "PT90S" },
      ],
    ]);
  });

  it("another organization's LRS never sees them", async () => {
    const course = await certifyingScormCourse();
    const learner = await createUser(acme.id, "learner");
    const { enrollment } = await finishCourse(course, learner);
    expect(await statementsOf(acme, acmeClient, enrollment.id)).toHaveLength(7);
    expect(await statementsOf(globex, globexClient, enrollment.id)).toEqual([]);
    const crossHost = await call(acme.subdomain, `/xapi/statements?registration=${enrollment.id}`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${globexClient.key}:${globexClient.secret}`).toString("base64")}`,
        "x-experience-api-version": "2.0.0",
      },
    });
    expect(crossHost.status).toBe(401);
  });

  it("turned off by an administrator (audited), nothing is written; turned on again, it records again", async () => {
    const admin = await signIn(acme.subdomain, acme.users.admin);
    const patch = (xapiTracking: boolean) =>
      call(acme.subdomain, "/api/admin/settings", { method: "PATCH", bearer: admin, json: { xapiTracking } });
    const off = await patch(false);
    expect(off.status, off.text).toBe(200);
    expect(off.json.settings.xapiTracking).toBe(false);
    try {
      const entry = await testDb().auditLog.findFirstOrThrow({
        where: { organizationId: acme.id, action: "settings.update" },
        orderBy: { createdAt: "desc" },
      });
      expect(entry).toMatchObject({
        actorId: acme.users.admin.id,
        data: { changes: { xapiTracking: { from: true, to: false } } },
      });
      const course = await certifyingScormCourse();
      const { enrollment } = await finishCourse(course, await createUser(acme.id, "learner"));
      expect(await testDb().certificate.count({ where: { enrollmentId: enrollment.id } })).toBe(1);
      expect(await statementsOf(acme, acmeClient, enrollment.id)).toEqual([]);
      expect(
        await testDb().xapiStatement.count({ where: { organizationId: acme.id, registration: enrollment.id } }),
      ).toBe(0);
    } finally {
      expect((await patch(true)).json.settings.xapiTracking).toBe(true);
    }
    const course = await certifyingScormCourse();
    const learner = await createUser(acme.id, "learner");
    const enrollment = await enroll(acme.id, course.id, learner.id);
    const launch = await callAs(
      acme.subdomain,
      learner,
      `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/scorm/launch`,
    );
    expect(launch.status, launch.text).toBe(200);
    const statements = await statementsOf(acme, acmeClient, enrollment.id);
    expect(statements.map((s) => [s.verb.id, s.object.id])).toEqual([
      [`${VERB}initialized`, `urn:lms:lesson:${course.lessons[0]!.id}`],
    ]);
  });

  it("the switch takes only on or off, and only an administrator changes it", async () => {
    const bad = await call(acme.subdomain, "/api/admin/settings", {
      method: "PATCH",
      bearer: await signIn(acme.subdomain, acme.users.admin),
      json: { xapiTracking: "yes" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fieldErrors).toEqual({
      xapiTracking: ["Recording learning activity as xAPI statements must be on or off"],
    });
    const instructor = await callAs(acme.subdomain, acme.users.instructor, "/api/admin/settings", {
      method: "PATCH",
      json: { xapiTracking: false },
    });
    expect(instructor.status).toBe(403);
  });
});
