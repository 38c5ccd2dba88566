import autocannon from "autocannon";
import { prepareAuthEnv } from "../lib/runtime-env";
import { applyMigrations } from "../db/schema-engine";
import { percentile } from "./load";

// npm run bench:commits [-- --seconds 10 --connections 64]: POST /api/scorm/commits on the real app server
// (production build, scripts/lib/app-server.ts) against the commit ceiling (scripts/bench/commit-ceiling.ts,
// node:http + pg with the app's statements). Every request carries a fresh, increasing sequence for its
// connection's own learner and attempt, so every commit is really applied. See docs/benchmarks.md.

prepareAuthEnv();
const arg = (name: string, fallback: number) => (process.argv.includes(`--${name}`) ? Number(process.argv[process.argv.indexOf(`--${name}`) + 1]) : fallback);
const SECONDS = arg("seconds", 10);
const WARMUP = arg("warmup", 3);
const CONNECTIONS = arg("connections", 64);
const APP_PORT = arg("app-port", 3221);
const CEILING_PORT = arg("ceiling-port", 3222);

const { createFreshDatabase } = await import("../lib/postgres");
const { buildIfNeeded } = await import("../lib/build");
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error("Set DATABASE_URL to a PostgreSQL server (a fresh database is made on it)");
const database = await createFreshDatabase(serverUrl, "lms_bench_commits");
await applyMigrations(database.url);
process.env.TEST_DATABASE_URL = database.url;
const { createTenant, createUser, testDb } = await import("@/test/factories");
const { createCourse, enroll } = await import("@/test/course-factories");
const { issueToken } = await import("@/lib/auth/token");
const { startServerProcess } = await import("./server-process");

const tenant = await createTenant();
const course = await createCourse(tenant.id, { modules: [{ lessons: [{ kind: "scorm" }, {}] }] });
const lesson = course.lessons[0]!;
const manifest = { identifier: "m", version: "scorm12", title: "Bench", resources: [], sequencing: null, globalObjectiveIds: [], organization: { identifier: "o", title: "Bench", items: [
  { identifier: "sco1", title: "SCO", resourceId: "r", launch: "index.html", scormType: "sco", isVisible: true, masteryScore: 80, dataFromLms: null, maxTimeAllowed: null, timeLimitAction: null, completionThreshold: null, scaledPassingScore: null, objectives: [], sharedData: [], children: [] },
] } };
const pkg = await testDb().scormPackage.create({ data: { organizationId: tenant.id, lessonId: lesson.id, version: 1, scormVersion: "scorm12", title: "Bench", storagePrefix: "x", launchPath: "index.html", manifest, sizeBytes: 1n, fileCount: 1 } });
const learners: { token: string; attemptId: string; sequence: number }[] = [];
for (let i = 0; i < CONNECTIONS; i++) {
  const user = await createUser(tenant.id, "learner");
  const enrollment = await enroll(tenant.id, course.id, user.id);
  const attempt = await testDb().scormAttempt.create({ data: { organizationId: tenant.id, courseId: course.id, enrollmentId: enrollment.id, lessonId: lesson.id, packageId: pkg.id } });
  learners.push({ token: await issueToken({ sub: user.id, role: "learner", org: tenant.id, tenant: tenant.subdomain, sv: 0 }), attemptId: attempt.id, sequence: 0 });
}
await testDb().$disconnect();

buildIfNeeded();
const env = { DATABASE_URL: database.url, NODE_ENV: "production" as const };
const app = await startServerProcess("scripts/bench/app-process.ts", { ...env, PORT: String(APP_PORT) }, "The app");
const ceiling = await startServerProcess("scripts/bench/commit-ceiling.ts", { ...env, PORT: String(CEILING_PORT) }, "The commit ceiling");

async function load(port: number, seconds: number) {
  const latencies: number[] = [];
  let next = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({
      url: `http://127.0.0.1:${port}/api/scorm/commits`, connections: CONNECTIONS, duration: seconds, timeout: 10,
      requests: [{
        method: "POST",
        setupRequest: (req: autocannon.Request, context: Record<string, unknown>) => {
          context.learner ??= learners[next++ % learners.length];
          const l = context.learner as (typeof learners)[number];
          l.sequence += 1;
          const cmi = { core: { lesson_status: "incomplete", lesson_location: `page-${l.sequence}`, exit: "suspend", session_time: "00:00:10", score: { raw: "", min: "", max: "" } }, suspend_data: "x".repeat(200) };
          return { ...req, headers: { host: `${tenant.subdomain}.localhost:${port}`, authorization: `Bearer ${l.token}`, "content-type": "application/json" }, body: JSON.stringify({ commits: [{ attemptId: l.attemptId, scoId: "sco1", sequence: l.sequence, cmi }] }) };
        },
      }],
    } as autocannon.Options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on("response", (_c, status, _b, time) => { if (status === 200) latencies.push(time); else if (latencies.length === 0) console.warn("status", status); });
  });
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / result.duration, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), failures: result.non2xx + result.errors + result.timeouts };
}

try {
  await load(APP_PORT, WARMUP);
  await load(CEILING_PORT, WARMUP);
  const a1 = await load(APP_PORT, SECONDS / 2);
  const c1 = await load(CEILING_PORT, SECONDS / 2);
  const c2 = await load(CEILING_PORT, SECONDS / 2);
  const a2 = await load(APP_PORT, SECONDS / 2);
  const mean = (x: typeof a1, y: typeof a1) => ({ rps: (x.rps + y.rps) / 2, p50: Math.max(x.p50, y.p50), p95: Math.max(x.p95, y.p95), failures: x.failures + y.failures });
  const appM = mean(a1, a2);
  const ceilM = mean(c1, c2);
  console.log(JSON.stringify({ connections: CONNECTIONS, app: appM, ceiling: ceilM, ratio: appM.rps / ceilM.rps }, null, 1));
} finally {
  await app.stop();
  await ceiling.stop();
  await database.drop().catch(() => undefined);
}
process.exit(0);
