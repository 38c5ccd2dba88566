import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

// What a person's calendar holds (docs/permissions.md "Calendar"): the organization's own events, those
// of the courses they take (not withdrawn, not a draft) or teach, of the groups they belong to, and the
// ones they made; and the dates of those courses. The /calendar page, GET /api/calendar and the iCal
// feed all read these two filters, so they always agree.

export function visibleEventsWhere(ctx: TenantContext): Prisma.EventWhereInput {
  requirePermission(ctx, "calendar:read");
  const organizationId = tenantId(ctx);
  const userId = ctx.userId;
  return {
    organizationId,
    OR: [
      { courseId: null, groupId: null },
      { course: { status: { not: "draft" }, enrollments: { some: { userId, status: { not: "withdrawn" } } } } },
      { course: { instructors: { some: { userId } } } },
      { group: { members: { some: { userId } } } },
      { createdById: userId },
    ],
  };
}

export function visibleCoursesWhere(ctx: TenantContext): Prisma.CourseWhereInput {
  requirePermission(ctx, "calendar:read");
  const organizationId = tenantId(ctx);
  const userId = ctx.userId;
  return {
    organizationId,
    OR: [
      { status: { not: "draft" }, enrollments: { some: { userId, status: { not: "withdrawn" } } } },
      { instructors: { some: { userId } } },
    ],
  };
}
