import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { LessonProgressInput } from "@/lib/schemas/enrollments";
import { findLesson } from "@/lib/server/outline/lessons";
import { requireContentViewer, type CourseAccess } from "@/lib/server/courses/access";
import { enrollmentJson, enrollmentSelect, type EnrollmentJson } from "@/lib/server/enrollments/json";
import { lessonProgressJson, type LessonProgressJson } from "@/lib/server/progress/json";
import { lockEnrollments, saveLessonProgress } from "@/lib/server/progress/recompute";
import { nextLessonProgress } from "@/lib/server/progress/rules";
import type { TenantContext } from "@/lib/tenancy/context";

/**
 * PUT /api/courses/{id}/lessons/{lessonId}/progress. Writes the lesson's progress, the enrollment's last
 * lesson and its recomputed percentage/completion in one transaction, so they never disagree.
 */
export async function recordLessonProgress(
  ctx: TenantContext,
  courseId: string,
  lessonId: string,
  input: LessonProgressInput,
): Promise<{ lesson: LessonProgressJson; enrollment: EnrollmentJson }> {
  const access = await requireContentViewer(ctx, courseId);
  const { organizationId } = access;
  // A lesson that is not in this course is a 404 for everyone, before any rule about who may record.
  const lesson = await findLesson(db(), organizationId, courseId, lessonId);
  const enrollmentId = activeEnrollmentId(access);
  if (lesson.kind === "scorm")
    throw new AppError("BAD_REQUEST", "SCORM lessons record their progress through the SCORM player");

  return db().$transaction(async (tx) => {
    await lockEnrollments(tx, organizationId, [enrollmentId]);
    const current = await tx.lessonProgress.findUnique({
      where: { enrollmentId_lessonId: { enrollmentId, lessonId } },
      select: { status: true, position: true, completedAt: true },
    });
    const now = new Date();
    const next = nextLessonProgress(current, lesson, input, now);
    const data = { status: next.status, position: next.position, completedAt: next.completedAt };
    const row = await saveLessonProgress(tx, organizationId, { courseId, enrollmentId, lessonId }, data, {
      now,
      recount: true,
    });
    const enrollment = await tx.enrollment.findFirstOrThrow({
      where: { organizationId, id: enrollmentId },
      select: enrollmentSelect,
    });
    return { lesson: lessonProgressJson(row), enrollment: enrollmentJson(enrollment) };
  });
}

/** Editors may open every lesson, but progress is kept only for an enrollment that is not withdrawn. */
function activeEnrollmentId(access: CourseAccess): string {
  if (!access.enrollment || access.enrollment.status === "withdrawn") {
    throw new AppError("CONFLICT", "Progress is kept for enrolled learners only: enroll in this course first");
  }
  return access.enrollment.id;
}

/** How stale the "continue here" mark may be before the same lesson's next visit writes it again. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Opening a lesson moves the enrollment's "continue here" mark (no-op for editors who are not enrolled).
 * Lesson links are not prefetched, so only a real visit gets here. Visits to the lesson the mark already
 * names write again only once it is a minute old: a reload or a second tab then costs no write, and no
 * wait on the enrollment's row lock behind the other tab's write.
 */
export async function touchLesson(access: CourseAccess, lessonId: string): Promise<void> {
  if (!access.enrollment || access.enrollment.status === "withdrawn") return;
  const now = new Date();
  await db().enrollment.updateMany({
    where: {
      organizationId: access.organizationId,
      id: access.enrollment.id,
      OR: [
        { lastLessonId: null },
        { lastLessonId: { not: lessonId } },
        { lastAccessedAt: null },
        { lastAccessedAt: { lt: new Date(now.getTime() - TOUCH_INTERVAL_MS) } },
      ],
    },
    data: { lastLessonId: lessonId, lastAccessedAt: now },
  });
}
