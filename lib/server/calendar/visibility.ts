import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

// What a person's calendar holds (docs/permissions.md "Calendar"): the organization's own events, those
// of the courses they take (not withdrawn, not a draft) or teach, of the groups they belong to, and the
// ones they made; and the dates of those courses. The /calendar page, GET /api/calendar and the iCal
// feed all read these two filters, so they always agree.

/** The courses on a person's calendar: those they take (not withdrawn, not a draft) and those they teach. */
function calendarCourses(userId: string): Prisma.CourseWhereInput[] {
  return [
    { status: { not: "draft" }, enrollments: { some: { userId, status: { not: "withdrawn" } } } },
    { instructors: { some: { userId } } },
  ];
}

export function visibleEventsWhere(ctx: TenantContext): Prisma.EventWhereInput {
  requirePermission(ctx, "calendar:read");
  const userId = ctx.userId;
  return {
    organizationId: tenantId(ctx),
    OR: [
      { courseId: null, groupId: null },
      ...calendarCourses(userId).map((course) => ({ course })),
      { group: { members: { some: { userId } } } },
      { createdById: userId },
    ],
  };
}

export function visibleCoursesWhere(ctx: TenantContext): Prisma.CourseWhereInput {
  requirePermission(ctx, "calendar:read");
  return { organizationId: tenantId(ctx), OR: calendarCourses(ctx.userId) };
}
