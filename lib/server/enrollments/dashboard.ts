import "server-only";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { EnrollmentSource, EnrollmentStatus } from "@/lib/generated/prisma/enums";
import { courseSummaryJson, type CourseSummaryRow } from "@/lib/server/courses/json";
import { enrollmentJson, type EnrollmentRow } from "@/lib/server/enrollments/json";
import { scorePercent } from "@/lib/server/progress/json";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

// The learner's dashboard as GET /api/dashboard answers it: their courses (active and completed, most
// recently used first: finishing a course does not make it disappear from the list), where to continue
// (active courses only), and what was completed lately. Courses sent back to draft are left out: their
// pages are closed to learners. The dashboard page (dashboard-page.ts) pages the active ones instead.

export const RECENTLY_COMPLETED = 6;
export const MAX_COURSES = 50;

/**
 * The learner's enrollments in courses open to them (the CTE `mine` of the dashboard's statements), each
 * ranked three ways: by last use, by last use among those of its status ("My courses" in pages), and by
 * completion among those of its status ("Recently completed").
 */
export const dashboardMineSql = (
  organizationId: string,
  userId: string,
) => Prisma.sql`SELECT e."id", e."courseId", e."userId", e."status"::text AS "status", e."source"::text AS "source", e."progressPercent",
    e."enrolledAt", e."completedAt", e."withdrawnAt", e."lastAccessedAt", e."lastLessonId", e."organizationId",
    c."title", c."status"::text AS "courseStatus", c."thumbnailUrl", c."updatedAt", c."publishedAt", c."categoryId",
    c."moduleCount", c."lessonCount", c."enrollmentCount",
    row_number() OVER (ORDER BY e."lastAccessedAt" DESC NULLS LAST, e."enrolledAt" DESC, e."id")::int AS "recentRank",
    row_number() OVER (PARTITION BY e."status" ORDER BY e."lastAccessedAt" DESC NULLS LAST, e."enrolledAt" DESC, e."id")::int AS "recentRankInStatus",
    row_number() OVER (PARTITION BY e."status" ORDER BY e."completedAt" DESC NULLS LAST, e."id")::int AS "statusRank"
  FROM "Enrollment" e
  JOIN "Course" c ON c."organizationId" = e."organizationId" AND c."id" = e."courseId"
  WHERE e."organizationId" = ${organizationId}::uuid AND e."userId" = ${userId}::uuid AND e."status" IN ('active', 'completed') AND c."status" <> 'draft'`;

/** The rows of `mine` that `keep` selects, each with its category, last lesson and average score. */
export const dashboardRowsSql = (
  keep: Prisma.Sql,
) => Prisma.sql`SELECT m.*, cat."name" AS "categoryName", l."moduleId" AS "lastModuleId", l."title" AS "lastLessonTitle",
  (SELECT avg(lp."scoreScaled") FROM "LessonProgress" lp WHERE lp."enrollmentId" = m."id" AND lp."scoreScaled" IS NOT NULL) AS "scoreScaled"
FROM mine m
LEFT JOIN "Category" cat ON cat."organizationId" = m."organizationId" AND cat."id" = m."categoryId"
LEFT JOIN "Lesson" l ON l."organizationId" = m."organizationId" AND l."id" = m."lastLessonId" AND l."courseId" = m."courseId"
WHERE ${keep}`;

/** Recent completions, kept by every dashboard statement. */
export const recentlyCompletedSql = Prisma.sql`(m."status" = 'completed' AND m."statusRank" <= ${RECENTLY_COMPLETED})`;

/**
 * The whole dashboard in one statement (GET /api/dashboard): the MAX_COURSES most recently used courses
 * and the recent completions. Exported so the benchmark's ceiling server sends exactly this statement.
 */
export const dashboardSql = (
  organizationId: string,
  userId: string,
) => Prisma.sql`WITH mine AS (${dashboardMineSql(organizationId, userId)})
${dashboardRowsSql(Prisma.sql`m."recentRank" <= ${MAX_COURSES} OR ${recentlyCompletedSql}`)}
ORDER BY m."recentRank"`;

