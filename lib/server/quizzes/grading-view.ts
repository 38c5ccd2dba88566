import "server-only";
import type { DisplayOrder } from "@/lib/assessments/display-order";
import { learnerQuestionView, type LearnerQuestionView } from "@/lib/assessments/learner-view";
import { correctAnswerOf, type CorrectAnswer } from "@/lib/assessments/review-view";
import { db } from "@/lib/db";
import { requireGradableAttempt } from "@/lib/server/quizzes/access";
import { contentOfRow } from "@/lib/server/quizzes/attempt-json";
import { loadAttemptQuestions } from "@/lib/server/quizzes/attempts";
import { listGradingQueue, type GradingQueueItemJson } from "@/lib/server/quizzes/grading";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";

// What the course's editors read to grade: the queue with the learners' and lessons' names, and one
// attempt whole (every question, the response, the automatic grade, a person's grade, and for essays the
// grader guidance and rubric). The grade itself goes through PUT …/answers/{position}/grade.

export interface GradingQueueRow extends GradingQueueItemJson {
  learner_name: string;
  learner_email: string;
  lesson_title: string;
}

/** The grading queue page: GET /api/courses/{courseId}/quiz-grading with names. */
export async function getGradingQueueView(ctx: TenantContext, courseId: string): Promise<GradingQueueRow[]> {
  const { items } = await listGradingQueue(ctx, courseId);
  if (items.length === 0) return [];
  const organizationId = tenantId(ctx);
  const [users, lessons] = await Promise.all([
    db().user.findMany({
      where: { organizationId, id: { in: [...new Set(items.map((i) => i.user_id))] } },
      select: { id: true, firstName: true, lastName: true, email: true },
    }),
    db().lesson.findMany({
      where: { organizationId, courseId, id: { in: [...new Set(items.map((i) => i.lesson_id))] } },
      select: { id: true, title: true },
    }),
  ]);
  const user = new Map(users.map((u) => [u.id, u]));
  const lesson = new Map(lessons.map((l) => [l.id, l.title]));
  return items.map((item) => {
    const u = user.get(item.user_id);
    return {
      ...item,
      learner_name: u ? `${u.firstName} ${u.lastName}`.trim() : "",
      learner_email: u?.email ?? "",
      lesson_title: lesson.get(item.lesson_id) ?? "",
    };
  });
}

export interface RubricCriterion {
  id: string;
  description: string;
  levels: { points: number; description: string }[];
}

export interface GradingQuestion {
  position: number;
  name: string;
  type: string;
  /** The marks the question is worth in this attempt: a grade's maximum. */
  mark: number;
  question: LearnerQuestionView;
  response: unknown;
  correct_answer: CorrectAnswer;
  /** The automatic grade's marks (null: an essay, or nothing to grade automatically). */
  automatic_marks: number | null;
  /** A person's grade, if given. */
  grade: { marks: number; comment: string } | null;
  /** An answered question no grade covers yet: an essay in the queue. */
  waiting: boolean;
  grader_info: string;
  rubric: RubricCriterion[] | null;
}

export interface GradingAttempt {
  id: string;
  course_id: string;
  lesson_id: string;
  lesson_title: string;
  learner_name: string;
  learner_email: string;
  number: number;
  state: string;
  submitted_at: string | null;
  score: number | null;
  max_score: number;
  questions: GradingQuestion[];
}

/** One attempt of a course the caller edits, every question with what grading it needs. */
export async function getAttemptForGrading(ctx: TenantContext, attemptId: string): Promise<GradingAttempt> {
  const attempt = await requireGradableAttempt(ctx, attemptId);
  const { organizationId } = attempt;
  const [rows, learner, lesson] = await Promise.all([
    loadAttemptQuestions(db(), attempt),
    db().user.findFirst({
      where: { organizationId, id: attempt.userId },
      select: { firstName: true, lastName: true, email: true },
    }),
    db().lesson.findFirst({
      where: { organizationId, id: attempt.quiz.lessonId },
      select: { title: true },
    }),
  ]);
  return {
    id: attempt.id,
    course_id: attempt.quiz.courseId,
    lesson_id: attempt.quiz.lessonId,
    lesson_title: lesson?.title ?? "",
    learner_name: learner ? `${learner.firstName} ${learner.lastName}`.trim() : "",
    learner_email: learner?.email ?? "",
    number: attempt.number,
    state: attempt.state,
    submitted_at: attempt.submittedAt?.toISOString() ?? null,
    score: attempt.score,
    max_score: attempt.maxScore,
    questions: rows.map((row) => {
      const content = contentOfRow(row);
      const answer = row.answer;
      const overridden = answer?.overrideMarks ?? null;
      return {
        position: row.position,
        name: content.name,
        type: content.type,
        mark: row.maxMark,
        question: learnerQuestionView(content, row.displayOrder as DisplayOrder),
        response: answer?.response ?? null,
        correct_answer: correctAnswerOf(content),
        automatic_marks: answer?.marks ?? null,
        grade: overridden === null ? null : { marks: overridden, comment: answer?.overrideComment ?? "" },
        waiting: answer !== null && answer.fraction === null && overridden === null,
        grader_info: content.type === "essay" ? content.grader_info : "",
        rubric: content.type === "essay" && content.grading.method === "rubric" ? content.grading.criteria : null,
      };
    }),
  };
}
