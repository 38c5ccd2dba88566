import type pg from "pg";
import type { Role } from "@/lib/routes";
import { courseListStatement, courseSummaryRow, type CourseListRow } from "@/lib/server/courses/course-list-sql";
import { courseSummaryJson } from "@/lib/server/courses/json";
import { COURSE_ACCESS_SQL, OUTLINE_LESSONS, OUTLINE_MODULES } from "./ceiling-sql";
import { query } from "./ceiling-query";

// The ceiling's answers: the app's statements in the app's order (Promise.all where the app runs queries
// side by side), and the app's JSON: by hand where Prisma maps the rows, with the app's own plain mapping
// functions where the app reads raw rows too.

export interface Caller {
  organizationId: string;
  userId: string;
  role: Role;
  canEditAny: boolean;
  canEditOwn: boolean;
}

/** GET /api/courses?q=…: the published catalog of the caller's organization (a learner's view), in the app's one statement. */
export async function catalogPage(pool: pg.Pool, caller: Caller, term: string, page: number, pageSize: number) {
  const ctx = { organizationId: caller.organizationId, subdomain: null, userId: caller.userId, role: caller.role };
  const statement = courseListStatement(caller.organizationId, ctx, { q: term, page, page_size: pageSize });
  const { rows } = await query<CourseListRow>(pool, statement.text, statement.values);
  return { items: rows.map((row) => courseSummaryJson(courseSummaryRow(row))), page, page_size: pageSize, total: rows[0]?.total ?? 0 };
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
