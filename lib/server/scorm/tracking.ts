import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isId } from "@/lib/schemas/id";
import type { ScormTrackingInput } from "@/lib/schemas/scorm";
import { lockEnrollments, saveLessonProgress } from "@/lib/server/progress/recompute";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";

// The spec's POST /api/scorm-tracking for API clients: the caller's own progress in a SCORM lesson of a
// course they are enrolled in. Status mapping (docs/scorm-player.md, "Tracking rules"): completed and passed → completed
// (passed also records success "passed"); failed → completed with success "failed" (the learner finished,
// as SCORM 1.2's "failed" means); in_progress / not_started as named. A completed lesson stays completed.

export interface ScormTrackingResult {
  lessonId: string;
  /** The lesson's progress, 0–100 (100 once completed). */
  progress: number;
  status: "not_started" | "in_progress" | "completed";
  success_status: string | null;
  /** The enrollment's course progress after this call, 0–100. */
  course_progress: number;
}

const STATUS = {
  not_started: "not_started",
  in_progress: "in_progress",
  completed: "completed",
  passed: "completed",
  failed: "completed",
} as const;
const SUCCESS = { passed: "passed", failed: "failed" } as Record<string, string | undefined>;

export async function recordScormTracking(ctx: TenantContext, input: ScormTrackingInput): Promise<ScormTrackingResult> {
  const organizationId = tenantId(ctx);
  if (!isId(input.lessonId)) throw new AppError("NOT_FOUND", "Lesson not found");
  const lesson = await db().lesson.findFirst({
    where: { organizationId, id: input.lessonId, kind: "scorm" },
    select: { id: true, courseId: true },
  });
  const enrollment = lesson
    ? await db().enrollment.findFirst({
        where: { organizationId, courseId: lesson.courseId, userId: ctx.userId, status: { not: "withdrawn" } },
        select: { id: true },
      })
    : null;
  // Another tenant's lesson, a lesson of a course the caller is not enrolled in: not found either way.
  if (!lesson || !enrollment) throw new AppError("NOT_FOUND", "SCORM lesson not found among your enrolled courses");
  const { courseId } = lesson;
  const enrollmentId = enrollment.id;
  return db().$transaction(async (tx) => {
    await lockEnrollments(tx, organizationId, [enrollmentId]);
    const current = await tx.lessonProgress.findUnique({
      where: { enrollmentId_lessonId: { enrollmentId, lessonId: lesson.id } },
      select: { status: true, successStatus: true },
    });
    const wanted = STATUS[input.status];
    const status = current?.status === "completed" ? "completed" : wanted;
    const successStatus = SUCCESS[input.status] ?? current?.successStatus ?? null;
    const now = new Date();
    const completedAt = status === "completed" && current?.status !== "completed" ? { completedAt: now } : {};
    await saveLessonProgress(
      tx,
      organizationId,
      { courseId, enrollmentId, lessonId: lesson.id },
      { status, successStatus, ...completedAt },
      { now, recount: true },
    );
    const after = await tx.enrollment.findFirstOrThrow({
      where: { organizationId, id: enrollmentId },
      select: { progressPercent: true },
    });
    return {
      lessonId: lesson.id,
      progress: status === "completed" ? 100 : Math.round(input.progress),
      status,
      success_status: successStatus,
      course_progress: after.progressPercent,
    };
  });
}
