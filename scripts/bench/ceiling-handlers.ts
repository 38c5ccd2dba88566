import type pg from "pg";
import type { Role } from "@/lib/routes";
import {
  CATALOG_PAGE,
  CATALOG_TOTAL,
  categoriesOf,
  COURSE_ACCESS_SQL,
  OUTLINE_LESSONS,
  OUTLINE_MODULES,
} from "./ceiling-sql";
import { query } from "./ceiling-query";

// The ceiling's three answers: the app's statements in the app's order (Promise.all where the app
// runs queries side by side), and the app's JSON (lib/server/courses/json.ts) built by hand.

export interface Caller {
  organizationId: string;
  userId: string;
  role: Role;
  canEditAny: boolean;
  canEditOwn: boolean;
}

export const iso = (date: Date | null) => date?.toISOString() ?? null;

export interface CourseSummaryRow {
  id: string;
  title: string;
  status: string;
  thumbnailUrl: string | null;
  updatedAt: Date;
  publishedAt: Date | null;
  moduleCount: number;
  lessonCount: number;
  enrollmentCount: number;
  organizationId: string;
  categoryId: string | null;
}

export type Categories = Map<string, { id: string; name: string }>;

/** The rows' categories: Prisma's follow-up statement for the `category` relation. */
export async function loadCategories(pool: pg.Pool, rows: CourseSummaryRow[]): Promise<Categories> {
  if (rows.length === 0) return new Map();
  const found = await query<{ id: string; name: string }>(pool, categoriesOf(rows.length), [...rows.map((r) => r.categoryId), ...rows.map((r) => r.organizationId), "0"]);
  return new Map(found.rows.map((c) => [c.id, { id: c.id, name: c.name }]));
}

/** lib/server/courses/json.ts courseSummaryJson. */
export function courseSummaryJson(course: CourseSummaryRow, categories: Categories) {
  return {
    id: course.id,
    title: course.title,
    status: course.status,
    thumbnail_url: course.thumbnailUrl ?? `/api/courses/${course.id}/placeholder`,
    has_thumbnail: course.thumbnailUrl !== null,
    category: (course.categoryId && categories.get(course.categoryId)) ?? null,
    module_count: course.moduleCount,
    lesson_count: course.lessonCount,
    enrollment_count: course.enrollmentCount,
    updated_at: course.updatedAt.toISOString(),
    published_at: iso(course.publishedAt),
  };
}

/** GET /api/courses?q=…: the published catalog of the caller's organization (a learner's view). */
export async function catalogPage(pool: pg.Pool, caller: Caller, term: string, page: number, pageSize: number) {
  const where = [caller.organizationId, "published", term, term];
  const loadPage = async () => {
    const rows = (await query<CourseSummaryRow>(pool, CATALOG_PAGE, [...where, String(pageSize), String((page - 1) * pageSize)])).rows;
    return { rows, categories: await loadCategories(pool, rows) };
  };
  const [{ rows, categories }, total] = await Promise.all([loadPage(), query<{ "_count$_all": string }>(pool, CATALOG_TOTAL, [...where, "0"])]);
  return { items: rows.map((course) => courseSummaryJson(course, categories)), page, page_size: pageSize, total: Number(total.rows[0]!["_count$_all"]) };
}

interface ModuleRow {
  id: string;
  courseId: string;
  title: string;
  description: string;
  position: number;
}

interface LessonRow {
  id: string;
  moduleId: string;
  title: string;
  kind: string;
  position: number;
  isRequired: boolean;
  durationSeconds: number | null;
}

/** GET /api/courses/{id}/outline: the course access check in one statement, then modules and lessons side by side. */
export async function courseOutline(pool: pg.Pool, caller: Caller, courseId: string) {
  const { organizationId, userId } = caller;
  const course = (await query<{ status: string; teaches: boolean }>(pool, COURSE_ACCESS_SQL, [courseId, organizationId, userId])).rows[0];
  if (!course) return null;
  const canEdit = caller.canEditAny || (caller.canEditOwn && course.teaches);
  if (!canEdit && course.status === "draft") return null;

  const [modules, lessons] = await Promise.all([
    query<ModuleRow>(pool, OUTLINE_MODULES, [organizationId, courseId, "0"]).then((r) => r.rows),
    query<LessonRow>(pool, OUTLINE_LESSONS, [organizationId, courseId, "0"]).then((r) => r.rows),
  ]);
  return {
    course_id: courseId,
    modules: modules.map((m) => ({
      id: m.id,
      course_id: m.courseId,
      title: m.title,
      description: m.description,
      position: m.position,
      lessons: lessons
        .filter((l) => l.moduleId === m.id)
        .map((l) => ({ id: l.id, module_id: l.moduleId, title: l.title, kind: l.kind, position: l.position, is_required: l.isRequired, duration_seconds: l.durationSeconds })),
    })),
  };
}
