import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, enroll, type TestCourse } from "@/test/course-factories";
import { createTenant, createUser, testDb, type TestTenant, type TestUser } from "@/test/factories";
import { call, testPort } from "@/test/http";
import { fixtureZip } from "@/test/scorm-zips";
import { cachedSignIn } from "@/test/session";
import { prepareAuthEnv } from "@/server/runtime-env";

// SCORM packages run on the organization's content host ({subdomain}.content.localhost here), reached by
// the token a launch mints: files and commits answer the token's holder only, pages and the API are not
// served there, and a session cookie sent from there reaches nothing on the app host.

let tenant: TestTenant;
let other: TestTenant;
let course: TestCourse;
let learner: TestUser;
let launch: {
  content: { origin: string; runtimeUrl: string; filesUrl: string; commitUrl: string | null };
  attempt: { attemptId: string };
  scos: { launch: string }[];
};
let tokens: typeof import("@/lib/server/scorm/content-token");

const contentHost = (t: TestTenant) => `${t.subdomain}.content`;
/** The path and query of a content URL (the test client sends the host itself). */
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const tokenOf = (url: string) => new URL(url).pathname.split("/")[3]!;

async function scormLesson(t: TestTenant, instructor: TestUser) {
  const c = await createCourse(t.id, {
    instructorIds: [instructor.id],
    modules: [{ lessons: [{ kind: "scorm" }, {}] }],
  });
  const lesson = c.lessons[0]!;
  const upload = await call(t.subdomain, `/api/courses/${c.id}/lessons/${lesson.id}/scorm`, {
    method: "PUT",
    body: fixtureZip("golf-scorm12-runtime-basic-singlesco.zip"),
    headers: { "content-type": "application/zip" },
    bearer: await cachedSignIn(t.subdomain, instructor),
  });
  expect(upload.status, upload.text).toBeLessThan(300);
  return c;
}

beforeAll(async () => {
  prepareAuthEnv();
  tokens = await import("@/lib/server/scorm/content-token");
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  course = await scormLesson(tenant, tenant.users.instructor);
  learner = await createUser(tenant.id, "learner");
  await enroll(tenant.id, course.id, learner.id);
  const res = await call(tenant.subdomain, `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/scorm/launch`, {
    bearer: await cachedSignIn(tenant.subdomain, learner),
  });
  expect(res.status).toBe(200);
  launch = res.json;
}, 60_000);

afterAll(async () => {
  await testDb().$disconnect();
});

describe("the launch", () => {
  it("points at the organization's content host, with the visit's token in every URL", () => {
    const origin = `http://${tenant.subdomain}.content.localhost:${testPort()}`;
    const token = tokenOf(launch.content.runtimeUrl);
    expect(launch.content).toEqual({
      origin,
      runtimeUrl: `${origin}/scorm/runtime/${token}`,
      filesUrl: `${origin}/scorm/files/${token}/`,
      commitUrl: `${origin}/scorm/commits/${token}`,
    });
  });

  it("gives a viewer who is not tracked (an editor's preview) no commit URL", async () => {
    const res = await call(
      tenant.subdomain,
      `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/scorm/launch`,
      { bearer: await cachedSignIn(tenant.subdomain, tenant.users.admin) },
    );
    expect(res.json.attempt).toBeNull();
    expect(res.json.content.commitUrl).toBeNull();
  });
});

