import autocannon from "autocannon";
import { setTimeout as sleep } from "node:timers/promises";
import { applyMigrations } from "../../server/database/schema-engine";
import { call, type Answer } from "./http";
import { summarize, type LoadRun } from "./load";
import { runPaced } from "./paced";
import type { BenchOptions } from "./options";
import type { ScenarioResult } from "./measure-server";
import { startServerProcess, type ServerProcess } from "./server-process";
import { tracedStatements } from "./trace-sql";

// The quiz rows of `npm run bench`: a class of 1,000 learners at a deadline, each in an attempt of 20
// questions, on a database of its own. Answers: PUT /api/quiz-attempts/{id}/answers/{position}, each
// request one learner's next answer (a learner never has two in flight), ANSWER_CONNECTIONS at once; every
// answer must be acknowledged as applied. Submissions, once every question is answered: POST
// /api/quiz-attempts/{id}/submit, each learner once, graded at once (no essays), SUBMIT_CONNECTIONS at once
// for the throughput; for the latency a learner sees, a whole class's minute on each server (1,000
// submissions at the class's pace, each sent when its learner presses Submit: paced.ts). Against the quiz
// ceiling (quiz-ceiling.ts: the same caller lookup, schema and service on node:http), in halves ordered
// app, ceiling, ceiling, app as the other rows.

/** The class: 1,000 learners, who submit within the last minute before the deadline. */
export const QUIZ_CLASS = 1000;
/** Enrolled: a class for each server's paced minute, and the learners of the throughput's runs. */
export const QUIZ_LEARNERS = 2 * QUIZ_CLASS + 1000;
export const ANSWER_CONNECTIONS = 32;
export const SUBMIT_CONNECTIONS = 16;
const QUESTIONS = 20;
const APP_PORT = 3251;
const CEILING_PORT = 3252;
/** Submissions per measured half: four halves and two warm-ups, each with its spare learners. */
const SUBMISSIONS_PER_HALF = 175;
const SUBMISSIONS_WARMUP = 50;
export const PACED_SUBMISSIONS_PER_SECOND = QUIZ_CLASS / 60;
/** Each server's paced minute in two halves of half a class. */
const PACED_PER_HALF = QUIZ_CLASS / 2;

type ChoiceType = "single_choice" | "multiple_response" | "true_false";

interface QuizLearner {
  token: string;
  attemptId: string;
  session: number;
  sequence: number;
  questions: { position: number; type: ChoiceType; choiceIds: string[] }[];
  /** Index of the question answered next. */
  next: number;
}

export interface QuizPairs {
  answers: { app: ScenarioResult; ceiling: ScenarioResult };
  submissions: { app: ScenarioResult; ceiling: ScenarioResult };
}

/** The bank's questions: choice types, so every answer is graded at submission (an essay would wait). */
export function questionBody(i: number): Record<string, unknown> {
  const stem = `<p>Question ${i + 1}: which is right?</p>`;
  if (i % 5 === 3) return { name: `Q${i + 1}`, type: "true_false", stem, correct: i % 2 === 0 };
  const choices = ["a", "b", "c", "d"].map((id, k) => ({ id, text: `Option ${id}`, fraction: k === 0 ? 1 : 0 }));
  if (i % 5 === 4)
    return {
      name: `Q${i + 1}`,
      type: "multiple_response",
      stem,
      choices: choices.map((c, k) => ({ ...c, fraction: k < 2 ? 0.5 : -0.5 })),
    };
  return { name: `Q${i + 1}`, type: "single_choice", stem, choices };
}

/** One learner's next answer, as the player sends it: the next question, the next sequence. */
function nextAnswer(learner: QuizLearner): { path: string; body: string } {
  const question = learner.questions[learner.next % learner.questions.length]!;
  learner.next += 1;
  learner.sequence += 1;
  const n = learner.sequence;
  const pick = question.choiceIds[n % question.choiceIds.length]!;
  const response =
    question.type === "true_false"
      ? { value: n % 2 === 0 }
      : question.type === "multiple_response"
        ? { choice_ids: [pick] }
        : { choice_id: pick };
  return {
    path: `/api/quiz-attempts/${learner.attemptId}/answers/${question.position}`,
    body: JSON.stringify({ session: learner.session, sequence: n, response }),
  };
}

