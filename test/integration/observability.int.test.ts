import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServerChild, type AppServerChild } from "@/test/app-server-child";
import { createTenant, createUser, testDb, type TestTenant, type TestUser } from "@/test/factories";
import { call, testPort } from "@/test/http";
import { learnerWithScormAttempt } from "@/test/scorm-attempts";

// The request log and the metrics of an app server started here (LOG_FORMAT=json, METRICS_TOKEN and
// METRICS_PORT set): one JSON line per request naming its route pattern, ids and size, and nothing a
// client sent as a secret; /metrics for the token's bearer and on the loopback port only.

const PORT = testPort() + 74;
const METRICS_PORT = testPort() + 75;
const METRICS_TOKEN = `metrics-${randomBytes(12).toString("hex")}`;

let tenant: TestTenant;
let child: AppServerChild;
let learner: TestUser;
let scorm: Awaited<ReturnType<typeof learnerWithScormAttempt>>;

beforeAll(async () => {
  tenant = await createTenant();
  [child, learner, scorm] = await Promise.all([
    startAppServerChild(PORT, {
      LOG_FORMAT: "json",
      METRICS_TOKEN,
      METRICS_PORT: String(METRICS_PORT),
    }),
    createUser(tenant.id, "learner"),
    learnerWithScormAttempt(tenant),
  ]);
}, 90_000);

afterAll(async () => {
  child?.process.kill("SIGKILL");
  await testDb().$disconnect();
});

type LogLine = Record<string, unknown>;

/** The child's JSON log lines, once one with each of these request ids has arrived. */
async function logLines(requestIds: string[]): Promise<LogLine[]> {
  for (let tries = 0; ; tries++) {
    const lines = child.lines.filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as LogLine);
    if (requestIds.every((id) => lines.some((line) => line.requestId === id)) || tries > 50) return lines;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const commitBody = (attemptId: string) =>
  JSON.stringify({
    commits: [
      {
        attemptId,
        scoId: "sco1",
        sequence: 1,
        cmi: {
          core: { lesson_status: "incomplete", score: { raw: "", min: "", max: "" } },
          suspend_data: "x",
        },
        terminated: false,
      },
    ],
  });

describe("the request log", () => {
  it("writes one JSON line per request: route pattern, status, ids, duration and bytes; never a secret", async () => {
    const login = await call(tenant.subdomain, "/auth/login", {
      port: PORT,
      json: { email: learner.email, password: learner.password },
      headers: { "x-request-id": "login-1" },
    });
    expect(login.status).toBe(200);
    const cookie = `lms-session=cookie-${randomBytes(8).toString("hex")}`;
    const courses = await call(tenant.subdomain, "/api/courses", {
      port: PORT,
      bearer: login.json.token,
      headers: { "x-request-id": "courses-1", cookie },
    });
    expect(courses.status).toBe(200);
    expect(courses.headers["x-request-id"]).toBe("courses-1");
    const missing = await call(tenant.subdomain, `/api/courses/${randomUUID()}`, {
      port: PORT,
      bearer: login.json.token,
      headers: { "x-request-id": "missing-1" },
    });
    expect(missing.status).toBe(404);
    const commit = await call(`${tenant.subdomain}.content`, scorm.commitPath, {
      port: PORT,
      method: "POST",
      body: commitBody(scorm.attemptId),
      headers: { "content-type": "application/json", "x-request-id": "commit-1" },
    });
    expect(commit.status, commit.text).toBe(200);
    // An id that could forge or break a log line is replaced by one of the server's.
    const forged = await call(null, "/api/health", { port: PORT, headers: { "x-request-id": 'a" b' } });
    expect(forged.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);

    const forgedId = forged.headers["x-request-id"] as string;
    const lines = await logLines(["login-1", "courses-1", "missing-1", "commit-1", forgedId]);
    const line = (id: string) => lines.filter((l) => l.requestId === id);
    expect(line("courses-1")).toHaveLength(1);
    expect(line("courses-1")[0]).toMatchObject({
      level: "info",
      msg: "request",
      method: "GET",
      route: "/api/courses",
      status: 200,
      organizationId: tenant.id,
      userId: learner.id,
    });
    const entry = line("courses-1")[0]!;
    expect(Date.parse(entry.time as string)).toBeGreaterThan(Date.now() - 120_000);
    expect(entry.durationMs).toBeGreaterThan(0);
    expect(entry.bytes).toBeGreaterThan(courses.body.length);
    expect(line("login-1")[0]).toMatchObject({ method: "POST", route: "/auth/login", status: 200 });
    expect(line("missing-1")[0]).toMatchObject({
      route: "/api/courses/[courseId]",
      status: 404,
      organizationId: tenant.id,
      userId: learner.id,
    });
    expect(line("commit-1")[0]).toMatchObject({
      method: "POST",
      route: "/scorm/commits/[contentToken]",
      status: 200,
      organizationId: tenant.id,
      userId: scorm.learner.id,
    });
    expect(lines.find((l) => l.requestId === forgedId)).toMatchObject({ route: "/api/health" });

    const output = child.lines.join("\n");
    const contentToken = scorm.commitPath.split("/").pop()!;
    for (const secret of [learner.password, login.json.token, cookie, contentToken, scorm.attemptId])
      expect(output).not.toContain(secret);
  });
});

describe("GET /metrics", () => {
  it("answers the token's bearer on the app port, and anyone on the loopback port", async () => {
    expect((await call(null, "/metrics", { port: PORT })).status).toBe(401);
    expect((await call(null, "/metrics", { port: PORT, bearer: "wrong-token-of-some-length" })).status).toBe(401);
    const viaToken = await call(null, "/metrics", { port: PORT, bearer: METRICS_TOKEN });
    expect(viaToken.status).toBe(200);
    expect(viaToken.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const viaLoopback = await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`);
    expect(viaLoopback.status).toBe(200);

    const text = await viaLoopback.text();
    const value = (series: string) => {
      const found = text.split("\n").find((l) => l.startsWith(`${series} `));
      return found === undefined ? undefined : Number(found.slice(series.length + 1));
    };
    // What the log test above sent to this server.
    expect(value('lms_http_requests_total{method="GET",route="/api/courses",status_class="2xx"}')).toBe(1);
    expect(value('lms_http_requests_total{method="GET",route="/api/courses/[courseId]",status_class="4xx"}')).toBe(1);
    expect(
      value('lms_http_requests_total{method="POST",route="/scorm/commits/[contentToken]",status_class="2xx"}'),
    ).toBe(1);
    expect(value('lms_http_request_duration_seconds_count{route="/api/courses",status_class="2xx"}')).toBe(1);
    expect(value('lms_scorm_commits_total{outcome="applied"}')).toBe(1);
    for (const state of ["in_use", "idle", "waiting"])
      expect(value(`lms_db_pool_connections{state="${state}"}`)).toBeGreaterThanOrEqual(0);
    expect(value("nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(value("process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(text).toContain("# TYPE lms_job_queue_jobs gauge");
  });

  it("is not served on a server without METRICS_TOKEN", async () => {
    expect((await call(null, "/metrics")).status).toBe(404);
  });
});
