import "server-only";
import { contentOf } from "@/lib/assessments/question-content";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { QuestionType } from "@/lib/schemas/questions";
import type { AttemptRow } from "@/lib/server/quizzes/access";
import { writeTracking } from "@/lib/server/xapi/tracking";
import {
  quizAttemptRescoredStatements,
  quizAttemptStartedStatement,
  quizAttemptSubmittedStatements,
  type QuizAnswerFacts,
  type QuizAttemptFacts,
  type QuizAttemptResult,
} from "@/lib/xapi/quiz-statements";

// A native quiz's attempts and answers in the organization's LRS (docs/xapi.md), as tracking.ts writes the
// rest: inside the transaction of the change, one read of the facts (the attempt, its quiz, course, lesson
// and enrollment, and the questions the statements name with their answers, in one query) and one INSERT
// of all the statements, nothing at all when the organization turned tracking off. A submission's
// statements are one INSERT whatever the number of questions.

type Tx = Prisma.TransactionClient;

/** What a change of the attempt started from: the attempt row as read before the change. */
export type AttemptBefore = Pick<AttemptRow, "id" | "organizationId" | "state" | "score" | "maxScore">;

interface AnswerRow {
  position: number;
  maxMark: number;
  questionId: string;
  type: QuestionType;
  name: string;
  stem: string;
  body: Record<string, unknown>;
  defaultMark: number;
  generalFeedback: string;
  response: unknown;
  marks: number | null;
}

interface AttemptFactsRow {
  userId: string;
  enrollmentId: string | null;
  number: number;
  state: string;
  score: number | null;
  maxScore: number;
  startedAt: Date;
  deadline: Date | null;
  submittedAt: Date | null;
  passMarkPercent: number | null;
  courseId: string;
  courseTitle: string;
  lessonId: string;
  lessonTitle: string;
  answers: AnswerRow[];
}

/** Which questions the facts bring: none, every answered one, or the one at a position (answered or not). */
type Questions = { kind: "none" } | { kind: "answered" } | { kind: "at"; position: number };

function attemptFactsSql(organizationId: string, attemptId: string, questions: Questions) {
  const which = questions.kind === "at" ? Prisma.sql`AND aq."position" = ${questions.position}::int` : Prisma.empty;
  const answers =
    questions.kind === "none"
      ? Prisma.sql`'[]'::json`
      : Prisma.sql`COALESCE((SELECT json_agg(json_build_object(
          'position', aq."position", 'maxMark', aq."maxMark", 'questionId', v."questionId", 'type', v."type",
          'name', v."name", 'stem', v."stem", 'body', v."body", 'defaultMark', v."defaultMark",
          'generalFeedback', v."generalFeedback", 'response', an."response",
          'marks', COALESCE(an."overrideMarks", an."marks")) ORDER BY aq."position")
        FROM "QuizAttemptQuestion" aq
        JOIN "QuizAnswer" an ON an."organizationId" = aq."organizationId" AND an."attemptQuestionId" = aq."id"
        JOIN "QuestionVersion" v ON v."organizationId" = aq."organizationId" AND v."id" = aq."questionVersionId"
        WHERE aq."organizationId" = a."organizationId" AND aq."attemptId" = a."id" ${which}), '[]'::json)`;
  return Prisma.sql`SELECT a."userId", e."id" AS "enrollmentId", a."number", a."state"::text AS "state", a."score",
  a."maxScore", a."startedAt", a."deadline", a."submittedAt", q."passMarkPercent", q."courseId",
  c."title" AS "courseTitle", q."lessonId", l."title" AS "lessonTitle", ${answers} AS "answers"
FROM "QuizAttempt" a
JOIN "Quiz" q ON q."organizationId" = a."organizationId" AND q."id" = a."quizId"
JOIN "Course" c ON c."organizationId" = q."organizationId" AND c."id" = q."courseId"
JOIN "Lesson" l ON l."organizationId" = q."organizationId" AND l."courseId" = q."courseId" AND l."id" = q."lessonId"
LEFT JOIN "Enrollment" e ON e."organizationId" = a."organizationId" AND e."courseId" = q."courseId" AND e."userId" = a."userId"
WHERE a."organizationId" = ${organizationId}::uuid AND a."id" = ${attemptId}::uuid`;
}

