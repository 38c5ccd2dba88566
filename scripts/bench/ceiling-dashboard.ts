import type pg from "pg";
import { courseSummaryJson, iso, loadCategories, loadCounts, type Caller, type Categories, type CourseSummaryRow } from "./ceiling-handlers";
import { query } from "./ceiling-query";
import { courseSummariesOf, DASHBOARD_COMPLETED, DASHBOARD_COURSES, lessonsById } from "./ceiling-sql";

// The ceiling's GET /api/dashboard: lib/server/enrollments/dashboard.ts statement for statement (two
// enrollment lists side by side, each followed by its courses and their categories, then the lessons to
// continue from) and its JSON.

const MAX_COURSES = 50;
const RECENTLY_COMPLETED = 6;

interface EnrollmentRow {
  id: string;
  courseId: string;
  userId: string;
  status: string;
  source: string;
  progressPercent: number;
  enrolledAt: Date;
  completedAt: Date | null;
  withdrawnAt: Date | null;
  lastAccessedAt: Date | null;
  lastLessonId: string | null;
  organizationId: string;
}

function cardJson(e: EnrollmentRow, course: ReturnType<typeof courseSummaryJson>) {
  return {
    id: e.id,
    course_id: e.courseId,
    user_id: e.userId,
    status: e.status,
    source: e.source,
    progress_percent: e.progressPercent,
    enrolled_at: e.enrolledAt.toISOString(),
    completed_at: iso(e.completedAt),
    withdrawn_at: iso(e.withdrawnAt),
    last_accessed_at: iso(e.lastAccessedAt),
    last_lesson_id: e.lastLessonId,
    course,
  };
}

/** One enrollment list with its courses (Prisma: the list, then the relation, then the relation's relation). */
async function enrollmentList(pool: pg.Pool, sql: string, values: unknown[]): Promise<{ rows: EnrollmentRow[]; courses: CourseSummaryRow[]; categories: Categories }> {
  const rows = (await query<EnrollmentRow>(pool, sql, values)).rows;
  if (rows.length === 0) return { rows, courses: [], categories: new Map() };
  const courses = (await query<CourseSummaryRow>(pool, courseSummariesOf(rows.length), [...rows.map((r) => r.courseId), ...rows.map((r) => r.organizationId), "0"])).rows;
  return { rows, courses, categories: await loadCategories(pool, courses) };
}

export async function dashboard(pool: pg.Pool, caller: Caller) {
  const mine = [caller.organizationId, caller.userId, "draft"];
  const [courses, completed] = await Promise.all([
    enrollmentList(pool, DASHBOARD_COURSES, [...mine, "active", "completed", String(MAX_COURSES), "0"]),
    enrollmentList(pool, DASHBOARD_COMPLETED, [...mine, "completed", String(RECENTLY_COMPLETED), "0"]),
  ]);
  const courseIds = [...new Set([...courses.rows, ...completed.rows].map((r) => r.courseId))];
  const [counts, next] = await Promise.all([loadCounts(pool, caller.organizationId, courseIds), continueTarget(pool, caller, courses.rows, courses.courses)]);
  const cards = (list: Awaited<ReturnType<typeof enrollmentList>>) => {
    const byId = new Map(list.courses.map((c) => [c.id, courseSummaryJson(c, list.categories, counts)]));
    return list.rows.map((r) => cardJson(r, byId.get(r.courseId)!));
  };
  return { courses: cards(courses), continue: next, recently_completed: cards(completed) };
}

async function continueTarget(pool: pg.Pool, caller: Caller, rows: EnrollmentRow[], courses: CourseSummaryRow[]) {
  const candidates = rows.filter((row) => row.status === "active" && row.lastLessonId !== null && row.lastAccessedAt !== null);
  if (candidates.length === 0) return null;
  const lessons = (await query<{ id: string; courseId: string; moduleId: string; title: string }>(pool, lessonsById(candidates.length), [caller.organizationId, ...candidates.map((row) => row.lastLessonId), "0"])).rows;
  for (const row of candidates) {
    const lesson = lessons.find((l) => l.id === row.lastLessonId && l.courseId === row.courseId);
    const course = courses.find((c) => c.id === row.courseId);
    if (lesson && course) return { course_id: course.id, course_title: course.title, module_id: lesson.moduleId, lesson_id: lesson.id, lesson_title: lesson.title };
  }
  return null;
}
