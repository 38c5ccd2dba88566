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
// to some attempts only), whichever of its versions was drawn.

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

/** Every question's figures in one statement, in the order the questions were first shown. */
function statisticsSql(organizationId: string, quizId: string): Prisma.Sql {
  return Prisma.sql`WITH "marks" AS (
      SELECT v."questionId", v."type", aq."position", aq."maxMark",
             COALESCE(an."overrideMarks", an."marks", 0) AS "mark", a."score", an."response"
      FROM "QuizAttempt" a
      JOIN "QuizAttemptQuestion" aq ON aq."organizationId" = a."organizationId" AND aq."attemptId" = a."id"
      JOIN "QuestionVersion" v ON v."organizationId" = aq."organizationId" AND v."id" = aq."questionVersionId"
      LEFT JOIN "QuizAnswer" an ON an."organizationId" = aq."organizationId" AND an."attemptQuestionId" = aq."id"
      WHERE a."organizationId" = ${organizationId}::uuid AND a."quizId" = ${quizId}::uuid AND a."state" = 'graded'
    ), "options" AS (
      SELECT m."questionId", o."option", count(*)::int AS "count"
      FROM "marks" m
      CROSS JOIN LATERAL (
        SELECT m."response"->>'choice_id' AS "option" WHERE m."type" = 'single_choice'
        UNION ALL
        SELECT jsonb_array_elements_text(m."response"->'choice_ids') WHERE m."type" = 'multiple_response'
        UNION ALL
        SELECT m."response"->>'value' WHERE m."type" = 'true_false'
      ) o
      WHERE o."option" IS NOT NULL
      GROUP BY 1, 2
    )
    SELECT m."questionId", q."name", m."type", count(*)::int AS "attempts",
           count(m."response")::int AS "answered",
           avg(m."mark" / m."maxMark") AS "facility",
           stddev_samp(m."mark" / m."maxMark") AS "sd",
           corr(m."mark", m."score" - m."mark") AS "discrimination",
           COALESCE((SELECT jsonb_object_agg(o."option", o."count") FROM "options" o
                     WHERE o."questionId" = m."questionId"), '{}'::jsonb) AS "options"
    FROM "marks" m
    JOIN "Question" q ON q."organizationId" = ${organizationId}::uuid AND q."id" = m."questionId"
    GROUP BY m."questionId", q."name", m."type"
    ORDER BY min(m."position"), q."name"`;
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
      Prisma.sql`SELECT count(*)::int AS "graded", avg("score" / NULLIF("maxScore", 0)) AS "mean"
        FROM "QuizAttempt" WHERE "organizationId" = ${organizationId}::uuid AND "quizId" = ${quizId}::uuid
        AND "state" = 'graded'`,
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
