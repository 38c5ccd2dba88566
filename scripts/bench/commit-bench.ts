import autocannon from "autocannon";
import { setTimeout as sleep } from "node:timers/promises";
import { applyMigrations } from "../../server/database/schema-engine";
import { call } from "./http";
import { summarize, type LoadRun } from "./load";
import type { BenchOptions } from "./options";
import type { ScenarioResult } from "./measure-server";
import { startServerProcess, type ServerProcess } from "./server-process";
import { tracedStatements } from "./trace-sql";

// The commit rows of `npm run bench`: POST /scorm/commits/{token} on the production app's content host, answered before Next
// (server/app-server.ts) and, on a second app process with SCORM_COMMIT_FAST_PATH=false, through Next's
// route handler, against the commit ceiling (commit-ceiling.ts: node:http + pg sending the app's own
// statements, imported from lib/server/scorm/commit-sql.ts). Its own small database: commits
// write, and the large dataset stays as seeded. Every request is a real applied commit: each learner's
// attempt gets a fresh, increasing sequence, a learner is never sent two commits at once, and an answer
// other than 200 with `applied: true` counts as a failure.

export const COMMIT_CONNECTIONS = 64;
const APP_PORT = 3221;
const CEILING_PORT = 3222;
/** The same app with SCORM_COMMIT_FAST_PATH=false: the commit goes through Next's route handler. */
const VIA_NEXT_PORT = 3223;
const SCO_ID = "sco1";

export interface Learner {
  /** The content token of the learner's visit: the commit's path carries it. */
  token: string;
  attemptId: string;
  sequence: number;
}

export interface CommitFixture {
  /** The content host of the fixture's organization. */
  host: string;
  learners: Learner[];
}

interface Fixture extends CommitFixture {
  drop(): Promise<void>;
}

async function createFixture(serverUrl: string, learnerCount: number, port: number): Promise<Fixture> {
  const { createFreshDatabase } = await import("../../server/database/postgres");
  const database = await createFreshDatabase(serverUrl, "lms_bench_commits");
  await applyMigrations(database.url);
  return { ...(await seedCommitFixture(database.url, learnerCount, port)), drop: database.drop };
}

/**
 * In the database given: one new organization, a course with a SCORM 1.2 lesson and its package row,
 * learners each with an attempt and a content token.
 */
export async function seedCommitFixture(
  databaseUrl: string,
  learnerCount: number,
  port: number,
): Promise<CommitFixture> {
  // The test factories write through this database: pointed at it here, since a fixture of an earlier
  // step (the mixed workload's) may have left their client on its own, since dropped, database.
  process.env.TEST_DATABASE_URL = databaseUrl;
  const { createTenant, createUser, testDb, useTestDatabase: pointFactoriesAt } = await import("@/test/factories");
  await pointFactoriesAt(databaseUrl);
  const { createCourse, enroll } = await import("@/test/course-factories");
  const { mintContentToken } = await import("@/lib/server/scorm/content-token");
  const tenant = await createTenant();
  const course = await createCourse(tenant.id, { modules: [{ lessons: [{ kind: "scorm" }, {}] }] });
  const lesson = course.lessons[0]!;
  const item = {
    identifier: SCO_ID,
    title: "SCO",
    resourceId: "r",
    launch: "index.html",
    scormType: "sco",
    isVisible: true,
    masteryScore: 80,
    dataFromLms: null,
    maxTimeAllowed: null,
    timeLimitAction: null,
    completionThreshold: null,
    scaledPassingScore: null,
    objectives: [],
    sharedData: [],
    children: [],
  };
  const manifest = {
    identifier: "m",
    version: "scorm12",
    title: "Bench",
    resources: [],
    sequencing: null,
    globalObjectiveIds: [],
    organization: { identifier: "o", title: "Bench", items: [item] },
  };
  const pkg = await testDb().scormPackage.create({
    data: {
      organizationId: tenant.id,
      lessonId: lesson.id,
      version: 1,
      scormVersion: "scorm12",
      title: "Bench",
      storagePrefix: "bench",
      launchPath: "index.html",
      manifest,
      sizeBytes: 1n,
      fileCount: 1,
    },
  });
  const learners: Learner[] = [];
  for (let i = 0; i < learnerCount; i++) {
    const user = await createUser(tenant.id, "learner");
    const enrollment = await enroll(tenant.id, course.id, user.id);
    const attempt = await testDb().scormAttempt.create({
      data: {
        organizationId: tenant.id,
        courseId: course.id,
        enrollmentId: enrollment.id,
        lessonId: lesson.id,
        packageId: pkg.id,
      },
    });
    const token = mintContentToken({
      organizationId: tenant.id,
      packageId: pkg.id,
      userId: user.id,
      attemptId: attempt.id,
    });
    learners.push({ token, attemptId: attempt.id, sequence: 0 });
  }
  await testDb().$disconnect();
  return { host: `${tenant.subdomain}.content.localhost:${port}`, learners };
}

