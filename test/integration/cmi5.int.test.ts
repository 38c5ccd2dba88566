import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, enroll, type TestCourse } from "@/test/course-factories";
import { createTenant, createUser, testDb, type TestTenant, type TestUser } from "@/test/factories";
import { call, type TestResponse } from "@/test/http";
import { cachedSignIn } from "@/test/session";
import { buildZip } from "@/test/scorm-zips";
import { abandonTimedOutCmi5Sessions } from "@/lib/server/cmi5/session-timeout";

// cmi5 courses (docs/cmi5.md): import of a zip or a bare cmi5.xml and the packages the spec refuses, the
// launch (URL, LMS.LaunchData, Launched), the one-time fetch URL, the session's statements checked by the
// LRS (403 where the spec forbids them), Satisfied and the lesson's progress, waive and abandon, and
// tenancy. ADL's CATAPULT suite checks the whole LMS side (npm run test:conformance).

let tenant: TestTenant;
let other: TestTenant;
let instructor: TestUser;
let learner: TestUser;
let course: TestCourse;

const title = (text: string) => `<title><langstring lang="en">${text}</langstring></title>`;
const describeIt = (text: string) => `<description><langstring lang="en">${text}</langstring></description>`;
const cmi5Xml = (aus: string) => `<?xml version="1.0" encoding="utf-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="https://example.test/course/c1">${title("Safety course")}${describeIt("Safety")}</course>
  <block id="https://example.test/block/b1">${title("Part one")}${describeIt("One")}${aus}</block>
</courseStructure>`;
const au = (id: string, url: string, attrs = 'moveOn="CompletedOrPassed" masteryScore="0.8"') =>
  `<au id="https://example.test/au/${id}" ${attrs}>${title(`AU ${id}`)}${describeIt(id)}<url>${url}</url></au>`;

const packageZip = () =>
  buildZip([
    { name: "cmi5.xml", data: cmi5Xml(au("a1", "index.html?lang=en") + au("a2", "two.html")) },
    { name: "index.html", data: "<!doctype html><title>AU one</title><p>Lesson</p>" },
    { name: "two.html", data: "<!doctype html><title>AU two</title>" },
  ]);

const lessonOf = (c: TestCourse) => c.lessons[0]!.id;

async function importCourse(user: TestUser, c: TestCourse, body: Buffer | string, type: string, t = tenant) {
  return call(t.subdomain, `/api/courses/${c.id}/lessons/${lessonOf(c)}/cmi5`, {
    method: "PUT",
    body,
    headers: { "content-type": type },
    bearer: await cachedSignIn(t.subdomain, user),
  });
}

async function launch(user: TestUser, c: TestCourse, json: Record<string, unknown> = {}) {
  return call(tenant.subdomain, `/api/courses/${c.id}/lessons/${lessonOf(c)}/cmi5/launch`, {
    json,
    bearer: await cachedSignIn(tenant.subdomain, user),
  });
}

const cmi5Course = (instructorId: string) =>
  createCourse(tenant.id, {
    instructorIds: [instructorId],
    modules: [{ lessons: [{ kind: "cmi5", title: "Safety" }] }],
  });

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  instructor = await createUser(tenant.id, "instructor");
  learner = await createUser(tenant.id, "learner");
  course = await cmi5Course(instructor.id);
  await enroll(tenant.id, course.id, learner.id);
  const imported = await importCourse(instructor, course, await packageZip(), "application/zip");
  expect(imported.status, imported.text).toBe(200);
});
afterAll(() => testDb().$disconnect());