describe("the runtime page", () => {
  it("loads the runtime script, names the app origin, and may be framed by that origin only", async () => {
    const res = await call(contentHost(tenant), pathOf(launch.content.runtimeUrl));
    const appOrigin = `http://${tenant.subdomain}.localhost:${testPort()}`;
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.text).toContain(`data-app-origin="${appOrigin}"`);
    expect(res.text).toMatch(/<script src="\/scorm\/runtime\.js\?v=[0-9a-f]{16}"><\/script>/);
    expect(res.headers["content-security-policy"]).toContain(`frame-ancestors ${appOrigin}`);
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("is a 404 on the app's own host", async () => {
    expect((await call(tenant.subdomain, pathOf(launch.content.runtimeUrl))).status).toBe(404);
  });
});

describe("the package's files", () => {
  const file = () => `${pathOf(launch.content.filesUrl)}${launch.scos[0]!.launch.split("?")[0]}`;

  it("are served to the token, framed only by the runtime and the lesson page", async () => {
    const res = await call(contentHost(tenant), file());
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["content-security-policy"]).toBe(
      `frame-ancestors 'self' http://${tenant.subdomain}.localhost:${testPort()}`,
    );
    expect(res.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["last-modified"]).toBeDefined();
  });

  it("answer ranges", async () => {
    const res = await call(contentHost(tenant), file(), { headers: { range: "bytes=0-9" } });
    expect(res.status).toBe(206);
    expect(res.body.length).toBe(10);
    expect(res.headers["content-range"]).toMatch(/^bytes 0-9\/\d+$/);
  });

  it("are a 404 without a token, with a forged, an expired or another organization's token, and on the app host", async () => {
    const rest = file().split("/").slice(4).join("/");
    const grant = tokens.readContentToken(tokenOf(launch.content.runtimeUrl))!;
    const expired = tokens.mintContentToken(grant, Date.now() - 9 * 60 * 60 * 1000);
    const forged = tokens
      .mintContentToken({ ...grant, userId: "0190a1b2-0000-7000-8000-000000000003" })
      .replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    for (const path of [
      `/scorm/files/${rest}`,
      `/scorm/files/not-a-token/${rest}`,
      `/scorm/files/${expired}/${rest}`,
      `/scorm/files/${forged}/${rest}`,
    ]) {
      expect((await call(contentHost(tenant), path)).status, path).toBe(404);
    }
    // The refusal is the API's JSON error, as locked down as any other.
    const refused = await call(contentHost(tenant), `/scorm/files/${expired}/${rest}`);
    expect(refused.headers["content-security-policy"]).toContain("default-src 'none'");
    // A genuine token is good on its own organization's content host only.
    expect((await call(contentHost(other), file())).status).toBe(404);
    expect((await call(tenant.subdomain, file())).status).toBe(404);
    expect((await call(null, file())).status).toBe(404);
  });

  it("are a 404 to a token whose viewer was deactivated since", async () => {
    const leaver = await createUser(tenant.id, "learner");
    await enroll(tenant.id, course.id, leaver.id);
    const own = await call(
      tenant.subdomain,
      `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/scorm/launch`,
      { bearer: await cachedSignIn(tenant.subdomain, leaver) },
    );
    const path = `${pathOf(own.json.content.filesUrl)}imsmanifest.xml`;
    expect((await call(contentHost(tenant), path)).status).toBe(200);
    await testDb().user.update({ where: { id: leaver.id }, data: { status: "suspended" } });
    expect((await call(contentHost(tenant), path)).status).toBe(404);
  });
});

describe("the content host", () => {
  it("serves no page, no sign-in and no API", async () => {
    for (const path of [
      "/",
      "/login",
      "/dashboard",
      "/api/messages/threads",
      "/auth/profile",
      "/api/courses",
      "/uploads/x.png",
      "/favicon.ico",
      "/scorm/other",
      "/_next/static/chunks/x.js",
    ]) {
      const res = await call(contentHost(tenant), path, { bearer: await cachedSignIn(tenant.subdomain, learner) });
      expect(res.status, path).toBe(404);
    }
  });
});

