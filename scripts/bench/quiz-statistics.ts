import pg from "pg";
import { performance } from "node:perf_hooks";
import { applyMigrations } from "../../server/database/schema-engine";
import { call } from "./http";
import { percentile } from "./load";
import { expectOk, questionBody } from "./quiz-bench";
import { startServerProcess, type ServerProcess } from "./server-process";

// The item-analysis row of `npm run bench`: GET …/quiz/statistics on a quiz of 40 questions with 100,000
// graded attempts (4 million answers), timed through the production app one request at a time. The quiz
// is made through the app's API; the attempts are grown in SQL (what each learner answered depends on an
// ability of theirs and the question's difficulty, so the figures vary as a real class's do) and then
// counted into the quiz's statistics sums by the app's own statement.

const APP_PORT = 3261;
const QUESTIONS = 40;
export const STATISTICS_ATTEMPTS = 100_000;
const RUNS = 20;

export interface QuizStatisticsTiming {
  attempts: number;
  questions: number;
  seedSeconds: number;
  runs: number;
  p50Ms: number;
  p95Ms: number;
  load: string;
}

/** The attempts, their questions and graded answers, in a handful of statements. */
async function growAttempts(databaseUrl: string, organizationId: string, quizId: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "User" (id, "organizationId", role, "firstName", "lastName", username, email, "passwordHash", "updatedAt")
       SELECT gen_random_uuid(), $1::uuid, 'learner', 'Learner', 'S' || g, 'stats' || g, 'stats' || g || '@example.test', '!', now()
       FROM generate_series(1, $2::int) g`,
      [organizationId, STATISTICS_ATTEMPTS],
    );
    await client.query(
      `INSERT INTO "QuizAttempt" (id, "organizationId", "quizId", "userId", number, state, "submittedAt", score, "maxScore", "updatedAt")
       SELECT gen_random_uuid(), $1::uuid, $2::uuid, u.id, 1, 'graded', now(), 0, $3::float, now()
       FROM "User" u WHERE u."organizationId" = $1::uuid AND u.username LIKE 'stats%'`,
      [organizationId, quizId, QUESTIONS],
    );
    // Right when the learner's ability (from their attempt's id) beats the question's difficulty (its position) with some luck.
    await client.query(
      `INSERT INTO "QuizAttemptQuestion" (id, "organizationId", "attemptId", "slotId", position, page, "questionVersionId", "maxMark")
       SELECT gen_random_uuid(), $1::uuid, a.id, s.id, s.position, 1, v.id, s.mark
       FROM "QuizAttempt" a
       JOIN "QuizSlot" s ON s."organizationId" = a."organizationId" AND s."quizId" = a."quizId"
       JOIN "Question" q ON q."organizationId" = s."organizationId" AND q.id = s."questionId"
       JOIN "QuestionVersion" v ON v."organizationId" = q."organizationId" AND v."questionId" = q.id AND v.version = q."currentVersion"
       WHERE a."organizationId" = $1::uuid AND a."quizId" = $2::uuid`,
      [organizationId, quizId],
    );
    await client.query(
      `INSERT INTO "QuizAnswer" (id, "organizationId", "attemptQuestionId", response, sequence, fraction, marks)
       SELECT gen_random_uuid(), $1::uuid, r.id, r.response, 1, r.fraction, r.fraction * r."maxMark"
       FROM (
         SELECT aq.id, aq."maxMark", v.type,
                CASE WHEN (abs(hashtext(aq."attemptId"::text)) % 100) / 100.0 + random() * 0.6 > aq.position / 40.0 + 0.3
                     THEN 1 ELSE 0 END AS right_answer
         FROM "QuizAttemptQuestion" aq
         JOIN "QuestionVersion" v ON v."organizationId" = aq."organizationId" AND v.id = aq."questionVersionId"
         WHERE aq."organizationId" = $1::uuid
       ) x
       CROSS JOIN LATERAL (
         SELECT x.id, x."maxMark",
                CASE x.type
                  WHEN 'true_false' THEN jsonb_build_object('value', x.right_answer = 1)
                  WHEN 'multiple_response' THEN jsonb_build_object('choice_ids',
                    CASE WHEN x.right_answer = 1 THEN '["a","b"]'::jsonb ELSE '["c"]'::jsonb END)
                  ELSE jsonb_build_object('choice_id', CASE WHEN x.right_answer = 1 THEN 'a' ELSE (ARRAY['b','c','d'])[1 + floor(random() * 3)::int] END)
                END AS response,
                x.right_answer::float AS fraction
       ) r`,
      [organizationId],
    );
    await client.query(
      `UPDATE "QuizAttempt" a SET score = t.total
       FROM (SELECT aq."attemptId", sum(an.marks) AS total
             FROM "QuizAttemptQuestion" aq
             JOIN "QuizAnswer" an ON an."organizationId" = aq."organizationId" AND an."attemptQuestionId" = aq.id
             WHERE aq."organizationId" = $1::uuid GROUP BY 1) t
       WHERE a."organizationId" = $1::uuid AND a.id = t."attemptId"`,
      [organizationId],
    );
    // Grown in SQL, the attempts were never graded by the app: their sums are counted here, as the app's
    // grading would have counted them one by one.
    const { recountQuizSql } = await import("@/lib/server/quizzes/statistics-sums");
    const recount = recountQuizSql(organizationId, quizId);
    await client.query(recount.text, recount.values);
    await client.query(`VACUUM (ANALYZE) "QuizAttempt", "QuizAttemptQuestion", "QuizAnswer"`);
  } finally {
    await client.end();
  }
}

export async function measureQuizStatistics(
  serverUrl: string,
  env: NodeJS.ProcessEnv,
  loadAverage: () => string,
): Promise<QuizStatisticsTiming> {
  const { createFreshDatabase } = await import("../../server/database/postgres");
  const database = await createFreshDatabase(serverUrl, "lms_bench_quiz_statistics");
  let app: ServerProcess | undefined;
  try {
    await applyMigrations(database.url);
    process.env.TEST_DATABASE_URL = database.url;
    const { createTenant, testDb, useTestDatabase: pointFactoriesAt } = await import("@/test/factories");
    await pointFactoriesAt(database.url);
    const { createCourse } = await import("@/test/course-factories");
    const { startSession } = await import("@/lib/auth/session-start");
    const tenant = await createTenant();
    const instructor = tenant.users.instructor;
    const course = await createCourse(tenant.id, {
      instructorIds: [instructor.id],
      modules: [{ lessons: [{ kind: "quiz", title: "Item analysis" }] }],
    });
    const lessonId = course.lessons[0]!.id;
    const token = await startSession(
      { sub: instructor.id, role: "instructor", org: tenant.id, tenant: tenant.subdomain, sv: 0 },
      { ip: null, userAgent: "bench" },
      testDb(),
    );
    await testDb().$disconnect();
    app = await startServerProcess(
      "scripts/bench/app-process.ts",
      { ...env, DATABASE_URL: database.url, PORT: String(APP_PORT) },
      "The app",
    );
    const host = `${tenant.subdomain}.localhost:${APP_PORT}`;
    const bank = expectOk(
      await call(APP_PORT, host, "/api/question-banks", { json: { name: "Statistics bank" }, bearer: token }),
      "bank",
      201,
    );
    const slots = [];
    for (let i = 0; i < QUESTIONS; i++) {
      const question = expectOk(
        await call(APP_PORT, host, `/api/question-banks/${bank.id as string}/questions`, {
          json: questionBody(i),
          bearer: token,
        }),
        "question",
        201,
      );
      slots.push({ kind: "fixed", question_id: question.id });
    }
    const path = `/api/courses/${course.id}/lessons/${lessonId}/quiz`;
    expectOk(await call(APP_PORT, host, path, { method: "PUT", json: { slots }, bearer: token }), "quiz settings");
    const quizId = (
      await new pg.Pool({ connectionString: database.url, max: 1 }).query<{ id: string }>(
        `SELECT id FROM "Quiz" WHERE "lessonId" = $1::uuid`,
        [lessonId],
      )
    ).rows[0]!.id;
    const seedStart = performance.now();
    await growAttempts(database.url, tenant.id, quizId);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const load = loadAverage();
    const timings: number[] = [];
    // The first request warms the app's code path and PostgreSQL's cache; it is not counted.
    for (let run = 0; run <= RUNS; run++) {
      const start = performance.now();
      const answer = await call(APP_PORT, host, `${path}/statistics`, { bearer: token });
      const elapsed = performance.now() - start;
      const json = expectOk(answer, "statistics") as { graded_attempts: number; questions: unknown[] };
      if (json.graded_attempts !== STATISTICS_ATTEMPTS || json.questions.length !== QUESTIONS)
        throw new Error(`statistics: ${json.graded_attempts} attempts, ${json.questions.length} questions`);
      if (run > 0) timings.push(elapsed);
    }
    timings.sort((a, b) => a - b);
    return {
      attempts: STATISTICS_ATTEMPTS,
      questions: QUESTIONS,
      seedSeconds,
      runs: RUNS,
      p50Ms: percentile(timings, 0.5),
      p95Ms: percentile(timings, 0.95),
      load,
    };
  } finally {
    await app?.stop().catch(() => undefined);
    await database.drop().catch(() => undefined);
  }
}

export function quizStatisticsTable(t: QuizStatisticsTiming): string {
  const verdict = t.p95Ms < 500 ? "pass" : "**FAIL** (p95 ≥ 500 ms)";
  return [
    "| Timed operation | Runs | p50 (ms) | p95 (ms) | Target | Result |",
    "|---|---|---|---|---|---|",
    `| GET …/quiz/statistics: item analysis of ${t.attempts.toLocaleString("en-US")} graded attempts × ${t.questions} questions (load ${t.load}) | ${t.runs} | ${t.p50Ms.toFixed(0)} | ${t.p95Ms.toFixed(0)} | p95 < 500 ms | ${verdict} |`,
  ].join("\n");
}