describe("PUT /api/courses/:id/lessons/:lessonId/cmi5", () => {
  it("imports a zip: its AUs, blocks and version", async () => {
    const c = await cmi5Course(instructor.id);
    const res = await importCourse(instructor, c, await packageZip(), "application/zip");
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      version: 1,
      title: "Safety course",
      publisher_id: "https://example.test/course/c1",
      packaged: true,
      au_count: 2,
      block_count: 1,
      aus: [
        { index: 0, id: "https://example.test/au/a1", move_on: "CompletedOrPassed", mastery_score: 0.8 },
        { index: 1, id: "https://example.test/au/a2", launch_method: "AnyWindow" },
      ],
    });
  });

  it("imports a bare cmi5.xml whose AUs are at absolute URLs", async () => {
    const c = await cmi5Course(instructor.id);
    const res = await importCourse(
      instructor,
      c,
      cmi5Xml(au("x", "https://cdn.example.test/au/index.html")),
      "text/xml",
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ packaged: false, au_count: 1 });
  });

  it.each([
    ["a relative AU URL without a package", cmi5Xml(au("x", "index.html")), "text/xml", 400, /14\.2\.0\.0-1/],
    [
      "a course id that is not an IRI",
      cmi5Xml(au("x", "https://e.test/i")).replace("https://example.test/course/c1", "c1"),
      "text/xml",
      400,
      /3\.0\.0\.0-1/,
    ],
    [
      "launch parameters in the AU's URL",
      cmi5Xml(au("x", "https://e.test/i?fetch=1")),
      "text/xml",
      400,
      /8\.1\.0\.0-6/,
    ],
    ["not XML", "# a markdown file", "text/markdown", 415, /application\/zip/],
  ])("refuses %s with the reason", async (_name, body, type, status, message) => {
    const c = await cmi5Course(instructor.id);
    const res = await importCourse(instructor, c, body, type);
    expect(res.status, res.text).toBe(status);
    expect(res.json.error.message).toMatch(message);
    expect(await testDb().cmi5Course.count({ where: { lessonId: lessonOf(c) } })).toBe(0);
  });

  it("refuses a zip without cmi5.xml, and one whose AU file is missing", async () => {
    const c = await cmi5Course(instructor.id);
    const none = await importCourse(
      instructor,
      c,
      await buildZip([{ name: "index.html", data: "x" }]),
      "application/zip",
    );
    expect(none.status).toBe(400);
    expect(none.json.error.message).toBe("The package has no cmi5.xml at its root.");
    const missing = await importCourse(
      instructor,
      c,
      await buildZip([{ name: "cmi5.xml", data: cmi5Xml(au("x", "gone.html")) }]),
      "application/zip",
    );
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toMatch(/14\.1\.0\.0-4/);
  });

  it("as learner → 403; in another organization → 404", async () => {
    expect((await importCourse(learner, course, cmi5Xml(au("x", "https://e.test/i")), "text/xml")).status).toBe(403);
    const stranger = await createUser(other.id, "admin");
    const res = await importCourse(stranger, course, cmi5Xml(au("x", "https://e.test/i")), "text/xml", other);
    expect(res.status).toBe(404);
  });
});

interface Launched {
  url: URL;
  json: Record<string, string>;
}

async function learnerLaunch(c: TestCourse = course, auIndex = 0): Promise<Launched> {
  const res = await launch(learner, c, { au_index: auIndex });
  expect(res.status, res.text).toBe(200);
  return { url: new URL(res.json.launch_url), json: res.json };
}

/** The fetch URL's path on the app host (tests call the host by name, not by the URL's origin). */
const fetchPath = (l: Launched) => new URL(l.url.searchParams.get("fetch")!).pathname;

async function fetchToken(l: Launched, t = tenant): Promise<TestResponse> {
  return call(t.subdomain, fetchPath(l), { method: "POST" });
}

function sessionXapi(token: string, t = tenant) {
  return (path: string, options: { method?: string; json?: unknown } = {}) =>
    call(t.subdomain, `/xapi/${path}`, {
      ...options,
      headers: { authorization: `Basic ${token}`, "x-experience-api-version": "1.0.3" },
    });
}

