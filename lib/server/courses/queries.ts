import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ListCoursesQuery } from "@/lib/schemas/course";
import type { Page } from "@/lib/schemas/pagination";
import { loadCourseAccess } from "@/lib/server/courses/access";
import { courseCountStatement, courseListStatement, courseSummaryRow, type CourseListRow } from "@/lib/server/courses/course-list-sql";
import {
  courseDetailSelect,
  courseJson,
  courseSummaryJson,
  moduleSelect,
  outlineJson,
  outlineLessonSelect,
  type CourseJson,
  type CourseSummaryJson,
  type OutlineJson,
} from "@/lib/server/courses/json";
import type { TenantContext } from "@/lib/tenancy/context";

/**
 * GET /api/courses and the catalog pages. Anonymous visitors and learners see the organization's published
 * catalog; staff see the courses they may edit unless they ask for the catalog view.
 */
export async function listCourses(organizationId: string, ctx: TenantContext | null, query: ListCoursesQuery): Promise<Page<CourseSummaryJson>> {
  const rows = await db().$queryRaw<CourseListRow[]>(courseListStatement(organizationId, ctx, query));
  const total = rows[0]?.total ?? (query.page > 1 ? (await db().$queryRaw<{ total: number }[]>(courseCountStatement(organizationId, ctx, query)))[0]!.total : 0);
  return { items: rows.map((row) => courseSummaryJson(courseSummaryRow(row))), page: query.page, page_size: query.page_size, total };
}

/** One course with the caller's standing in it (drafts are visible to its editors only). */
export async function getCourse(ctx: TenantContext, courseId: string): Promise<CourseJson> {
  const access = await loadCourseAccess(ctx, courseId);
  const course = await db().course.findFirst({ where: { id: courseId, organizationId: access.organizationId }, select: courseDetailSelect });
  if (!course) throw new AppError("NOT_FOUND", "Course not found");
  return courseJson(course, access);
}

/** Modules and lessons in order. Anyone who may see the course may see its outline (not the lessons' content). */
export async function getOutline(ctx: TenantContext, courseId: string): Promise<OutlineJson> {
  const access = await loadCourseAccess(ctx, courseId);
  return readOutline(access.organizationId, courseId);
}

export async function readOutline(organizationId: string, courseId: string, client: Prisma.TransactionClient = db()): Promise<OutlineJson> {
  // Two flat reads by course (one index equality each) rather than Prisma's nested IN lists.
  const [modules, lessons] = await Promise.all([
    client.module.findMany({ where: { organizationId, courseId }, orderBy: [{ position: "asc" }, { id: "asc" }], select: moduleSelect }),
    client.lesson.findMany({ where: { organizationId, courseId }, orderBy: [{ position: "asc" }, { id: "asc" }], select: outlineLessonSelect }),
  ]);
  return outlineJson(courseId, modules.map((m) => ({ ...m, lessons: lessons.filter((l) => l.moduleId === m.id) })));
}
