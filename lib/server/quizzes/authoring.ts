import "server-only";
import { db } from "@/lib/db";
import type { QuestionType } from "@/lib/schemas/questions";
import { findLesson } from "@/lib/server/outline/lessons";
import { requireCourseEditor } from "@/lib/server/courses/access";
import { quizSettingsSelect } from "@/lib/server/quizzes/access";
import { quizJson, type QuizJson } from "@/lib/server/quizzes/settings";
import { quizStatistics, type QuizStatisticsJson } from "@/lib/server/quizzes/statistics";
import type { TenantContext } from "@/lib/tenancy/context";

// What the instructor's quiz pages show beside the API's answers: the lesson's title, and the names of the
// questions and banks a quiz's slots and statistics name only by id (the settings API answers ids, as
// its PUT takes them).

/** A lesson of a course the caller edits, whatever its kind: the pages say "not a quiz" rather than fail. */
async function editedLesson(ctx: TenantContext, courseId: string, lessonId: string) {
  const { organizationId } = await requireCourseEditor(ctx, courseId);
  const lesson = await findLesson(db(), organizationId, courseId, lessonId);
  return { organizationId, kind: lesson.kind, title: lesson.title };
}

export interface SlotQuestionLabel {
  name: string;
  type: QuestionType;
  bank_name: string;
  default_mark: number;
  current_version: number;
  archived: boolean;
}

export interface QuizEditorView {
  lesson_title: string;
  /** Null until the quiz is first saved. */
  quiz: QuizJson | null;
  questions: Record<string, SlotQuestionLabel>;
  banks: Record<string, string>;
}

/** The quiz settings page: the quiz as GET …/quiz answers it (or null before it is set up) with its slots' names. */
export async function getQuizEditorView(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
): Promise<QuizEditorView | null> {
  const row = await editedLesson(ctx, courseId, lessonId);
  if (row.kind !== "quiz") return null;
  const { organizationId } = row;
  const quizRow = await db().quiz.findFirst({
    where: { organizationId, courseId, lessonId },
    select: quizSettingsSelect,
  });
  const quiz = quizRow ? await quizJson(organizationId, quizRow) : null;
  const slots = quiz?.slots ?? [];
  const questionIds = slots.flatMap((s) => (s.question_id ? [s.question_id] : []));
  const bankIds = slots.flatMap((s) => (s.bank_id ? [s.bank_id] : []));
  const [questions, banks] = await Promise.all([
    db().question.findMany({
      where: { organizationId, id: { in: questionIds } },
      select: {
        id: true,
        name: true,
        type: true,
        currentVersion: true,
        archivedAt: true,
        bank: { select: { name: true } },
        // An edit writes the next version, so the newest is the current one.
        versions: { orderBy: { version: "desc" }, take: 1, select: { defaultMark: true } },
      },
    }),
    db().questionBank.findMany({ where: { organizationId, id: { in: bankIds } }, select: { id: true, name: true } }),
  ]);
  return {
    lesson_title: row.title,
    quiz,
    questions: Object.fromEntries(
      questions.map((q) => [
        q.id,
        {
          name: q.name,
          type: q.type,
          bank_name: q.bank.name,
          default_mark: q.versions[0]?.defaultMark ?? 1,
          current_version: q.currentVersion,
          archived: q.archivedAt !== null,
        },
      ]),
    ),
    banks: Object.fromEntries(banks.map((b) => [b.id, b.name])),
  };
}

export interface QuizStatisticsView {
  lesson_title: string;
  /** Null while the quiz has not been set up. */
  statistics: QuizStatisticsJson | null;
  /** Per question, each option's words (a choice's text, True or False), from the question's current version. */
  option_labels: Record<string, Record<string, string>>;
}

/** Rich text as one line of words, for a table cell. */
const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/gu, " ")
    .replace(/&nbsp;/gu, " ")
    .replace(/&lt;/gu, "<")
    .replace(/&gt;/gu, ">")
    .replace(/&quot;/gu, '"')
    .replace(/&#39;/gu, "'")
    .replace(/&amp;/gu, "&")
    .replace(/\s+/gu, " ")
    .trim();

function optionLabels(type: string, body: unknown): Record<string, string> {
  if (type === "true_false") return { true: "True", false: "False" };
  const choices = (body as { choices?: { id: string; text: string }[] } | null)?.choices ?? [];
  return Object.fromEntries(choices.map((c) => [c.id, plainText(c.text)]));
}

/** The statistics page: the item analysis (null before the quiz is set up) and its options' words. */
export async function getQuizStatisticsView(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
): Promise<QuizStatisticsView | null> {
  const row = await editedLesson(ctx, courseId, lessonId);
  if (row.kind !== "quiz") return null;
  const { organizationId } = row;
  const quiz = await db().quiz.findFirst({ where: { organizationId, courseId, lessonId }, select: { id: true } });
  if (!quiz) return { lesson_title: row.title, statistics: null, option_labels: {} };
  const statistics = await quizStatistics(ctx, courseId, lessonId);
  const choiceIds = statistics.questions.filter((q) => q.options.length > 0).map((q) => q.question_id);
  const questions = await db().question.findMany({
    where: { organizationId, id: { in: choiceIds } },
    select: { id: true, versions: { orderBy: { version: "desc" }, take: 1, select: { type: true, body: true } } },
  });
  return {
    lesson_title: row.title,
    statistics,
    option_labels: Object.fromEntries(
      questions.map((q) => [q.id, q.versions[0] ? optionLabels(q.versions[0].type, q.versions[0].body) : {}]),
    ),
  };
}