function cmi5Statement(l: Launched, verb: string, result?: Record<string, unknown>, moveOn = false) {
  const url = l.url.searchParams;
  return {
    id: crypto.randomUUID(),
    timestamp: new Date().toISOString(),
    actor: JSON.parse(url.get("actor")!),
    verb: { id: `http://adlnet.gov/expapi/verbs/${verb}` },
    object: { id: url.get("activityId") },
    ...(result ? { result } : {}),
    context: {
      registration: url.get("registration"),
      contextActivities: {
        category: [
          { id: "https://w3id.org/xapi/cmi5/context/categories/cmi5" },
          ...(moveOn ? [{ id: "https://w3id.org/xapi/cmi5/context/categories/moveon" }] : []),
        ],
        grouping: [{ id: "https://example.test/au/a1" }],
      },
      extensions: { "https://w3id.org/xapi/cmi5/context/extensions/sessionid": l.json.session_id },
    },
  };
}

describe("launching an AU", () => {
  it("gives a launch URL on the content host with the cmi5 parameters, and writes LMS.LaunchData and Launched", async () => {
    const l = await learnerLaunch();
    expect(l.url.hostname).toBe(`${tenant.subdomain}.content.localhost`);
    expect(l.url.pathname).toMatch(/^\/cmi5\/files\/[A-Za-z0-9_-]+\/index\.html$/);
    expect(l.url.searchParams.get("lang")).toBe("en");
    expect(l.url.searchParams.get("endpoint")).toMatch(
      new RegExp(`^http://${tenant.subdomain}\\.localhost:\\d+/xapi$`),
    );
    expect(JSON.parse(l.url.searchParams.get("actor")!)).toMatchObject({ account: { name: learner.id } });
    expect(l.json).toMatchObject({ launch_method: "AnyWindow", launch_mode: "Normal", au_index: 0 });
    const registration = l.url.searchParams.get("registration")!;
    const statements = await testDb().xapiStatement.findMany({
      where: { organizationId: tenant.id, registration },
      orderBy: { seq: "asc" },
      select: { verbId: true, document: true },
    });
    expect(statements.at(-1)!.verbId).toBe("http://adlnet.gov/expapi/verbs/launched");
    const context = (statements.at(-1)!.document as { context: { extensions: Record<string, unknown> } }).context;
    expect(context.extensions).toMatchObject({
      "https://w3id.org/xapi/cmi5/context/extensions/sessionid": l.json.session_id,
      "https://w3id.org/xapi/cmi5/context/extensions/moveon": "CompletedOrPassed",
      "https://w3id.org/xapi/cmi5/context/extensions/masteryscore": 0.8,
      "https://w3id.org/xapi/cmi5/context/extensions/launchmode": "Normal",
    });
    const doc = await testDb().xapiDocument.findFirstOrThrow({
      where: { organizationId: tenant.id, documentId: "LMS.LaunchData", registration },
    });
    expect(JSON.parse(Buffer.from(doc.content).toString("utf8"))).toMatchObject({
      launchMode: "Normal",
      moveOn: "CompletedOrPassed",
      masteryScore: 0.8,
      contextTemplate: { extensions: { "https://w3id.org/xapi/cmi5/context/extensions/sessionid": l.json.session_id } },
    });
  });

  it("serves the AU's file on the content host to the launch's token only", async () => {
    const l = await learnerLaunch();
    const file = await call(`${tenant.subdomain}.content`, l.url.pathname);
    expect(file.status).toBe(200);
    expect(file.text).toContain("Lesson");
    expect((await call(`${tenant.subdomain}`, l.url.pathname)).status).not.toBe(200);
    expect((await call(`${other.subdomain}.content`, l.url.pathname)).status).toBe(404);
  });

  it("a learner may not launch for another actor or in Browse mode (403); a stranger's course is a 404", async () => {
    const actor = { account: { homePage: "https://e.test", name: "x" } };
    expect((await launch(learner, course, { actor })).status).toBe(403);
    expect((await launch(learner, course, { launch_mode: "Browse" })).status).toBe(403);
    const stranger = await createUser(other.id, "admin");
    const res = await call(other.subdomain, `/api/courses/${course.id}/lessons/${lessonOf(course)}/cmi5/launch`, {
      json: {},
      bearer: await cachedSignIn(other.subdomain, stranger),
    });
    expect(res.status).toBe(404);
  });
});

