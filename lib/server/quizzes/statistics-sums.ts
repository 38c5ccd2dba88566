import "server-only";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

// A quiz's item analysis is read from sums kept as its attempts are graded, so that it answers in the
// same time for ten attempts as for a hundred thousand (docs/assessments.md "Statistics"). An attempt
// counts while it is graded: whatever changes its marks (its submission, a person's grade, a regrade)
// recounts it in the same transaction, taking out exactly what it added (kept on the attempt and its
// questions as `countedScore` and `countedMark`, in exact decimals) and adding what it adds now. The sums
// are split over SHARDS rows per question by attempt, so that a class submitting at once does not queue
// on one row, and they are written in one order (quiz, question, shard) so that two recounts never wait
// for each other in a circle.

const SHARDS = 64;
type Tx = Prisma.TransactionClient;

/** Brings the quiz's sums in line with the attempt as it now stands. Call it after the attempt is settled. */
export async function recountAttempt(tx: Tx, organizationId: string, attemptId: string): Promise<void> {
  await queryRows(sumsStatement(organizationId, Prisma.sql`a."id" = ${attemptId}::uuid`, true), tx);
}

/**
 * The statement that counts every attempt of a quiz again from what is stored: for attempts written
 * other than through grading (the benchmark's grown class). Run it on its own, with nothing grading.
 */
export function recountQuizSql(organizationId: string, quizId: string): Prisma.Sql {
  return sumsStatement(organizationId, Prisma.sql`a."quizId" = ${quizId}::uuid`, true);
}

/** Takes a person's attempts out of their quizzes' sums: call it before the attempts are deleted with them. */
export async function forgetAttemptsOf(tx: Tx, organizationId: string, userId: string): Promise<void> {
  await queryRows(sumsStatement(organizationId, Prisma.sql`a."userId" = ${userId}::uuid`, false), tx);
}

/**
 * One statement: the attempts' counted contribution taken out, and (with `recount`) their contribution as
 * they stand added, into the question sums, option counts and score sums; then what each now counts for
 * is kept on it. Every write reads the attempts as they were when the statement began.
 */
