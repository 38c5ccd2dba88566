import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isId } from "@/lib/schemas/id";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { can, requirePermission } from "@/lib/tenancy/permissions";

// Who manages which group (docs/permissions.md "Groups"): the organization's administrators (and the
// superadmin) every group (groups:manage:any); an instructor the groups they created and those assigned
// to a course they teach. Other groups do not exist for an instructor (404), like another organization's.

/** The groups the caller manages, as a filter every group query starts from. */
export function managedGroupsWhere(ctx: TenantContext): Prisma.GroupWhereInput {
  requirePermission(ctx, "groups:manage");
  const organizationId = tenantId(ctx);
  if (can(ctx, "groups:manage:any")) return { organizationId };
  return {
    organizationId,
    OR: [
      { createdById: ctx.userId },
      { courses: { some: { course: { instructors: { some: { userId: ctx.userId } } } } } },
    ],
  };
}

/** A group the caller manages, or a 404. */
export async function requireManagedGroup(
  ctx: TenantContext,
  groupId: string,
): Promise<{ id: string; organizationId: string; name: string }> {
  const where = managedGroupsWhere(ctx);
  if (!isId(groupId)) throw new AppError("NOT_FOUND", "Group not found");
  const group = await db().group.findFirst({
    where: { AND: [where, { id: groupId }] },
    select: { id: true, organizationId: true, name: true },
  });
  if (!group) throw new AppError("NOT_FOUND", "Group not found");
  return group;
}
