import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { countCourseContents, countsOf, type CourseCounts } from "@/lib/server/courses/counts";
import { courseSummaryJson, courseSummarySelect } from "@/lib/server/courses/json";
import { enrollmentJson, enrollmentSelect } from "@/lib/server/enrollments/json";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";

// The learner's dashboard: their courses (active and completed, most recently used first: finishing a
// course does not make it disappear from "My courses"), where to continue (active courses only), and what
// was completed lately. Courses sent back to draft are left out: their pages are closed to learners.

const RECENTLY_COMPLETED = 6;
const MAX_COURSES = 50;

const dashboardEnrollmentSelect = { ...enrollmentSelect, course: { select: courseSummarySelect } } satisfies Prisma.EnrollmentSelect;
type DashboardEnrollmentRow = Prisma.EnrollmentGetPayload<{ select: typeof dashboardEnrollmentSelect }>;

function dashboardCourseJson({ course, ...enrollment }: DashboardEnrollmentRow, counts: CourseCounts) {
  return { ...enrollmentJson(enrollment), course: courseSummaryJson(course, counts) };
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

export async function getDashboard(ctx: TenantContext): Promise<DashboardJson> {
  const organizationId = tenantId(ctx);
  const mine = { organizationId, userId: ctx.userId, course: { status: { not: "draft" } } } satisfies Prisma.EnrollmentWhereInput;
  const [courses, completed] = await Promise.all([
    db().enrollment.findMany({
      where: { ...mine, status: { in: ["active", "completed"] } },
      select: dashboardEnrollmentSelect,
      orderBy: [{ lastAccessedAt: { sort: "desc", nulls: "last" } }, { enrolledAt: "desc" }, { id: "asc" }],
      take: MAX_COURSES,
    }),
    db().enrollment.findMany({
      where: { ...mine, status: "completed" },
      select: dashboardEnrollmentSelect,
      orderBy: [{ completedAt: { sort: "desc", nulls: "last" } }, { id: "asc" }],
      take: RECENTLY_COMPLETED,
    }),
  ]);
  const active = courses.filter((e) => e.status === "active");
  const [counts, continueWith] = await Promise.all([
    countCourseContents(organizationId, [...new Set([...courses, ...completed].map((e) => e.courseId))]),
    continueTarget(organizationId, active),
  ]);
  const json = (e: DashboardEnrollmentRow) => dashboardCourseJson(e, countsOf(counts, e.courseId));
  return { courses: courses.map(json), continue: continueWith, recently_completed: completed.map(json) };
}

/** The most recently used course whose last lesson still exists (lessons can be deleted meanwhile). */
async function continueTarget(organizationId: string, active: DashboardEnrollmentRow[]): Promise<ContinueJson | null> {
  const candidates = active.filter((e) => e.lastLessonId !== null && e.lastAccessedAt !== null);
  if (candidates.length === 0) return null;
  const lessons = await db().lesson.findMany({
    where: { organizationId, id: { in: candidates.map((e) => e.lastLessonId!) } },
    select: { id: true, courseId: true, moduleId: true, title: true },
  });
  for (const enrollment of candidates) {
    const lesson = lessons.find((l) => l.id === enrollment.lastLessonId && l.courseId === enrollment.courseId);
    if (lesson) return { course_id: enrollment.course.id, course_title: enrollment.course.title, module_id: lesson.moduleId, lesson_id: lesson.id, lesson_title: lesson.title };
  }
  return null;
}
