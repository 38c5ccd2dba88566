import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { call, testPort } from "@/test/http";
import { learnerWithScormAttempt } from "@/test/scorm-attempts";

// POST /scorm/commits/{token} has two doors to one handler: the custom server's fast path (the test server)
// and Next's route handler (a second app server started here with SCORM_COMMIT_FAST_PATH=false). The same
// commits sent through each must get the same answers and leave the same rows.

const NEXT_PORT = testPort() + 71;
let nextServer: ChildProcess;
let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant();
  nextServer = spawn(
    process.execPath,
    ["--import", "tsx", "--import", "./server/server-only-hook.mjs", "test/app-server-process.ts"],
    {
      env: { ...process.env, PORT: String(NEXT_PORT), SCORM_COMMIT_FAST_PATH: "false" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    nextServer.once("exit", (code) => reject(new Error(`the second app server exited with ${code}`)));
    createInterface({ input: nextServer.stdout! }).on("line", (line) => line.startsWith("ready ") && resolve());
  });
}, 60_000);

afterAll(async () => {
  nextServer?.kill("SIGTERM");
  await testDb().$disconnect();
});

const cmi = (core: Record<string, unknown>, suspend_data = "") => ({
  core: { score: { raw: "", min: "", max: "" }, ...core },
  suspend_data,
});

/** The same story for any attempt: progress, a replay, a batch over two SCOs, a failed and a passed quiz, bad input. */
function scenario(attemptId: string): { body: string; contentType?: string }[] {
  const commit = (sequence: number, scoId: string, core: Record<string, unknown>, suspend = "") => ({
    attemptId,
    scoId,
    sequence,
    cmi: cmi(core, suspend),
    terminated: false,
  });
  const json = (commits: unknown[]) => ({ body: JSON.stringify({ commits }) });
  return [
    json([
      commit(
        1,
        "sco1",
        { lesson_location: "p1", lesson_status: "incomplete", exit: "suspend", session_time: "00:00:30" },
        "a".repeat(5000),
      ),
    ]),
    json([commit(1, "sco1", { lesson_location: "p9", lesson_status: "incomplete" })]),
    json([
      commit(2, "sco1", { lesson_location: "p2", lesson_status: "incomplete", session_time: "00:01:00" }),
      commit(3, "sco2", { lesson_status: "browsed" }),
    ]),
    {
      body: JSON.stringify({
        commits: [
          {
            ...commit(4, "sco1", {
              lesson_status: "failed",
              score: { raw: "40", min: "0", max: "100" },
              session_time: "00:02:00",
            }),
            terminated: true,
          },
        ],
      }),
      contentType: "text/plain;charset=UTF-8",
    },
    json([
      {
        ...commit(5, "sco2", {
          lesson_status: "passed",
          score: { raw: "90", min: "0", max: "100" },
          session_time: "00:03:00",
        }),
        terminated: true,
      },
    ]),
    { body: "{ not json" },
    json([{ attemptId, scoId: "sco1", sequence: "six", cmi: {} }]),
    json([commit(6, "sco1", {}), ...Array.from({ length: 50 }, (_, i) => commit(7 + i, "sco1", {}))]),
  ];
}

async function send(port: number, attemptId: string, commitPath: string) {
  const host = `${tenant.subdomain}.content`;
  const answers = [];
  for (const step of scenario(attemptId)) {
    const res = await call(host, commitPath, {
      port,
      method: "POST",
      body: step.body,
      headers: { "content-type": step.contentType ?? "application/json" },
    });
    answers.push({ status: res.status, body: JSON.parse(res.text.replaceAll(attemptId, "<attempt>")) as unknown });
  }
  const tokenless = await call(host, "/scorm/commits/not-a-token", {
    port,
    method: "POST",
    body: scenario(attemptId)[0]!.body,
    headers: { "content-type": "application/json" },
  });
  answers.push({ status: tokenless.status, body: tokenless.json as unknown });
  return answers;
}

async function storedRows(attemptId: string, enrollmentId: string, lessonId: string) {
  const db = testDb();
  const attempt = await db.scormAttempt.findUniqueOrThrow({
    where: { id: attemptId },
    select: {
      completionStatus: true,
      successStatus: true,
      scoreScaled: true,
      progressMeasure: true,
      totalTimeSeconds: true,
      globals: true,
      globalsSequence: true,
      lastScoId: true,
      log: true,
    },
  });
  const scos = await db.scormScoState.findMany({
    where: { attemptId },
    orderBy: { scoId: "asc" },
    select: {
      scoId: true,
      cmi: true,
      commitSequence: true,
      completionStatus: true,
      successStatus: true,
      scoreRaw: true,
      scoreMin: true,
      scoreMax: true,
      scoreScaled: true,
      totalTimeSeconds: true,
      sessionSeconds: true,
      location: true,
      suspendData: true,
      exit: true,
    },
  });
  const lesson = await db.lessonProgress.findFirst({
    where: { enrollmentId, lessonId },
    select: { status: true, successStatus: true, scoreScaled: true },
  });
  const enrollment = await db.enrollment.findUniqueOrThrow({
    where: { id: enrollmentId },
    select: { status: true, progressPercent: true },
  });
  // The log carries timestamps; what it says must match, not when.
  const log = (attempt.log as { message: string; scoId: string }[]).map(({ message, scoId }) => ({ message, scoId }));
  return { attempt: { ...attempt, log }, scos, lesson, enrollment };
}

describe("the fast path and Next's route handler are one pipeline", () => {
  it("answer the same commits alike and store the same rows", async () => {
    const [fast, viaNext] = await Promise.all([learnerWithScormAttempt(tenant), learnerWithScormAttempt(tenant)]);
    const fastAnswers = await send(testPort(), fast.attemptId, fast.commitPath);
    const nextAnswers = await send(NEXT_PORT, viaNext.attemptId, viaNext.commitPath);

    expect(nextAnswers).toEqual(fastAnswers);
    // The answers are what the endpoint promises, written out.
    expect(fastAnswers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 400, 400, 400, 404]);
    expect(fastAnswers[1]!.body).toEqual({
      results: [{ attemptId: "<attempt>", scoId: "sco1", sequence: 1, applied: false }],
    });
    expect(fastAnswers[5]!.body).toEqual({
      error: { code: "BAD_REQUEST", message: "The request body must be valid JSON" },
    });
    expect(fastAnswers[8]!.body).toMatchObject({ error: { code: "NOT_FOUND" } });

    const fastRows = await storedRows(fast.attemptId, fast.enrollmentId, fast.lessonId);
    expect(await storedRows(viaNext.attemptId, viaNext.enrollmentId, viaNext.lessonId)).toEqual(fastRows);
    expect(fastRows.scos.map((s) => [s.scoId, s.commitSequence, s.completionStatus, s.successStatus])).toEqual([
      ["sco1", 4, "completed", "failed"],
      ["sco2", 5, "completed", "passed"],
    ]);
    expect(fastRows.lesson).toMatchObject({ status: "completed" });
  });
});
