import "server-only";
import { db, queryRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { ListCoursesQuery } from "@/lib/schemas/courses";
import type { Page } from "@/lib/schemas/pagination";
import { loadCourseAccess } from "@/lib/server/courses/access";
import {
  courseCountStatement,
  courseListStatement,
  courseSummaryRow,
  type CourseListRow,
} from "@/lib/server/courses/course-list-sql";
import { readOutline } from "@/lib/server/courses/outline-read";
import {
  courseDetailSelect,
  courseJson,
  courseSummaryJson,
  type CourseJson,
  type CourseSummaryJson,
  type OutlineJson,
} from "@/lib/server/courses/json";
import type { RequestContext, TenantContext } from "@/lib/tenancy/context";

/**
 * GET /api/courses and the catalog pages. Anonymous visitors and learners see the organization's published
 * catalog; staff see the courses they may edit unless they ask for the catalog view.
 */
export async function listCourses(ctx: RequestContext, query: ListCoursesQuery): Promise<Page<CourseSummaryJson>> {
  const rows = await queryRows<CourseListRow>(courseListStatement(ctx, query));
  const items = rows.map((row) => courseSummaryJson(courseSummaryRow(row)));
  return {
    items,
    page: query.page,
    page_size: query.page_size,
    total: rows[0]?.total ?? (await totalPastTheEnd(ctx, query)),
  };
}

/** A page past the end has no row to carry the window count: count on its own (page 1 empty means none). */
async function totalPastTheEnd(ctx: RequestContext, query: ListCoursesQuery): Promise<number> {
  if (query.page === 1) return 0;
  const [row] = await queryRows<{ total: number }>(courseCountStatement(ctx, query));
  return row?.total ?? 0;
}

/** One course with the caller's standing in it (drafts are visible to its editors only). */
export async function getCourse(ctx: TenantContext, courseId: string): Promise<CourseJson> {
  const access = await loadCourseAccess(ctx, courseId);
  const course = await db().course.findFirst({
    where: { id: courseId, organizationId: access.organizationId },
    select: courseDetailSelect,
  });
  if (!course) throw new AppError("NOT_FOUND", "Course not found");
  return courseJson(course, access);
}

/** Modules and lessons in order. Anyone who may see the course may see its outline (not the lessons' content). */
export async function getOutline(ctx: TenantContext, courseId: string): Promise<OutlineJson> {
  const access = await loadCourseAccess(ctx, courseId);
  return readOutline(access.organizationId, courseId);
}