function sumsStatement(organizationId: string, attempts: Prisma.Sql, recount: boolean): Prisma.Sql {
  const org = Prisma.sql`${organizationId}::uuid`;
  const added = recount
    ? Prisma.sql`UNION ALL
        SELECT q."quizId", q."shard", q."questionId", q."type", q."position", q."response", 1,
               q."mark"::numeric, q."maxMark"::numeric, q."score"::numeric
        FROM "question" q WHERE q."mark" IS NOT NULL`
    : Prisma.empty;
  const addedScore = recount
    ? Prisma.sql`UNION ALL
        SELECT t."quizId", t."shard", 1, COALESCE(t."score"::numeric / NULLIF(t."maxScore"::numeric, 0), 0)
        FROM "attempt" t WHERE t."state" = 'graded'`
    : Prisma.empty;
  const keep = recount
    ? Prisma.sql`, "counted_questions" AS (
        UPDATE "QuizAttemptQuestion" aq SET "countedMark" = q."mark"
        FROM "question" q
        WHERE aq."organizationId" = ${org} AND aq."id" = q."id" AND aq."countedMark" IS DISTINCT FROM q."mark"
        RETURNING 1
      ), "counted_attempts" AS (
        UPDATE "QuizAttempt" a SET "countedScore" = CASE WHEN t."state" = 'graded' THEN t."score" END
        FROM "attempt" t
        WHERE a."organizationId" = ${org} AND a."id" = t."id"
        RETURNING 1
      )`
    : Prisma.empty;
  return Prisma.sql`WITH "attempt" AS (
      SELECT a."id", a."quizId", a."state", a."score", a."maxScore", a."countedScore",
             (abs(hashtext(a."id"::text)) % ${SHARDS})::smallint AS "shard"
      FROM "QuizAttempt" a
      WHERE a."organizationId" = ${org} AND ${attempts}
    ), "question" AS (
      SELECT t."quizId", t."shard", aq."id", v."questionId", v."type", aq."position", aq."maxMark",
             aq."countedMark", t."countedScore", an."response",
             CASE WHEN t."state" = 'graded' THEN COALESCE(an."overrideMarks", an."marks", 0) END AS "mark",
             CASE WHEN t."state" = 'graded' THEN COALESCE(t."score", 0) END AS "score"
      FROM "attempt" t
      JOIN "QuizAttemptQuestion" aq ON aq."organizationId" = ${org} AND aq."attemptId" = t."id"
      JOIN "QuestionVersion" v ON v."organizationId" = ${org} AND v."id" = aq."questionVersionId"
      LEFT JOIN "QuizAnswer" an ON an."organizationId" = ${org} AND an."attemptQuestionId" = aq."id"
    ), "part" ("quizId", "shard", "questionId", "type", "position", "response", "sign", "mark", "maxMark", "score") AS (
      SELECT q."quizId", q."shard", q."questionId", q."type", q."position", q."response", -1,
             q."countedMark"::numeric, q."maxMark"::numeric, q."countedScore"::numeric
      FROM "question" q WHERE q."countedMark" IS NOT NULL AND q."countedScore" IS NOT NULL
      ${added}
    ), "question_sums" AS (
      INSERT INTO "QuizQuestionSums" AS s ("organizationId", "quizId", "questionId", "shard", "firstPosition",
        "attempts", "answered", "share", "shareSquares", "mark", "markSquares", "rest", "restSquares", "markRest")
      SELECT ${org}, p."quizId", p."questionId", p."shard", min(p."position"), sum(p."sign"),
             sum(p."sign" * (p."response" IS NOT NULL)::int),
             sum(p."sign" * (p."mark" / p."maxMark")), sum(p."sign" * (p."mark" / p."maxMark") ^ 2),
             sum(p."sign" * p."mark"), sum(p."sign" * p."mark" ^ 2),
             sum(p."sign" * (p."score" - p."mark")), sum(p."sign" * (p."score" - p."mark") ^ 2),
             sum(p."sign" * p."mark" * (p."score" - p."mark"))
      FROM "part" p
      GROUP BY p."quizId", p."questionId", p."shard"
      ORDER BY p."quizId", p."questionId", p."shard"
      ON CONFLICT ("organizationId", "quizId", "questionId", "shard") DO UPDATE SET
        "firstPosition" = LEAST(s."firstPosition", EXCLUDED."firstPosition"),
        "attempts" = s."attempts" + EXCLUDED."attempts", "answered" = s."answered" + EXCLUDED."answered",
        "share" = s."share" + EXCLUDED."share", "shareSquares" = s."shareSquares" + EXCLUDED."shareSquares",
        "mark" = s."mark" + EXCLUDED."mark", "markSquares" = s."markSquares" + EXCLUDED."markSquares",
        "rest" = s."rest" + EXCLUDED."rest", "restSquares" = s."restSquares" + EXCLUDED."restSquares",
        "markRest" = s."markRest" + EXCLUDED."markRest"
      RETURNING 1
    ), "option_counts" AS (
      INSERT INTO "QuizOptionCount" AS c ("organizationId", "quizId", "questionId", "option", "shard", "count")
      SELECT ${org}, p."quizId", p."questionId", o."option", p."shard", sum(p."sign")
      FROM "part" p
      CROSS JOIN LATERAL (
        SELECT p."response"->>'choice_id' AS "option" WHERE p."type" = 'single_choice'
        UNION ALL
        SELECT jsonb_array_elements_text(p."response"->'choice_ids') WHERE p."type" = 'multiple_response'
        UNION ALL
        SELECT p."response"->>'value' WHERE p."type" = 'true_false'
      ) o
      WHERE o."option" IS NOT NULL
      GROUP BY p."quizId", p."questionId", o."option", p."shard"
      HAVING sum(p."sign") <> 0
      ORDER BY p."quizId", p."questionId", o."option", p."shard"
      ON CONFLICT ("organizationId", "quizId", "questionId", "option", "shard") DO UPDATE SET
        "count" = c."count" + EXCLUDED."count"
      RETURNING 1
    ), "score_sums" AS (
      INSERT INTO "QuizScoreSums" AS z ("organizationId", "quizId", "shard", "attempts", "share")
      SELECT ${org}, d."quizId", d."shard", sum(d."sign"), sum(d."share")
      FROM (
        SELECT t."quizId", t."shard", -1 AS "sign",
               -COALESCE(t."countedScore"::numeric / NULLIF(t."maxScore"::numeric, 0), 0) AS "share"
        FROM "attempt" t WHERE t."countedScore" IS NOT NULL
        ${addedScore}
      ) d
      GROUP BY d."quizId", d."shard"
      ORDER BY d."quizId", d."shard"
      ON CONFLICT ("organizationId", "quizId", "shard") DO UPDATE SET
        "attempts" = z."attempts" + EXCLUDED."attempts", "share" = z."share" + EXCLUDED."share"
      RETURNING 1
    )${keep}
    SELECT 1 AS "done"`;
}