/** A SCORM 1.2 commit as scorm-again sends it mid-lesson: the status stays, the location and suspend_data move. */
export function commitBody(learner: Learner): string {
  const n = learner.sequence;
  const cmi = {
    core: {
      lesson_status: "incomplete",
      lesson_location: `page-${n}`,
      exit: "suspend",
      session_time: "00:00:10",
      score: { raw: "", min: "", max: "" },
    },
    suspend_data: `{"page":${n},"answers":[${"1,0,2,".repeat(60)}3]}`,
  };
  return JSON.stringify({ commits: [{ attemptId: learner.attemptId, scoId: SCO_ID, sequence: n, cmi }] });
}

export function isApplied(status: number, body: string): boolean {
  if (status !== 200) return false;
  try {
    const { results } = JSON.parse(body) as { results: { applied: boolean }[] };
    return results.length === 1 && results[0]!.applied === true;
  } catch {
    return false;
  }
}

/**
 * autocannon on one server. Each request takes a learner no other connection has in flight and the next
 * sequence of that learner's attempt; the answer hands the learner back. Latencies are kept for applied
 * commits only; anything else is a failure (the run is then not a valid figure).
 */
async function runCommitLoad(port: number, fixture: Fixture, seconds: number): Promise<LoadRun> {
  const free = [...fixture.learners];
  const latencies: number[] = [];
  let failures = 0;
  // autocannon calls onResponse and then emits "response" for the same answer, synchronously.
  let lastApplied = false;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}/scorm/commits/`,
        connections: COMMIT_CONNECTIONS,
        duration: seconds,
        timeout: 10,
        requests: [
          {
            method: "POST",
            setupRequest: (req: autocannon.Request, context: Record<string, unknown>) => {
              const learner = free.pop();
              if (!learner)
                throw new Error("Every learner has a commit in flight: the bench needs more learners than connections");
              learner.sequence += 1;
              context.learner = learner;
              return {
                ...req,
                path: `/scorm/commits/${learner.token}`,
                headers: { host: fixture.host, "content-type": "application/json" },
                body: commitBody(learner),
              };
            },
            onResponse: (status: number, body: string, context: Record<string, unknown>) => {
              lastApplied = isApplied(status, body);
              free.push(context.learner as Learner);
            },
          },
        ],
      } as autocannon.Options,
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      if (lastApplied) latencies.push(responseTime);
      else failures += 1;
    });
  });
  // Connection errors and timeouts never reach onResponse: count them too.
  return { latencies, seconds: result.duration, failures: failures + result.errors + result.timeouts };
}

export interface CommitPair {
  app: ScenarioResult;
  /** The same endpoint through Next's route handler (the fast path switched off). */
  viaNext: ScenarioResult;
  ceiling: ScenarioResult;
}

/**
 * Starts the app and the ceiling on a fresh database, checks both send the same statements for one commit,
 * then measures: warm-up on each, then halves ordered app, ceiling, ceiling, app (as measure-server.ts).
 */
export async function measureCommits(
  serverUrl: string,
  options: BenchOptions,
  env: NodeJS.ProcessEnv,
  profileDir?: string,
): Promise<CommitPair> {
  // Twice as many learners as connections: a request abandoned when a run stops keeps its learner busy.
  const fixture = await createFixture(serverUrl, COMMIT_CONNECTIONS * 2, APP_PORT);
  const hostFor = (port: number) => fixture.host.replace(`:${APP_PORT}`, `:${port}`);
  const servers: ServerProcess[] = [];
  try {
    const databaseEnv = { ...env, DATABASE_URL: process.env.TEST_DATABASE_URL };
    const app = await startServerProcess(
      "scripts/bench/app-process.ts",
      { ...databaseEnv, PORT: String(APP_PORT), BENCH_PROFILE_DIR: profileDir ?? "" },
      "The app",
    );
    servers.push(app);
    const viaNext = await startServerProcess(
      "scripts/bench/app-process.ts",
      { ...databaseEnv, PORT: String(VIA_NEXT_PORT), SCORM_COMMIT_FAST_PATH: "false" },
      "The app without the fast path",
    );
    servers.push(viaNext);
    const ceiling = await startServerProcess(
      "scripts/bench/commit-ceiling.ts",
      { ...databaseEnv, PORT: String(CEILING_PORT) },
      "The commit ceiling",
    );
    servers.push(ceiling);
    type Endpoint = { name: "app" | "viaNext" | "ceiling"; port: number; process: ServerProcess };
    const appEndpoint: Endpoint = { name: "app", port: APP_PORT, process: app };
    const viaNextEndpoint: Endpoint = { name: "viaNext", port: VIA_NEXT_PORT, process: viaNext };
    const ceilingEndpoint: Endpoint = { name: "ceiling", port: CEILING_PORT, process: ceiling };

    // One commit of the probe learner on each server: the first (it sets the lesson in progress), then a traced one.
    const probeLearner = fixture.learners.pop()!;
    const probe = async (endpoint: Endpoint) => {
      probeLearner.sequence += 1;
      await commitCall(endpoint.port, hostFor(endpoint.port), probeLearner);
      await endpoint.process.ask({ trace: true });
      endpoint.process.drain();
      probeLearner.sequence += 1;
      const answer = await commitCall(endpoint.port, hostFor(endpoint.port), probeLearner);
      await sleep(200);
      await endpoint.process.ask({ trace: false });
      const statements = tracedStatements(endpoint.process.drain())
        .map((s) => s.text)
        .sort();
      const sample = (answer.json as { results?: { scoId: string; applied: boolean }[] } | undefined)?.results?.map(
        (r) => ({ scoId: r.scoId, applied: r.applied }),
      );
      return { status: answer.status, sample, statements };
    };
    const probes = {
      app: await probe(appEndpoint),
      viaNext: await probe(viaNextEndpoint),
      ceiling: await probe(ceilingEndpoint),
    };
    const result = (name: Endpoint["name"], runs: LoadRun[] | null): ScenarioResult => ({
      ...probes[name],
      measurement: runs ? summarize(runs) : null,
    });
    if (probes.app.status !== 200 || probes.viaNext.status !== 200 || probes.ceiling.status !== 200) {
      console.log(
        `  POST /scorm/commits/{token}: app HTTP ${probes.app.status}, via Next HTTP ${probes.viaNext.status}, ceiling HTTP ${probes.ceiling.status}; not measured`,
      );
      return { app: result("app", null), viaNext: result("viaNext", null), ceiling: result("ceiling", null) };
    }

    // After a run, commits still in flight are waited out (one more commit queues behind them), then every learner is free again.
    const run = async (endpoint: Endpoint, seconds: number) => {
      const load = await runCommitLoad(endpoint.port, fixture, seconds);
      probeLearner.sequence += 1;
      await commitCall(endpoint.port, hostFor(endpoint.port), probeLearner);
      await sleep(300);
      return load;
    };
    // The first commit of each learner changes the lesson's status (the slower path): the warm-up makes them.
    for (const endpoint of [appEndpoint, viaNextEndpoint, ceilingEndpoint]) await run(endpoint, options.warmup);
    const runs = { app: [] as LoadRun[], viaNext: [] as LoadRun[], ceiling: [] as LoadRun[] };
    const half = options.seconds / 2;
    if (profileDir) await app.ask({ profile: "start" });
    runs.app.push(await run(appEndpoint, half));
    const profile = profileDir
      ? ((await app.ask({ profile: "stop", file: "commits.cpuprofile" })) as { profiled: string })
      : undefined;
    runs.viaNext.push(await run(viaNextEndpoint, half));
    runs.ceiling.push(await run(ceilingEndpoint, half));
    runs.ceiling.push(await run(ceilingEndpoint, half));
    runs.viaNext.push(await run(viaNextEndpoint, half));
    runs.app.push(await run(appEndpoint, half));
    const pair = {
      app: result("app", runs.app),
      viaNext: result("viaNext", runs.viaNext),
      ceiling: result("ceiling", runs.ceiling),
    };
    for (const name of ["app", "viaNext", "ceiling"] as const) {
      const { rps, p50, p95, p99, failures } = pair[name].measurement!;
      console.log(
        `  POST /scorm/commits/{token} [${name}]: ${rps.toFixed(0)} commits/s, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms${failures ? `, ${failures} failures` : ""}`,
      );
    }
    if (profile)
      console.log(
        `    CPU profile of the app: ${profile.profiled} (npx tsx scripts/bench/profile-summary.ts ${profile.profiled})`,
      );
    return pair;
  } finally {
    for (const server of servers.reverse()) await server.stop().catch(() => undefined);
    await fixture.drop().catch(() => undefined);
  }
}

function commitCall(port: number, host: string, learner: Learner) {
  return call(port, host, `/scorm/commits/${learner.token}`, { json: JSON.parse(commitBody(learner)) as unknown });
}