export interface DashboardRow extends EnrollmentRow {
  title: string;
  courseStatus: CourseSummaryRow["status"];
  thumbnailUrl: string | null;
  updatedAt: Date;
  publishedAt: Date | null;
  categoryId: string | null;
  categoryName: string | null;
  moduleCount: number;
  lessonCount: number;
  enrollmentCount: number;
  recentRank: number;
  recentRankInStatus: number;
  statusRank: number;
  lastModuleId: string | null;
  lastLessonTitle: string | null;
  scoreScaled: number | null;
}

export function dashboardCourseJson(row: DashboardRow) {
  const enrollment: EnrollmentRow = {
    id: row.id,
    courseId: row.courseId,
    userId: row.userId,
    status: row.status as EnrollmentStatus,
    source: row.source as EnrollmentSource,
    progressPercent: row.progressPercent,
    enrolledAt: row.enrolledAt,
    completedAt: row.completedAt,
    withdrawnAt: row.withdrawnAt,
    lastAccessedAt: row.lastAccessedAt,
    lastLessonId: row.lastLessonId,
  };
  const course: CourseSummaryRow = {
    id: row.courseId,
    title: row.title,
    status: row.courseStatus,
    thumbnailUrl: row.thumbnailUrl,
    updatedAt: row.updatedAt,
    publishedAt: row.publishedAt,
    moduleCount: row.moduleCount,
    lessonCount: row.lessonCount,
    enrollmentCount: row.enrollmentCount,
    category: row.categoryId && row.categoryName !== null ? { id: row.categoryId, name: row.categoryName } : null,
  };
  return {
    ...enrollmentJson(enrollment),
    course: courseSummaryJson(course),
    score_percent: scorePercent(row.scoreScaled),
  };
}
export type DashboardCourseJson = ReturnType<typeof dashboardCourseJson>;

export interface ContinueJson {
  course_id: string;
  course_title: string;
  module_id: string;
  lesson_id: string;
  lesson_title: string;
}

export interface DashboardJson {
  courses: DashboardCourseJson[];
  continue: ContinueJson | null;
  recently_completed: DashboardCourseJson[];
}

/** Rows in "My courses" order; shared with the benchmark's ceiling, which must answer the same JSON. */
export function dashboardJson(rows: DashboardRow[]): DashboardJson {
  const courses = rows.filter((r) => r.recentRank <= MAX_COURSES);
  return {
    courses: courses.map(dashboardCourseJson),
    continue: continueTarget(courses),
    recently_completed: recentlyCompleted(rows).map(dashboardCourseJson),
  };
}

/** The rows of recent completions, the latest first. */
export function recentlyCompleted(rows: DashboardRow[]): DashboardRow[] {
  return rows
    .filter((r) => r.status === "completed" && r.statusRank <= RECENTLY_COMPLETED)
    .sort((a, b) => a.statusRank - b.statusRank);
}

/** The most recently used active course whose last lesson still exists (lessons can be deleted meanwhile). */
export function continueTarget(rows: DashboardRow[]): ContinueJson | null {
  const row = rows.find(
    (r) =>
      r.status === "active" &&
      r.lastAccessedAt !== null &&
      r.lastLessonId !== null &&
      r.lastModuleId !== null &&
      r.lastLessonTitle !== null,
  );
  if (!row) return null;
  return {
    course_id: row.courseId,
    course_title: row.title,
    module_id: row.lastModuleId!,
    lesson_id: row.lastLessonId!,
    lesson_title: row.lastLessonTitle!,
  };
}

/** The caller's own learning: a person's (an API key acting with its creator's id has no learning of its own). */
export async function getDashboard(ctx: TenantContext): Promise<DashboardJson> {
  requirePermission(ctx, "courses:enroll:self");
  const rows = await queryRows<DashboardRow>(dashboardSql(tenantId(ctx), ctx.userId));
  return dashboardJson(rows);
}