describe("commits", () => {
  const commit = (sequence: number, attemptId = launch.attempt.attemptId) => ({
    commits: [
      {
        attemptId,
        scoId: "item_1",
        sequence,
        cmi: { core: { lesson_location: `p${sequence}`, lesson_status: "incomplete" }, suspend_data: "x" },
      },
    ],
  });

  it("are stored for the token's attempt, from any content type (a beacon's text/plain)", async () => {
    const res = await call(contentHost(tenant), pathOf(launch.content.commitUrl!), {
      method: "POST",
      body: JSON.stringify(commit(1)),
      headers: { "content-type": "text/plain;charset=UTF-8" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.results).toEqual([
      { attemptId: launch.attempt.attemptId, scoId: "item_1", sequence: 1, applied: true },
    ]);
    const sco = await testDb().scormScoState.findFirst({
      where: { attemptId: launch.attempt.attemptId },
      select: { location: true },
    });
    expect(sco?.location).toBe("p1");
  });

  it("are a 404 for another attempt, a preview's token, another organization's host or a bad token", async () => {
    const otherLearner = await createUser(tenant.id, "learner");
    await enroll(tenant.id, course.id, otherLearner.id);
    const theirs = await call(
      tenant.subdomain,
      `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/scorm/launch`,
      { bearer: await cachedSignIn(tenant.subdomain, otherLearner) },
    );
    const preview = await call(
      tenant.subdomain,
      `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/scorm/launch`,
      { bearer: await cachedSignIn(tenant.subdomain, tenant.users.admin) },
    );
    const previewToken = tokenOf(preview.json.content.runtimeUrl);
    const cases: [string, string, object][] = [
      [
        "another learner's attempt with my token",
        pathOf(launch.content.commitUrl!),
        commit(2, theirs.json.attempt.attemptId),
      ],
      ["a preview's token", `/scorm/commits/${previewToken}`, commit(2)],
      ["no token", "/scorm/commits", commit(2)],
      ["a bad token", "/scorm/commits/abc", commit(2)],
    ];
    for (const [name, path, body] of cases) {
      const res = await call(contentHost(tenant), path, { method: "POST", json: body });
      expect(res.status, name).toBe(404);
    }
    expect(
      (await call(contentHost(other), pathOf(launch.content.commitUrl!), { method: "POST", json: commit(2) })).status,
    ).toBe(404);
    expect(
      (await call(tenant.subdomain, pathOf(launch.content.commitUrl!), { method: "POST", json: commit(2) })).status,
    ).toBe(404);
    const theirSco = await testDb().scormScoState.count({ where: { attemptId: theirs.json.attempt.attemptId } });
    expect(theirSco).toBe(0);
  });

  it("answer 400 to a body that is not a batch of commits", async () => {
    const res = await call(contentHost(tenant), pathOf(launch.content.commitUrl!), {
      method: "POST",
      body: "{ not json",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
  });
});

describe("a session cookie sent from the content host", () => {
  it("reads nothing and writes nothing on the app host", async () => {
    const token = await cachedSignIn(tenant.subdomain, learner);
    const fromContent = { cookie: `next-auth.session-token=${token}`, origin: launch.content.origin };
    const read = await call(tenant.subdomain, "/api/messages/threads", { headers: fromContent });
    expect(read.status).toBe(401);
    const profile = await call(tenant.subdomain, "/auth/profile", { headers: fromContent });
    expect(profile.status).toBe(401);
    const noCors = await call(tenant.subdomain, "/api/messages/threads", {
      headers: { cookie: fromContent.cookie, "sec-fetch-site": "same-site", "sec-fetch-mode": "no-cors" },
    });
    expect(noCors.status).toBe(401);
    const write = await call(tenant.subdomain, "/api/messages/threads", {
      method: "POST",
      json: { subject: "x", body: "y", recipientIds: [tenant.users.admin.id] },
      headers: fromContent,
    });
    expect(write.status).toBe(403);
    // The same cookie from the organization's own pages is the learner.
    const own = await call(tenant.subdomain, "/api/messages/threads", {
      headers: { cookie: fromContent.cookie, origin: `http://${tenant.subdomain}.localhost:${testPort()}` },
    });
    expect(own.status).toBe(200);
  });
});

describe("logs", () => {
  it("never hold a content token", () => {
    const token = tokenOf(launch.content.runtimeUrl);
    for (const file of [process.env.TEST_SERVER_LOG, process.env.TEST_REQUEST_LOG]) {
      expect(file).toBeTruthy();
      expect(readFileSync(file!, "utf8")).not.toContain(token);
    }
  });
});