describe("the fetch URL", () => {
  it("hands out the credential once, then answers error-code 1; another organization's host answers 2", async () => {
    const l = await learnerLaunch();
    expect((await fetchToken(l, other)).json).toMatchObject({ "error-code": "2" });
    const first = await fetchToken(l);
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toMatch(/^application\/json/);
    expect(first.json["auth-token"]).toEqual(expect.any(String));
    const second = await fetchToken(l);
    expect(second.status).toBe(200);
    expect(second.json).toEqual({ "error-code": "1", "error-text": "This launch's credential was fetched already" });
  });
});

describe("a session's statements", () => {
  it("are checked against the session: 403 where the spec forbids; completing satisfies the block, course and lesson", async () => {
    const c = await cmi5Course(instructor.id);
    await enroll(tenant.id, c.id, learner.id);
    const xml = cmi5Xml(au("a1", "https://cdn.example.test/au/1.html"));
    expect((await importCourse(instructor, c, xml, "text/xml")).status).toBe(200);
    const l = await learnerLaunch(c);
    const token = (await fetchToken(l)).json["auth-token"];
    const lrs = sessionXapi(token);
    const put = (st: Record<string, unknown>) => lrs(`statements?statementId=${st.id}`, { method: "PUT", json: st });

    expect((await put(cmi5Statement(l, "experienced"))).status).toBe(403);
    expect((await put(cmi5Statement(l, "initialized"))).status).toBe(403);
    const preferences = await lrs(
      `agents/profile?${new URLSearchParams({ profileId: "cmi5LearnerPreferences", agent: l.url.searchParams.get("actor")! })}`,
    );
    expect(preferences.status).toBe(404);
    expect((await put(cmi5Statement(l, "initialized"))).status).toBe(204);
    expect((await put(cmi5Statement(l, "initialized"))).status).toBe(403);
    expect((await put(cmi5Statement(l, "completed", { completion: true }, true))).status).toBe(403);
    const other = cmi5Statement(l, "experienced");
    (other.actor as { account: { name: string } }).account.name = "someone-else";
    expect((await put(other)).status).toBe(403);
    const launchData = await lrs(
      `activities/state?${new URLSearchParams({
        stateId: "LMS.LaunchData",
        activityId: l.url.searchParams.get("activityId")!,
        agent: l.url.searchParams.get("actor")!,
        registration: l.url.searchParams.get("registration")!,
      })}`,
    );
    expect(launchData.status).toBe(200);
    const overwrite = await call(
      tenant.subdomain,
      `/xapi/activities/state?${new URLSearchParams({
        stateId: "LMS.LaunchData",
        activityId: l.url.searchParams.get("activityId")!,
        agent: l.url.searchParams.get("actor")!,
        registration: l.url.searchParams.get("registration")!,
      })}`,
      {
        method: "PUT",
        json: { launchMode: "Normal" },
        headers: { authorization: `Basic ${token}`, "x-experience-api-version": "1.0.3" },
      },
    );
    expect(overwrite.status).toBe(403);

    expect((await put(cmi5Statement(l, "completed", { completion: true, duration: "PT10S" }, true))).status).toBe(204);
    expect((await put(cmi5Statement(l, "completed", { completion: true, duration: "PT10S" }, true))).status).toBe(403);
    expect((await put(cmi5Statement(l, "terminated", { duration: "PT12S" }))).status).toBe(204);
    expect((await put(cmi5Statement(l, "experienced"))).status).toBe(401);

    const registration = l.url.searchParams.get("registration")!;
    const verbs = await testDb().xapiStatement.findMany({
      where: { organizationId: tenant.id, registration },
      orderBy: { seq: "asc" },
      select: { verbId: true },
    });
    expect(verbs.map((v) => v.verbId.split("/").at(-1))).toEqual([
      "launched",
      "initialized",
      "completed",
      "satisfied",
      "satisfied",
      "terminated",
    ]);
    const progress = await testDb().lessonProgress.findFirstOrThrow({ where: { lessonId: lessonOf(c) } });
    expect(progress.status).toBe("completed");
  });

  it("a session's credential is a 401 on another organization's host", async () => {
    const l = await learnerLaunch();
    const token = (await fetchToken(l)).json["auth-token"];
    expect((await sessionXapi(token, other)("statements")).status).toBe(401);
  });
});

