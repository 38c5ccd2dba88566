import "server-only";
import { db } from "@/lib/db";
import { requireContentViewer, type CourseAccess } from "@/lib/server/courses/access";
import type { LessonJson } from "@/lib/server/courses/json";
import { readOutline } from "@/lib/server/courses/outline-read";
import { enrollmentJson, enrollmentSelect, type EnrollmentJson } from "@/lib/server/enrollments/json";
import {
  lessonProgressSelect,
  scorePercent,
  successStatusJson,
  type LessonProgressJson,
  type LessonProgressRow,
} from "@/lib/server/progress/json";
import type { LessonKind, LessonProgressStatus } from "@/lib/server/progress/rules";
import type { TenantContext } from "@/lib/tenancy/context";

// What the learner's pages show: the outline with the caller's completion marks, the lesson being played
// with its neighbours (the pages read them in one statement each: course-page.ts, lesson-page.ts), and
// where "Continue" leads.

export interface OutlineLessonState {
  id: string;
  module_id: string;
  title: string;
  kind: LessonKind;
  is_required: boolean;
  status: LessonProgressStatus;
  success_status: "passed" | "failed" | null;
  score_percent: number | null;
  /** How far into a lesson not completed yet its SCORM package says the learner is (0–99), or null. */
  progress_percent: number | null;
}
export interface OutlineModuleState {
  id: string;
  title: string;
  lessons: OutlineLessonState[];
}

export interface LearnerCourseState {
  /** The caller's enrollment in any state (withdrawn included), or null. */
  enrollment: EnrollmentJson | null;
  can_view_content: boolean;
  modules: OutlineModuleState[];
}

export interface LessonLink {
  module_id: string;
  lesson_id: string;
  title: string;
}

export interface LessonPlayer {
  course: { id: string; title: string; can_edit: boolean };
  /** Null for editors previewing without an enrollment: nothing is recorded for them. */
  enrollment: EnrollmentJson | null;
  modules: OutlineModuleState[];
  lesson: LessonJson;
  progress: LessonProgressJson | null;
  previous: LessonLink | null;
  next: LessonLink | null;
}

/** Where "Continue" leads: the last lesson opened, else the first not completed, else the first; null without lessons. */
export async function getContinueLesson(ctx: TenantContext, courseId: string): Promise<LessonLink | null> {
  const access = await requireContentViewer(ctx, courseId);
  const [enrollment, { modules }] = await Promise.all([readEnrollment(access), outlineWithProgress(access)]);
  const flat = modules.flatMap((m) => m.lessons);
  const target =
    flat.find((l) => l.id === enrollment?.last_lesson_id) ?? flat.find((l) => l.status !== "completed") ?? flat[0];
  return target ? { module_id: target.module_id, lesson_id: target.id, title: target.title } : null;
}

async function readEnrollment(access: CourseAccess): Promise<EnrollmentJson | null> {
  if (!access.enrollment) return null;
  const row = await db().enrollment.findFirst({
    where: { organizationId: access.organizationId, id: access.enrollment.id },
    select: enrollmentSelect,
  });
  return row ? enrollmentJson(row) : null;
}

async function outlineWithProgress(
  access: CourseAccess,
): Promise<{ modules: OutlineModuleState[]; progress: LessonProgressRow[] }> {
  const { organizationId, courseId } = access;
  const [outline, progress] = await Promise.all([
    readOutline(organizationId, courseId),
    access.enrollment
      ? db().lessonProgress.findMany({
          where: { organizationId, enrollmentId: access.enrollment.id },
          select: lessonProgressSelect,
        })
      : [],
  ]);
  const progressOf = new Map(progress.map((p) => [p.lessonId, p]));
  const modules = outline.modules.map((m) => ({
    id: m.id,
    title: m.title,
    lessons: m.lessons.map((l) => ({
      id: l.id,
      module_id: m.id,
      title: l.title,
      kind: l.kind,
      is_required: l.is_required,
      ...lessonResult(progressOf.get(l.id)),
    })),
  }));
  return { modules, progress };
}

/** A lesson's marks in the outline, from the caller's progress row (none: not started). */
export function lessonResult(
  progress: Pick<LessonProgressRow, "status" | "successStatus" | "scoreScaled" | "progressMeasure"> | undefined,
): Pick<OutlineLessonState, "status" | "success_status" | "score_percent" | "progress_percent"> {
  if (!progress) return { status: "not_started", success_status: null, score_percent: null, progress_percent: null };
  // A package that reports no progress rolls up to 0: nothing worth showing.
  const measure = progress.status === "completed" || !progress.progressMeasure ? null : progress.progressMeasure;
  return {
    status: progress.status,
    success_status: successStatusJson(progress.successStatus),
    score_percent: scorePercent(progress.scoreScaled),
    // Rounded down and kept below 100: a lesson reads 100 % only once it is completed.
    progress_percent: measure === null ? null : Math.min(99, Math.floor(Math.max(0, measure) * 100)),
  };
}
