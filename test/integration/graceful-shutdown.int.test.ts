import { Agent, request, type ClientRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServerChild, type AppServerChild } from "@/test/app-server-child";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { testPort } from "@/test/http";
import { learnerWithScormAttempt } from "@/test/scorm-attempts";
import { cachedSignIn } from "@/test/session";

// SIGTERM during a burst of requests and SCORM commits: every request the server had begun is answered
// in full, the commits stored are exactly the ones acknowledged, and the process exits 0 well within its
// grace period. A second signal ends the process at once, whatever is still running.

const GRACE_SECONDS = 10;
const DRAINING_PORT = testPort() + 72;
const STALLED_PORT = testPort() + 73;

let tenant: TestTenant;
let draining: AppServerChild;
let stalled: AppServerChild;

beforeAll(async () => {
  tenant = await createTenant();
  const env = { SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS) };
  [draining, stalled] = await Promise.all([
    startAppServerChild(DRAINING_PORT, env),
    startAppServerChild(STALLED_PORT, env),
  ]);
}, 90_000);

afterAll(async () => {
  for (const child of [draining, stalled]) if (child?.process.exitCode === null) child.process.kill("SIGKILL");
  await testDb().$disconnect();
});

interface Outcome {
  sentAt: number;
  status?: number;
  body?: string;
  error?: string;
}

function send(
  port: number,
  host: string,
  path: string,
  options: { agent?: Agent; method?: string; body?: string; headers?: Record<string, string> } = {},
): { req: ClientRequest; outcome: Promise<Outcome> } {
  const sentAt = Date.now();
  const req = request({
    host: "127.0.0.1",
    port,
    path,
    method: options.method ?? "GET",
    agent: options.agent,
    headers: { host: `${host}.localhost:${port}`, ...options.headers },
  });
  const outcome = new Promise<Outcome>((resolve) => {
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ sentAt, status: res.statusCode, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", (error) => resolve({ sentAt, error: (error as NodeJS.ErrnoException).code ?? error.message }));
    });
    req.on("error", (error) => resolve({ sentAt, error: (error as NodeJS.ErrnoException).code ?? error.message }));
  });
  if (options.body !== undefined) req.write(options.body);
  return { req, outcome };
}

const commitBody = (attemptId: string, sequence: number) =>
  JSON.stringify({
    commits: [
      {
        attemptId,
        scoId: "sco1",
        sequence,
        cmi: {
          core: { lesson_location: `p${sequence}`, lesson_status: "incomplete", score: { raw: "", min: "", max: "" } },
          suspend_data: `state-${sequence}`,
        },
        terminated: false,
      },
    ],
  });

/** Sends requests one after another on one keep-alive connection until the server stops answering. */
async function loop(next: (agent: Agent) => { req: ClientRequest; outcome: Promise<Outcome> }): Promise<Outcome[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const outcomes: Outcome[] = [];
  for (;;) {
    const { req, outcome } = next(agent);
    req.end();
    const result = await outcome;
    outcomes.push(result);
    if (result.error) break;
  }
  agent.destroy();
  return outcomes;
}

describe("SIGTERM", () => {
  it("answers every request it began, stores exactly the acknowledged commits, and exits 0 in time", async () => {
    const learners = await Promise.all([1, 2, 3].map(() => learnerWithScormAttempt(tenant)));
    const bearer = await cachedSignIn(tenant.subdomain, learners[0]!.learner);
    const content = `${tenant.subdomain}.content`;

    const commitLoops = learners.map((l) => {
      let sequence = 0;
      return loop((agent) =>
        send(DRAINING_PORT, content, l.commitPath, {
          agent,
          method: "POST",
          body: commitBody(l.attemptId, ++sequence),
          headers: { "content-type": "application/json" },
        }),
      );
    });
    const readLoops = [
      loop((agent) =>
        send(DRAINING_PORT, tenant.subdomain, "/api/courses", {
          agent,
          headers: { authorization: `Bearer ${bearer}` },
        }),
      ),
      loop((agent) => send(DRAINING_PORT, tenant.subdomain, "/api/health", { agent })),
    ];
    // A commit whose body is still arriving when the signal comes: the server must wait for it.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const slowLearner = await learnerWithScormAttempt(tenant);
    const body = commitBody(slowLearner.attemptId, 1);
    const inFlight = send(DRAINING_PORT, content, slowLearner.commitPath, {
      method: "POST",
      body: body.slice(0, 40),
      headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalledAt = Date.now();
    draining.process.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 500));
    inFlight.req.end(body.slice(40));

    const commits = await Promise.all(commitLoops);
    const reads = await Promise.all(readLoops);
    const exit = await draining.exited;

    // The slow commit was begun before the signal: it is answered and applied.
    const slowAnswer = await inFlight.outcome;
    expect(slowAnswer.status, slowAnswer.error ?? slowAnswer.body).toBe(200);
    expect(JSON.parse(slowAnswer.body!)).toMatchObject({ results: [{ sequence: 1, applied: true }] });

    for (const outcome of [...commits.flat(), ...reads.flat()]) {
      // Nothing answered went wrong, and nothing begun before the signal went unanswered. A request sent on
      // an idle keep-alive connection just as the server closed it, or once it stopped listening, was never
      // read: the client sees the connection refused or reset, as HTTP allows.
      if (outcome.status !== undefined) expect(outcome.status, outcome.body).toBe(200);
      else if (outcome.sentAt < signalledAt - 100)
        expect.fail(`a request sent before the signal failed: ${outcome.error}`);
      else expect(["ECONNREFUSED", "ECONNRESET", "socket hang up", "EPIPE"]).toContain(outcome.error);
    }
    // The burst really ran: every loop had answers before the signal ended it.
    for (const outcomes of [...commits, ...reads])
      expect(outcomes.filter((o) => o.status === 200).length).toBeGreaterThan(0);

    // Every attempt holds exactly its last acknowledged commit: none lost, none applied unanswered.
    for (const [index, l] of [...learners, slowLearner].entries()) {
      const acknowledged = index < learners.length ? commits[index]!.filter((o) => o.status === 200).length : 1;
      const sco = await testDb().scormScoState.findFirst({
        where: { attemptId: l.attemptId, scoId: "sco1" },
        select: { commitSequence: true, suspendData: true, location: true },
      });
      expect(sco).toEqual({
        commitSequence: acknowledged,
        suspendData: `state-${acknowledged}`,
        location: `p${acknowledged}`,
      });
    }

    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeLessThan(GRACE_SECONDS * 1000);
  }, 60_000);

  it("a second signal ends the process at once, with a request still in flight", async () => {
    const learner = await learnerWithScormAttempt(tenant);
    const body = commitBody(learner.attemptId, 1);
    // Half a body that never ends: without a second signal the server would wait out its grace period.
    const hanging = send(STALLED_PORT, `${tenant.subdomain}.content`, learner.commitPath, {
      method: "POST",
      body: body.slice(0, 20),
      headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    stalled.process.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(stalled.process.exitCode).toBeNull();
    const secondAt = Date.now();
    stalled.process.kill("SIGTERM");
    const exit = await stalled.exited;
    expect(exit.at - secondAt).toBeLessThan(1_000);
    expect(exit.code).toBe(1);
    expect((await hanging.outcome).error).toBeDefined();
  }, 30_000);
});