/** The attempt's facts; null when its learner has no enrollment left to register the statements under. */
async function attemptFacts(
  tx: Tx,
  organizationId: string,
  attemptId: string,
  questions: Questions,
): Promise<{ row: AttemptFactsRow; facts: QuizAttemptFacts } | null> {
  const [row] = await queryRows<AttemptFactsRow>(attemptFactsSql(organizationId, attemptId, questions), tx);
  if (!row?.enrollmentId) return null;
  return {
    row,
    facts: {
      learner: { userId: row.userId, enrollmentId: row.enrollmentId },
      course: { id: row.courseId, title: row.courseTitle },
      lesson: { id: row.lessonId, title: row.lessonTitle },
      attempt: { id: attemptId, number: row.number },
      passMarkPercent: row.passMarkPercent,
    },
  };
}

const answerFacts = (row: AnswerRow): QuizAnswerFacts => ({
  position: row.position,
  questionId: row.questionId,
  content: contentOf(row),
  response: row.response,
  maxMark: row.maxMark,
  marks: row.marks,
});

const resultOf = (attempt: { state: string; score: number | null; maxScore: number }): QuizAttemptResult => ({
  state: attempt.state,
  score: attempt.score ?? 0,
  maxScore: attempt.maxScore,
});

/** A new attempt: initialized. */
export function recordQuizAttemptStarted(tx: Tx, organizationId: string, attemptId: string): Promise<void> {
  return writeTracking(tx, organizationId, async (origin) => {
    const read = await attemptFacts(tx, organizationId, attemptId, { kind: "none" });
    return read ? [quizAttemptStartedStatement(origin, read.facts, read.row.startedAt)] : [];
  });
}

/**
 * An attempt graded by finishAttempt: its submission when it was in progress (`before`), else a regrade,
 * which reports the attempt's result only if it changed.
 */
export function recordQuizAttemptFinished(tx: Tx, before: AttemptBefore, now: Date): Promise<void> {
  const submitted = before.state === "in_progress";
  return writeTracking(tx, before.organizationId, async (origin) => {
    const read = await attemptFacts(tx, before.organizationId, before.id, {
      kind: submitted ? "answered" : "none",
    });
    if (!read) return [];
    const { row, facts } = read;
    const after = resultOf(row);
    if (!submitted)
      return quizAttemptRescoredStatements(origin, facts, {
        event: { kind: "regraded", at: now },
        before: resultOf(before),
        after,
      });
    const end = row.submittedAt ?? now;
    // Submitted at the time limit by whoever came next: the time the learner had is up to the deadline.
    const until = row.deadline && row.deadline < end ? row.deadline : end;
    return quizAttemptSubmittedStatements(origin, facts, {
      at: now,
      result: after,
      durationSeconds: (until.getTime() - row.startedAt.getTime()) / 1000,
      answers: row.answers.map(answerFacts),
    });
  });
}

/** A person's grade of the answer at `position` (given at `now`, by `graderId`), and what it did to the attempt. */
export function recordQuizAnswerGraded(
  tx: Tx,
  before: AttemptBefore,
  grade: { position: number; graderId: string; now: Date },
): Promise<void> {
  return writeTracking(tx, before.organizationId, async (origin) => {
    const read = await attemptFacts(tx, before.organizationId, before.id, { kind: "at", position: grade.position });
    const answer = read?.row.answers[0];
    if (!read || !answer) return [];
    return quizAttemptRescoredStatements(origin, read.facts, {
      event: { kind: "graded", position: grade.position, at: grade.now },
      before: resultOf(before),
      after: resultOf(read.row),
      graded: { answer: answerFacts(answer), graderId: grade.graderId },
    });
  });
}
