import "server-only";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { requireQuizEditor, requireQuizId } from "@/lib/server/quizzes/access";
import type { TenantContext } from "@/lib/tenancy/context";

// A quiz's statistics for its course's editors, as Moodle's quiz statistics give them: per question the
// facility index (the mean mark as a share of the question's mark), the standard deviation of that share,
// the discrimination index (the correlation of the question's mark with the rest of the attempt's score)
// and each option's share for the choice types. Only graded attempts count: an attempt whose essays wait
// for a person has no final score yet. A question is counted wherever it appeared (random draws show it
// to some attempts only), whichever of its versions was drawn. The figures come from sums kept as attempts
// are graded (statistics-sums.ts): two small reads, however many attempts the quiz has.

export interface QuestionStatisticsJson {
  question_id: string;
  name: string;
  type: string;
  /** Graded attempts that were given this question. */
  attempts: number;
  /** Of those, the attempts that answered it. */
  answered: number;
  /** Mean mark as a percentage of the question's mark. */
  facility_percent: number;
  /** Standard deviation (sample) of the mark's percentage; null with one attempt. */
  sd_percent: number | null;
  /** Correlation of the question's mark with the rest of the score, × 100; null when either does not vary. */
  discrimination_percent: number | null;
  /** Choice types only: each option (a choice id, or true/false) with how many attempts chose it. */
  options: { option: string; count: number; share_percent: number }[];
}

export interface QuizStatisticsJson {
  graded_attempts: number;
  mean_score_percent: number | null;
  questions: QuestionStatisticsJson[];
}

interface QuestionRow {
  questionId: string;
  name: string;
  type: string;
  attempts: number;
  answered: number;
  facility: number;
  sd: number | null;
  discrimination: number | null;
  options: Record<string, number>;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const percent = (share: number | null) => (share === null ? null : round2(share * 100));

/**
 * Every question's figures from the sums its graded attempts added (statistics-sums.ts), in exact
 * decimals until the last division, in the order the questions were first shown.
 */
function statisticsSql(organizationId: string, quizId: string): Prisma.Sql {
  return Prisma.sql`WITH "sums" AS (
      SELECT s."questionId", min(s."firstPosition") AS "position", sum(s."attempts") AS "n",
             sum(s."answered") AS "answered", sum(s."share") AS "share", sum(s."shareSquares") AS "shareSquares",
             sum(s."mark") AS "x", sum(s."markSquares") AS "xx", sum(s."rest") AS "y",
             sum(s."restSquares") AS "yy", sum(s."markRest") AS "xy"
      FROM "QuizQuestionSums" s
      WHERE s."organizationId" = ${organizationId}::uuid AND s."quizId" = ${quizId}::uuid
      GROUP BY s."questionId"
      HAVING sum(s."attempts") > 0
    ), "spread" AS (
      SELECT m.*, m."n" * m."xx" - m."x" ^ 2 AS "vx", m."n" * m."yy" - m."y" ^ 2 AS "vy" FROM "sums" m
    )
    SELECT m."questionId", q."name", v."type", m."n"::int AS "attempts", m."answered"::int AS "answered",
           (m."share" / m."n")::float8 AS "facility",
           CASE WHEN m."n" > 1
             THEN sqrt(GREATEST(0, (m."n" * m."shareSquares" - m."share" ^ 2) / (m."n" * (m."n" - 1))))::float8
           END AS "sd",
           CASE WHEN m."vx" > 0 AND m."vy" > 0
             THEN ((m."n" * m."xy" - m."x" * m."y") / sqrt(m."vx" * m."vy"))::float8
           END AS "discrimination",
           COALESCE((SELECT jsonb_object_agg(o."option", o."count") FROM (
             SELECT c."option", sum(c."count")::int AS "count" FROM "QuizOptionCount" c
             WHERE c."organizationId" = ${organizationId}::uuid AND c."quizId" = ${quizId}::uuid
               AND c."questionId" = m."questionId"
             GROUP BY c."option" HAVING sum(c."count") > 0) o), '{}'::jsonb) AS "options"
    FROM "spread" m
    JOIN "Question" q ON q."organizationId" = ${organizationId}::uuid AND q."id" = m."questionId"
    JOIN "QuestionVersion" v ON v."organizationId" = q."organizationId" AND v."questionId" = q."id"
      AND v."version" = q."currentVersion"
    ORDER BY m."position", q."name"`;
}

/** GET …/lessons/{lessonId}/quiz/statistics. */
export async function quizStatistics(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
): Promise<QuizStatisticsJson> {
  const lesson = await requireQuizEditor(ctx, courseId, lessonId);
  const { organizationId } = lesson;
  const quizId = await requireQuizId(lesson);
  const [rows, [totals]] = await Promise.all([
    queryRows<QuestionRow>(statisticsSql(organizationId, quizId)),
    queryRows<{ graded: number; mean: number | null }>(
      Prisma.sql`SELECT COALESCE(sum("attempts"), 0)::int AS "graded",
          (sum("share") / NULLIF(sum("attempts"), 0))::float8 AS "mean"
        FROM "QuizScoreSums" WHERE "organizationId" = ${organizationId}::uuid AND "quizId" = ${quizId}::uuid`,
    ),
  ]);
  return {
    graded_attempts: totals?.graded ?? 0,
    mean_score_percent: percent(totals?.mean ?? null),
    questions: rows.map((row) => ({
      question_id: row.questionId,
      name: row.name,
      type: row.type,
      attempts: row.attempts,
      answered: row.answered,
      facility_percent: round2(row.facility * 100),
      sd_percent: percent(row.sd),
      discrimination_percent: percent(row.discrimination),
      options: Object.entries(row.options)
        .map(([option, count]) => ({ option, count, share_percent: round2((count / row.attempts) * 100) }))
        .sort((a, b) => b.count - a.count || a.option.localeCompare(b.option)),
    })),
  };
}
