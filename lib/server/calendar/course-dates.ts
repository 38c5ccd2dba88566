import "server-only";
import { db } from "@/lib/db";
import { formatDate } from "@/lib/calendar/dates";
import type { Prisma } from "@/lib/generated/prisma/client";
import { visibleCoursesWhere } from "@/lib/server/calendar/visibility";
import type { TenantContext } from "@/lib/tenancy/context";

// A course's start, end and due dates as all-day calendar entries.

export type CourseDateKind = "course_start" | "course_end" | "course_due";

export interface CourseDate {
  kind: CourseDateKind;
  courseId: string;
  courseTitle: string;
  /** Midnight UTC of the day. */
  date: Date;
}

const LABELS: Record<CourseDateKind, string> = {
  course_start: "Course starts",
  course_end: "Course ends",
  course_due: "Due",
};

export const courseDateTitle = (d: CourseDate) => `${LABELS[d.kind]}: ${d.courseTitle}`;
export const courseDateId = (d: CourseDate) => `${d.courseId}:${d.kind}:${formatDate(d.date)}`;

/** The dates of the caller's courses that fall on days in [from, to) (midnight UTC; no bound when omitted). */
export async function listCourseDates(
  ctx: TenantContext,
  window: { from?: Date; to?: Date } = {},
): Promise<CourseDate[]> {
  const within: Prisma.DateTimeNullableFilter = {
    not: null,
    ...(window.from ? { gte: window.from } : {}),
    ...(window.to ? { lt: window.to } : {}),
  };
  const courses = await db().course.findMany({
    where: { AND: [visibleCoursesWhere(ctx), { OR: [{ startsOn: within }, { endsOn: within }, { dueOn: within }] }] },
    select: { id: true, title: true, startsOn: true, endsOn: true, dueOn: true },
    orderBy: { id: "asc" },
  });
  const inWindow = (date: Date | null): date is Date =>
    date !== null && (!window.from || date >= window.from) && (!window.to || date < window.to);
  return courses.flatMap((course) =>
    (
      [
        ["course_start", course.startsOn],
        ["course_end", course.endsOn],
        ["course_due", course.dueOn],
      ] as const
    )
      .filter(([, date]) => inWindow(date))
      .map(([kind, date]) => ({ kind, courseId: course.id, courseTitle: course.title, date: date! })),
  );
}
