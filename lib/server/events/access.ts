import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isId } from "@/lib/schemas/id";
import { loadCourseAccess } from "@/lib/server/courses/access";
import { managedGroupsWhere, requireManagedGroup } from "@/lib/server/groups/access";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { can, requirePermission } from "@/lib/tenancy/permissions";

// Who manages which event (docs/permissions.md "Events"): the organization's administrators every event;
// an instructor the events of the courses they teach and of the groups they manage. Others' events do
// not exist for an instructor (404), like another organization's.

export interface Audience {
  courseId: string | null;
  groupId: string | null;
}

const managesEveryEvent = (ctx: TenantContext) => can(ctx, "events:manage:any");

/** The events the caller manages, as a filter every event query starts from. */
export function managedEventsWhere(ctx: TenantContext): Prisma.EventWhereInput {
  requirePermission(ctx, "events:manage");
  const organizationId = tenantId(ctx);
  if (managesEveryEvent(ctx)) return { organizationId };
  return {
    organizationId,
    OR: [{ course: { instructors: { some: { userId: ctx.userId } } } }, { group: managedGroupsWhere(ctx) }],
  };
}

/** An event the caller manages, or a 404. */
export async function requireManagedEvent(ctx: TenantContext, eventId: string) {
  const where = managedEventsWhere(ctx);
  if (!isId(eventId)) throw new AppError("NOT_FOUND", "Event not found");
  const event = await db().event.findFirst({
    where: { AND: [where, { id: eventId }] },
    select: { id: true, organizationId: true },
  });
  if (!event) throw new AppError("NOT_FOUND", "Event not found");
  return event;
}

/**
 * The caller may hold events for this audience: the whole organization (administrators), a course they
 * teach, or a group they manage. Another organization's course or group is a 404.
 */
export async function requireAudience(ctx: TenantContext, audience: Audience): Promise<void> {
  requirePermission(ctx, "events:manage");
  if (audience.courseId) {
    const course = await loadCourseAccess(ctx, audience.courseId);
    if (!course.canEdit)
      throw new AppError("FORBIDDEN", "You can only create events for courses you teach", {
        fieldErrors: { course_id: ["You do not teach this course"] },
      });
  } else if (audience.groupId) {
    await requireManagedGroup(ctx, audience.groupId);
  } else {
    requirePermission(
      ctx,
      "events:manage:any",
      "Only administrators can create events for the whole organization: choose a course or a group",
      { fieldErrors: { course_id: ["Choose a course you teach or a group you manage"] } },
    );
  }
}
