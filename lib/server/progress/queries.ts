import "server-only";
import { db } from "@/lib/db";
import { loadCourseAccess } from "@/lib/server/courses/access";
import { enrollmentJson, enrollmentSelect, type EnrollmentJson } from "@/lib/server/enrollments/json";
import { lessonProgressJson, lessonProgressSelect, type LessonProgressJson } from "@/lib/server/progress/json";
import type { TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

export interface CourseProgressJson {
  enrollment: EnrollmentJson | null;
  lessons: LessonProgressJson[];
}

/** GET /api/courses/{id}/progress: the caller's own enrollment and lesson progress (empty when not enrolled). */
export async function getCourseProgress(ctx: TenantContext, courseId: string): Promise<CourseProgressJson> {
  // One's own learning: a person's, never an API key's (it acts with its creator's id).
  requirePermission(ctx, "courses:enroll:self");
  const access = await loadCourseAccess(ctx, courseId);
  if (!access.enrollment) return { enrollment: null, lessons: [] };
  const { organizationId } = access;
  const [enrollment, lessons] = await Promise.all([
    db().enrollment.findFirstOrThrow({ where: { organizationId, id: access.enrollment.id }, select: enrollmentSelect }),
    db().lessonProgress.findMany({
      where: { organizationId, enrollmentId: access.enrollment.id },
      select: lessonProgressSelect,
      orderBy: { startedAt: "asc" },
    }),
  ]);
  return { enrollment: enrollmentJson(enrollment), lessons: lessons.map(lessonProgressJson) };
}
