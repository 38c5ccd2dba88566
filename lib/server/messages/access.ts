import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isId } from "@/lib/schemas/id";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { can, requirePermission } from "@/lib/tenancy/permissions";

// Who may write to whom (docs/permissions.md "Messages"). Everything stays inside the caller's
// organization. Staff (instructors, org admins, admins: messages:write:any) may start a conversation with
// anyone of it and with any of its groups; a learner with the instructors of the courses they are enrolled in, with the
// members of their groups, and with those groups as a whole. Replies go to a conversation's
// participants, whoever started it. A conversation is seen by its participants only.

export function writesToEveryone(ctx: TenantContext): boolean {
  return can(ctx, "messages:write:any");
}

/** The people the caller may start a conversation with: active, of the organization, never the caller. */
export function addressableUsersWhere(ctx: TenantContext): Prisma.UserWhereInput {
  requirePermission(ctx, "messages:use");
  const organizationId = tenantId(ctx);
  const base: Prisma.UserWhereInput = { organizationId, status: "active", NOT: { id: ctx.userId } };
  if (writesToEveryone(ctx)) return base;
  return {
    ...base,
    OR: [
      {
        teaching: {
          some: {
            organizationId,
            course: { enrollments: { some: { organizationId, userId: ctx.userId, status: { not: "withdrawn" } } } },
          },
        },
      },
      {
        groupMemberships: {
          some: { organizationId, group: { members: { some: { organizationId, userId: ctx.userId } } } },
        },
      },
    ],
  };
}

/** The groups the caller may write to as a whole: every group for staff, their own groups for a learner. */
export function addressableGroupsWhere(ctx: TenantContext): Prisma.GroupWhereInput {
  requirePermission(ctx, "messages:use");
  const organizationId = tenantId(ctx);
  if (writesToEveryone(ctx)) return { organizationId };
  return { organizationId, members: { some: { organizationId, userId: ctx.userId } } };
}

export const conversationNotFound = () => new AppError("NOT_FOUND", "Conversation not found");

/** The caller's place in a conversation they take part in; anything else (another organization's too) is a 404. */
export async function requireParticipant(
  ctx: TenantContext,
  threadId: string,
): Promise<{ organizationId: string; threadId: string; archivedAt: Date | null }> {
  requirePermission(ctx, "messages:use");
  const organizationId = tenantId(ctx);
  if (!isId(threadId)) throw conversationNotFound();
  const participant = await db().messageParticipant.findFirst({
    where: { organizationId, threadId, userId: ctx.userId },
    select: { organizationId: true, threadId: true, archivedAt: true },
  });
  if (!participant) throw conversationNotFound();
  return participant;
}
