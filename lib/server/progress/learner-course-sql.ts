import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { CourseAccess, CourseAccessRow } from "@/lib/server/courses/access";
import { enrollmentJson, type EnrollmentJson, type EnrollmentRow } from "@/lib/server/enrollments/json";
import type { LessonProgressRow } from "@/lib/server/progress/json";
import { lessonResult, type OutlineModuleState } from "@/lib/server/progress/player";
import type { LessonKind } from "@/lib/server/progress/rules";

// What the course page's and the lesson page's statements both read, over "Course" c and the caller's
// "Enrollment" e (courseAccessColumns, enrollmentJoinSql): the enrollment as the pages show it, and the
// outline with the caller's marks, which the two pages would otherwise read in four more statements.

/** The enrollment's columns besides those of the access check. */
export const enrollmentColumns = Prisma.sql`e."courseId" AS "enrollmentCourseId", e."userId" AS "enrollmentUserId",
  e."source"::text AS "enrollmentSource", e."enrolledAt", e."withdrawnAt", e."lastAccessedAt", e."lastLessonId"`;

export interface EnrollmentColumnsRow extends CourseAccessRow {
  enrollmentCourseId: string | null;
  enrollmentUserId: string | null;
  enrollmentSource: EnrollmentRow["source"] | null;
  enrolledAt: Date | null;
  withdrawnAt: Date | null;
  lastAccessedAt: Date | null;
  lastLessonId: string | null;
}

/** The caller's enrollment in any state (withdrawn included), or null. */
export function enrollmentOf(access: CourseAccess, row: EnrollmentColumnsRow): EnrollmentJson | null {
  if (!access.enrollment) return null;
  return enrollmentJson({
    id: access.enrollment.id,
    courseId: row.enrollmentCourseId!,
    userId: row.enrollmentUserId!,
    status: access.enrollment.status,
    source: row.enrollmentSource!,
    progressPercent: access.enrollment.progressPercent,
    enrolledAt: row.enrolledAt!,
    completedAt: access.enrollment.completedAt,
    withdrawnAt: row.withdrawnAt,
    lastAccessedAt: row.lastAccessedAt,
    lastLessonId: row.lastLessonId,
  });
}

/** The modules in order, each with its lessons in order and the caller's progress in each (json). */
export const outlineProgressSql = Prisma.sql`(SELECT coalesce(json_agg(json_build_object('id', m."id", 'title', m."title", 'lessons', (
    SELECT coalesce(json_agg(json_build_object('id', l."id", 'title', l."title", 'kind', l."kind", 'isRequired', l."isRequired",
        'status', lp."status", 'successStatus', lp."successStatus", 'scoreScaled', lp."scoreScaled", 'progressMeasure', lp."progressMeasure")
      ORDER BY l."position", l."id"), '[]')
    FROM "Lesson" l
    LEFT JOIN "LessonProgress" lp ON lp."organizationId" = l."organizationId" AND lp."enrollmentId" = e."id" AND lp."lessonId" = l."id"
    WHERE l."organizationId" = m."organizationId" AND l."courseId" = m."courseId" AND l."moduleId" = m."id"))
    ORDER BY m."position", m."id"), '[]')
  FROM "Module" m WHERE m."organizationId" = c."organizationId" AND m."courseId" = c."id")`;

type ProgressMarks = Pick<LessonProgressRow, "successStatus" | "scoreScaled" | "progressMeasure">;

export interface OutlineProgressJson {
  id: string;
  title: string;
  lessons: ({ id: string; title: string; kind: LessonKind; isRequired: boolean } & ProgressMarks & {
      /** Null: no progress row (not started). */
      status: LessonProgressRow["status"] | null;
    })[];
}

export function outlineModules(modules: OutlineProgressJson[]): OutlineModuleState[] {
  return modules.map((m) => ({
    id: m.id,
    title: m.title,
    lessons: m.lessons.map(({ status, successStatus, scoreScaled, progressMeasure, ...l }) => ({
      id: l.id,
      module_id: m.id,
      title: l.title,
      kind: l.kind,
      is_required: l.isRequired,
      ...lessonResult(status === null ? undefined : { status, successStatus, scoreScaled, progressMeasure }),
    })),
  }));
}