describe("waive and abandon", () => {
  it("an editor waives an AU (Waived, then Satisfied) and abandons an open session; a learner may not (403)", async () => {
    const l = await learnerLaunch(course, 1);
    const registration = l.url.searchParams.get("registration")!;
    const waive = (user: TestUser, json: unknown) =>
      cachedSignIn(tenant.subdomain, user).then((bearer) =>
        call(tenant.subdomain, `/api/cmi5/registrations/${registration}/waive`, { json, bearer }),
      );
    expect((await waive(learner, { au_index: 0, reason: "Tested Out" })).status).toBe(403);
    expect((await waive(instructor, { au_index: 0, reason: "Bored" })).status).toBe(400);
    const waived = await waive(instructor, { au_index: 0, reason: "Tested Out" });
    expect(waived.status, waived.text).toBe(200);
    expect((await waive(instructor, { au_index: 0, reason: "Tested Out" })).status).toBe(409);

    const abandon = (user: TestUser) =>
      cachedSignIn(tenant.subdomain, user).then((bearer) =>
        call(tenant.subdomain, `/api/cmi5/sessions/${l.json.session_id}/abandon`, { method: "POST", bearer }),
      );
    expect((await abandon(learner)).status).toBe(403);
    const abandoned = await abandon(instructor);
    expect(abandoned.json).toEqual({ session_id: l.json.session_id, abandoned: true });
    const verbs = await testDb().xapiStatement.findMany({
      where: { organizationId: tenant.id, registration },
      orderBy: { seq: "asc" },
      select: { verbId: true },
    });
    expect(verbs.slice(-2).map((v) => v.verbId)).toEqual([
      "https://w3id.org/xapi/adl/verbs/waived",
      "https://w3id.org/xapi/adl/verbs/abandoned",
    ]);
  });
});

