import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

// Enrollments as the API and the pages see them (snake_case, named selects).

export const enrollmentSelect = {
  id: true,
  courseId: true,
  userId: true,
  status: true,
  source: true,
  progressPercent: true,
  enrolledAt: true,
  completedAt: true,
  withdrawnAt: true,
  lastAccessedAt: true,
  lastLessonId: true,
} satisfies Prisma.EnrollmentSelect;
export type EnrollmentRow = Prisma.EnrollmentGetPayload<{ select: typeof enrollmentSelect }>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function enrollmentJson(enrollment: EnrollmentRow) {
  return {
    id: enrollment.id,
    course_id: enrollment.courseId,
    user_id: enrollment.userId,
    status: enrollment.status,
    source: enrollment.source,
    progress_percent: enrollment.progressPercent,
    enrolled_at: enrollment.enrolledAt.toISOString(),
    completed_at: iso(enrollment.completedAt),
    withdrawn_at: iso(enrollment.withdrawnAt),
    last_accessed_at: iso(enrollment.lastAccessedAt),
    last_lesson_id: enrollment.lastLessonId,
  };
}
export type EnrollmentJson = ReturnType<typeof enrollmentJson>;

export const enrollmentWithUserSelect = {
  ...enrollmentSelect,
  user: { select: { id: true, firstName: true, lastName: true, email: true, username: true } },
} satisfies Prisma.EnrollmentSelect;
export type EnrollmentWithUserRow = Prisma.EnrollmentGetPayload<{ select: typeof enrollmentWithUserSelect }>;

export function enrollmentWithUserJson({ user, ...enrollment }: EnrollmentWithUserRow) {
  return {
    ...enrollmentJson(enrollment),
    user: {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      username: user.username,
    },
  };
}
export type EnrollmentWithUserJson = ReturnType<typeof enrollmentWithUserJson>;
