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
import { requirePermission } from "@/lib/tenancy/permissions";

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
  // One's own learning: a person's, never an API key's (it acts with its creator's id).
  requirePermission(ctx, "courses:enroll:self");
  const access = await requireContentViewer(ctx, courseId);
  const { organizationId } = access;
  // A lesson that is not in this course is a 404 for everyone, before any rule about who may record.
  const lesson = await findLesson(db(), organizationId, courseId, lessonId);
  const enrollmentId = activeEnrollmentId(access);
  if (lesson.kind === "scorm")
    throw new AppError("BAD_REQUEST", "SCORM lessons record their progress through the SCORM player");
  if (lesson.kind === "cmi5")
    throw new AppError("BAD_REQUEST", "cmi5 lessons record their progress through their AUs' statements");
  if (lesson.kind === "quiz")
    throw new AppError("BAD_REQUEST", "Quiz lessons record their progress through their attempts");

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