describe("a session nobody ends, and the reports", () => {
  it("is Abandoned once its credential has expired; the report shows each AU's sessions and how they ended", async () => {
    const c = await cmi5Course(instructor.id);
    await enroll(tenant.id, c.id, learner.id);
    expect((await importCourse(instructor, c, await packageZip(), "application/zip")).status).toBe(200);

    // AU one: completed and terminated in one session.
    const first = await learnerLaunch(c, 0);
    const lrs = sessionXapi((await fetchToken(first)).json["auth-token"]);
    const put = (st: Record<string, unknown>) => lrs(`statements?statementId=${st.id}`, { method: "PUT", json: st });
    await lrs(
      `agents/profile?${new URLSearchParams({ profileId: "cmi5LearnerPreferences", agent: first.url.searchParams.get("actor")! })}`,
    );
    expect((await put(cmi5Statement(first, "initialized"))).status).toBe(204);
    expect((await put(cmi5Statement(first, "completed", { completion: true, duration: "PT10S" }, true))).status).toBe(
      204,
    );
    expect((await put(cmi5Statement(first, "terminated", { duration: "PT12S" }))).status).toBe(204);

    // AU two: launched and fetched, then the window closed; thirteen hours on, its credential has expired.
    const second = await learnerLaunch(c, 1);
    const secondToken = (await fetchToken(second)).json["auth-token"];
    const now = new Date();
    await testDb().cmi5Session.update({
      where: { id: second.json.session_id },
      data: {
        launchedAt: new Date(now.getTime() - 13 * 3600_000),
        authExpiresAt: new Date(now.getTime() - 3600_000),
      },
    });
    // Someone else's session of the same age whose credential still works is left alone.
    const colleague = await createUser(tenant.id, "learner");
    await enroll(tenant.id, c.id, colleague.id);
    const theirs = await launch(colleague, c, { au_index: 0 });
    expect(theirs.status, theirs.text).toBe(200);
    await fetchToken({ url: new URL(theirs.json.launch_url), json: theirs.json });
    await testDb().cmi5Session.update({
      where: { id: theirs.json.session_id },
      data: { launchedAt: new Date(now.getTime() - 13 * 3600_000) },
    });

    await abandonTimedOutCmi5Sessions(now);
    const sessions = await testDb().cmi5Session.findMany({
      where: { id: { in: [second.json.session_id, theirs.json.session_id] } },
      select: { id: true, abandonedAt: true },
    });
    expect(sessions.find((s) => s.id === second.json.session_id)!.abandonedAt).not.toBeNull();
    expect(sessions.find((s) => s.id === theirs.json.session_id)!.abandonedAt).toBeNull();
    const registration = second.url.searchParams.get("registration")!;
    const last = await testDb().xapiStatement.findFirstOrThrow({
      where: { organizationId: tenant.id, registration },
      orderBy: { seq: "desc" },
      select: { verbId: true },
    });
    expect(last.verbId).toBe("https://w3id.org/xapi/adl/verbs/abandoned");
    expect((await sessionXapi(secondToken)("statements")).status).toBe(401);
    // A second run finds nothing more to do for it.
    await abandonTimedOutCmi5Sessions(now);
    expect(
      await testDb().xapiStatement.count({
        where: { organizationId: tenant.id, registration, verbId: "https://w3id.org/xapi/adl/verbs/abandoned" },
      }),
    ).toBe(1);

    const base = `/api/reports/courses/${c.id}/lessons/${lessonOf(c)}/learners`;
    const bearer = await cachedSignIn(tenant.subdomain, instructor);
    const learners = await call(tenant.subdomain, `${base}?q=${encodeURIComponent(learner.email)}`, { bearer });
    expect(learners.status, learners.text).toBe(200);
    expect(learners.json.items).toEqual([
      expect.objectContaining({ user_id: learner.id, lesson_status: "in_progress", attempts: 1 }),
    ]);
    const report = await call(tenant.subdomain, `${base}/${learner.id}/attempts`, { bearer });
    expect(report.status, report.text).toBe(200);
    expect(report.json.lesson).toMatchObject({ kind: "cmi5" });
    expect(report.json.items).toHaveLength(1);
    const [attempt] = report.json.items;
    expect(attempt).toMatchObject({ attempt_number: 1, completion_status: "incomplete", completed_at: null });
    expect(attempt.scos).toEqual([
      {
        sco_id: "https://example.test/au/a1",
        title: "AU a1",
        waived: false,
        activity_attempts: [
          expect.objectContaining({
            number: 1,
            completion_status: "completed",
            success_status: "unknown",
            ended_by: "terminated",
          }),
        ],
      },
      {
        sco_id: "https://example.test/au/a2",
        title: "AU a2",
        waived: false,
        activity_attempts: [
          expect.objectContaining({
            number: 1,
            completion_status: "incomplete",
            ended_by: "abandoned",
            // Abandoned's duration ends at the session's last statement: it sent none.
            time_seconds: 0,
          }),
        ],
      },
    ]);
    // The colleague's registration is theirs alone.
    const mine = await call(tenant.subdomain, `${base}/${colleague.id}/attempts`, { bearer });
    expect(mine.json.items[0].scos[0].activity_attempts).toEqual([expect.objectContaining({ ended_by: null })]);
  });
});