/** Every learner's unanswered questions answered through the app, ANSWER_CONNECTIONS at a time. */
async function answerTheRest(port: number, host: string, learners: readonly QuizLearner[]): Promise<void> {
  const waiting = [...learners];
  await Promise.all(
    Array.from({ length: ANSWER_CONNECTIONS }, async () => {
      for (let learner = waiting.pop(); learner; learner = waiting.pop())
        while (learner.next < learner.questions.length) {
          const { path, body } = nextAnswer(learner);
          const answer = await call(port, host, path, {
            method: "PUT",
            json: JSON.parse(body) as unknown,
            bearer: learner.token,
          });
          if (!savedOk(answer.status, answer.text)) throw new Error(`answer: HTTP ${answer.status} ${answer.text}`);
        }
    }),
  );
}

export function expectOk(answer: Answer, what: string, status = 200): Record<string, unknown> {
  if (answer.status !== status) throw new Error(`${what}: HTTP ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.json as Record<string, unknown>;
}

interface Fixture {
  host: string;
  learners: QuizLearner[];
  drop(): Promise<void>;
}

/**
 * A fresh database with one organization: a course with a quiz lesson of 20 fixed questions (a one-hour
 * limit) made through the app's API by its instructor, QUIZ_LEARNERS enrolled learners each with a session, and
 * each learner's attempt started through the app (drawn, its session taken) before anything is measured.
 */
async function createFixture(serverUrl: string, startApp: (databaseUrl: string) => Promise<void>): Promise<Fixture> {
  const { createFreshDatabase } = await import("../../server/database/postgres");
  const database = await createFreshDatabase(serverUrl, "lms_bench_quizzes");
  await applyMigrations(database.url);
  process.env.TEST_DATABASE_URL = database.url;
  const { createTenant, createUser, testDb, useTestDatabase: pointFactoriesAt } = await import("@/test/factories");
  await pointFactoriesAt(database.url);
  const { createCourse, enroll } = await import("@/test/course-factories");
  const { startSession } = await import("@/lib/auth/session-start");
  const tenant = await createTenant();
  const instructor = tenant.users.instructor;
  const course = await createCourse(tenant.id, {
    title: "Deadline check",
    instructorIds: [instructor.id],
    modules: [{ lessons: [{ kind: "quiz", title: "Final quiz" }] }],
  });
  const lessonId = course.lessons[0]!.id;
  const people = [instructor.id];
  for (let i = 0; i < QUIZ_LEARNERS; i++) {
    const user = await createUser(tenant.id, "learner");
    await enroll(tenant.id, course.id, user.id);
    people.push(user.id);
  }
  const versions = await testDb().user.findMany({
    where: { id: { in: people } },
    select: { id: true, role: true, sessionVersion: true },
  });
  const tokens = new Map<string, string>();
  for (const user of versions) {
    const claims = { sub: user.id, role: user.role, org: tenant.id, tenant: tenant.subdomain, sv: user.sessionVersion };
    tokens.set(user.id, await startSession(claims, { ip: null, userAgent: "bench" }, testDb()));
  }
  await testDb().$disconnect();
  await startApp(database.url);

  const host = `${tenant.subdomain}.localhost:${APP_PORT}`;
  const asInstructor = { bearer: tokens.get(instructor.id)! };
  const bank = expectOk(
    await call(APP_PORT, host, "/api/question-banks", { json: { name: "Deadline bank" }, ...asInstructor }),
    "bank",
    201,
  );
  const questionIds: string[] = [];
  for (let i = 0; i < QUESTIONS; i++) {
    const question = expectOk(
      await call(APP_PORT, host, `/api/question-banks/${bank.id as string}/questions`, {
        json: questionBody(i),
        ...asInstructor,
      }),
      "question",
      201,
    );
    questionIds.push(question.id as string);
  }
  const quizPath = `/api/courses/${course.id}/lessons/${lessonId}/quiz`;
  expectOk(
    await call(APP_PORT, host, quizPath, {
      method: "PUT",
      json: {
        time_limit_seconds: 3600,
        grading_method: "highest",
        pass_mark_percent: 50,
        questions_per_page: 5,
        slots: questionIds.map((question_id) => ({ kind: "fixed", question_id })),
      },
      ...asInstructor,
    }),
    "quiz settings",
  );

  const learners: QuizLearner[] = [];
  const waiting = people.slice(1);
  // Eight learners start at a time: the class opens the quiz within a minute, not in one instant.
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let id = waiting.pop(); id; id = waiting.pop()) {
        const token = tokens.get(id)!;
        const started = expectOk(
          await call(APP_PORT, host, `${quizPath}/attempts`, { method: "POST", bearer: token }),
          "start",
        ) as {
          id: string;
          session: number;
          questions: { position: number; question: { type: ChoiceType; choices?: { id: string }[] } }[];
        };
        learners.push({
          token,
          attemptId: started.id,
          session: started.session,
          sequence: 0,
          next: 0,
          questions: started.questions.map((q) => ({
            position: q.position,
            type: q.question.type,
            choiceIds: q.question.choices?.map((c) => c.id) ?? [],
          })),
        });
      }
    }),
  );
  return { host, learners, drop: database.drop };
}

/**
 * autocannon on one server: each request takes a learner no other connection has in flight. `pick`
 * gives the request for a learner; `ok` says whether its answer counts (anything else is a failure).
 */
async function runLoad(
  port: number,
  host: string,
  pool: QuizLearner[],
  load: { connections: number; seconds?: number; amount?: number },
  request: QuizRequest,
  ok: (status: number, body: string) => boolean,
  /** Submissions: a learner is taken once and not handed back. */
  once = false,
): Promise<LoadRun> {
  const latencies: number[] = [];
  let failures = 0;
  let lastOk = false;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}/`,
        connections: load.connections,
        ...(load.amount ? { amount: load.amount } : { duration: load.seconds }),
        timeout: 10,
        requests: [
          {
            setupRequest: (req: autocannon.Request, context: Record<string, unknown>) => {
              const learner = pool.pop();
              if (!learner) throw new Error("No learner free: the class is smaller than the connections");
              context.learner = learner;
              const { method, path, body } = request(learner);
              return {
                ...req,
                method,
                path,
                headers: { host, "content-type": "application/json", authorization: `Bearer ${learner.token}` },
                body,
              };
            },
            onResponse: (status: number, body: string, context: Record<string, unknown>) => {
              lastOk = ok(status, body);
              if (!lastOk) console.warn(`    a request failed: HTTP ${status} ${body.slice(0, 200)}`);
              if (!once) pool.unshift(context.learner as QuizLearner);
            },
          },
        ],
      } as autocannon.Options,
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      if (lastOk) latencies.push(responseTime);
      else failures += 1;
    });
  });
  return { latencies, seconds: result.duration, failures: failures + result.errors + result.timeouts };
}

type QuizRequest = (learner: QuizLearner) => { method: "PUT" | "POST"; path: string; body: string };
const saveRequest: QuizRequest = (learner) => ({ method: "PUT", ...nextAnswer(learner) });
const submitRequest: QuizRequest = (learner) => ({
  method: "POST",
  path: `/api/quiz-attempts/${learner.attemptId}/submit`,
  body: JSON.stringify({ session: learner.session }),
});
const jsonOf = (body: string): Record<string, unknown> | null => {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return null;
  }
};
const savedOk = (status: number, body: string) => status === 200 && jsonOf(body)?.applied === true;
const gradedOk = (status: number, body: string) => status === 200 && jsonOf(body)?.state === "graded";

export async function measureQuizzes(
  serverUrl: string,
  options: BenchOptions,
  env: NodeJS.ProcessEnv,
  profileDir?: string,
): Promise<QuizPairs> {
  const servers: ServerProcess[] = [];
  const startApp = async (databaseUrl: string) => {
    servers.push(
      await startServerProcess(
        "scripts/bench/app-process.ts",
        { ...env, DATABASE_URL: databaseUrl, PORT: String(APP_PORT), BENCH_PROFILE_DIR: profileDir ?? "" },
        "The app",
      ),
    );
  };
  const fixture = await createFixture(serverUrl, startApp);
  const app = servers[0]!;
  try {
    const ceiling = await startServerProcess(
      "scripts/bench/quiz-ceiling.ts",
      { ...env, DATABASE_URL: process.env.TEST_DATABASE_URL, PORT: String(CEILING_PORT) },
      "The quiz ceiling",
    );
    servers.push(ceiling);
    const hostFor = (port: number) => fixture.host.replace(`:${APP_PORT}`, `:${port}`);
    type Endpoint = { name: "app" | "ceiling"; port: number; process: ServerProcess };
    const endpoints: Endpoint[] = [
      { name: "app", port: APP_PORT, process: app },
      { name: "ceiling", port: CEILING_PORT, process: ceiling },
    ];

    // One traced request of each kind on each server, by learners kept out of the loads.
    const probe = async (
      endpoint: Endpoint,
      learner: QuizLearner,
      request: QuizRequest,
      sampleOf: (json: Record<string, unknown>) => unknown,
    ): Promise<Omit<ScenarioResult, "measurement">> => {
      const send = async () => {
        const { method, path, body } = request(learner);
        return call(endpoint.port, hostFor(endpoint.port), path, {
          method,
          json: JSON.parse(body) as unknown,
          bearer: learner.token,
        });
      };
      if (request === saveRequest) await send();
      await endpoint.process.ask({ trace: true });
      endpoint.process.drain();
      const answer = await send();
      await sleep(200);
      await endpoint.process.ask({ trace: false });
      const statements = tracedStatements(endpoint.process.drain())
        .map((s) => s.text)
        .sort();
      const json = (answer.json ?? {}) as Record<string, unknown>;
      return { status: answer.status, sample: sampleOf(json), statements };
    };
    const saveSample = (json: Record<string, unknown>) => ({ applied: json.applied });
    const submitSample = (json: Record<string, unknown>) => ({ state: json.state, percent: json.percent });
    const savers = [...fixture.learners];
    const probes = {
      answers: {
        app: await probe(endpoints[0]!, savers.pop()!, saveRequest, saveSample),
        ceiling: await probe(endpoints[1]!, savers.pop()!, saveRequest, saveSample),
      },
      submissions: {
        app: await probe(endpoints[0]!, savers.pop()!, submitRequest, submitSample),
        ceiling: await probe(endpoints[1]!, savers.pop()!, submitRequest, submitSample),
      },
    };
    const notMeasured = (kind: keyof typeof probes) => ({
      app: { ...probes[kind].app, measurement: null },
      ceiling: { ...probes[kind].ceiling, measurement: null },
    });
    if (Object.values(probes).some((p) => p.app.status !== 200 || p.ceiling.status !== 200)) {
      console.log(
        `  quiz rows: save HTTP ${probes.answers.app.status}/${probes.answers.ceiling.status}, submit HTTP ${probes.submissions.app.status}/${probes.submissions.ceiling.status}; not measured`,
      );
      return { answers: notMeasured("answers"), submissions: notMeasured("submissions") };
    }

    const host = (e: Endpoint) => hostFor(e.port);
    // autocannon asks for a request per connection past a run's end, never sent or never answered: each answer
    // run starts from the whole class again (once what was in flight has landed), and each submission run
    // takes its own learners with a connection's worth to spare, handing back the ones it never took.
    const answerRun = async (e: Endpoint, seconds: number) => {
      const run = await runLoad(
        e.port,
        host(e),
        [...savers],
        { connections: ANSWER_CONNECTIONS, seconds },
        saveRequest,
        savedOk,
      );
      await sleep(500);
      return run;
    };
    const submitRun = async (e: Endpoint, amount: number) => {
      const takers = savers.splice(0, amount + SUBMIT_CONNECTIONS);
      const run = await runLoad(
        e.port,
        host(e),
        takers,
        { connections: SUBMIT_CONNECTIONS, amount },
        submitRequest,
        gradedOk,
        true,
      );
      savers.push(...takers);
      await sleep(500);
      return run;
    };
    // Submissions at the class's pace: each half has arrivals of its own (its seed), the same on both servers.
    let pacedHalf = 0;
    const pacedRun = async (e: Endpoint) => {
      const takers = savers.splice(0, PACED_PER_HALF);
      const run = await runPaced(
        { count: takers.length, perSecond: PACED_SUBMISSIONS_PER_SECOND, seed: 1 + (pacedHalf++ % 2) },
        async (index) => {
          const { method, path, body } = submitRequest(takers[index]!);
          const answer = await call(e.port, host(e), path, {
            method,
            json: JSON.parse(body) as unknown,
            bearer: takers[index]!.token,
          });
          const ok = gradedOk(answer.status, answer.text);
          if (!ok) console.warn(`    a paced submission failed: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
          return ok;
        },
      );
      const { p50, p95 } = summarize([run]);
      console.log(`    paced half [${e.name}]: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
      await sleep(500);
      return run;
    };
    const [appEndpoint, ceilingEndpoint] = endpoints as [Endpoint, Endpoint];
    const profiled: string[] = [];
    // With --profile, the app's first measured half of each kind is profiled.
    const halves = async (measure: (e: Endpoint) => Promise<LoadRun>, kind: string) => {
      const runs = { app: [] as LoadRun[], ceiling: [] as LoadRun[] };
      if (profileDir) await app.ask({ profile: "start" });
      runs.app.push(await measure(appEndpoint));
      if (profileDir) {
        const file = `quiz-${kind}.cpuprofile`;
        profiled.push(((await app.ask({ profile: "stop", file })) as { profiled: string }).profiled);
      }
      runs.ceiling.push(await measure(ceilingEndpoint));
      runs.ceiling.push(await measure(ceilingEndpoint));
      runs.app.push(await measure(appEndpoint));
      return runs;
    };
    // Answers first (every learner gets some), then the class submits.
    for (const e of endpoints) await answerRun(e, options.warmup);
    const answerRuns = await halves((e) => answerRun(e, options.seconds / 2), "answers");
    // At a deadline the class has answered: every learner answers what is left before anyone submits.
    await answerTheRest(appEndpoint.port, host(appEndpoint), savers);
    for (const e of endpoints) await submitRun(e, SUBMISSIONS_WARMUP);
    const submitRuns = await halves((e) => submitRun(e, SUBMISSIONS_PER_HALF), "submissions");
    const pacedRuns = { app: [] as LoadRun[], ceiling: [] as LoadRun[] };
    for (const e of [appEndpoint, ceilingEndpoint, ceilingEndpoint, appEndpoint])
      pacedRuns[e.name].push(await pacedRun(e));
    const pair = (kind: keyof typeof probes, runs: { app: LoadRun[]; ceiling: LoadRun[] }) => ({
      app: { ...probes[kind].app, measurement: summarize(runs.app) },
      ceiling: { ...probes[kind].ceiling, measurement: summarize(runs.ceiling) },
    });
    const result = { answers: pair("answers", answerRuns), submissions: pair("submissions", submitRuns) };
    result.submissions.app.quiet = summarize(pacedRuns.app);
    result.submissions.ceiling.quiet = summarize(pacedRuns.ceiling);
    for (const kind of ["answers", "submissions"] as const)
      for (const name of ["app", "ceiling"] as const) {
        const { rps, p50, p95, p99, failures } = result[kind][name].measurement;
        console.log(
          `  quiz ${kind} [${name}]: ${rps.toFixed(0)}/s, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms${failures ? `, ${failures} failures` : ""}`,
        );
      }
    for (const name of ["app", "ceiling"] as const) {
      const { rps, p50, p95, p99, failures } = result.submissions[name].quiet!;
      console.log(
        `  quiz submissions at the class's pace [${name}]: ${rps.toFixed(1)}/s, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms${failures ? `, ${failures} failures` : ""}`,
      );
    }
    // A failed request's cause is in the server's log (its 5xx are logged with their error), not in its answer.
    for (const e of endpoints) {
      const errors = e.process.drain().filter((line) => line.includes('"level":"error"'));
      for (const line of errors.slice(0, 3)) console.warn(`    [${e.name} log] ${line.slice(0, 600)}`);
    }
    for (const file of profiled)
      console.log(`    CPU profile of the app: ${file} (npx tsx scripts/bench/profile-summary.ts ${file})`);
    return result;
  } finally {
    for (const server of servers.reverse()) await server.stop().catch(() => undefined);
    await fixture.drop().catch(() => undefined);
  }
}
