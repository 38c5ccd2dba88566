import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Role } from "@/lib/routes";
import { isId } from "@/lib/schemas/id";
import { latestInvitation, type InvitationState } from "@/lib/server/accounts/invitation";
import type { AdminUserJson } from "@/lib/server/users/queries";
import { mayEdit } from "@/lib/server/users/rules";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

export interface AdminUserDetailJson extends AdminUserJson {
  created_at: string;
  /** Set only while they have no password of their own yet (invited, or never signed in after one). */
  invitation: InvitationState | null;
  /** Whether the caller may change this account (an org admin may not change an administrator's). */
  can_edit: boolean;
  is_self: boolean;
  /** What deleting them takes along, and what stays (their courses, with a deleted creator). */
  counts: { enrollments: number; messages_sent: number; courses_created: number };
}

/** A user of the caller's organization, or a 404: what the edit page and GET /api/admin/users/{id} show. */
export async function getAdminUser(ctx: TenantContext, userId: string): Promise<AdminUserDetailJson> {
  requirePermission(ctx, "users:manage");
  const organizationId = tenantId(ctx);
  const notFound = new AppError("NOT_FOUND", "User not found");
  if (!isId(userId)) throw notFound;
  const user = await db().user.findFirst({
    where: { organizationId, id: userId },
    select: {
      id: true,
      firstName: true,
      lastName: true,
      email: true,
      username: true,
      role: true,
      status: true,
      lastLoginAt: true,
      createdAt: true,
      groupMemberships: {
        select: { group: { select: { id: true, name: true } } },
        orderBy: { group: { name: "asc" } },
      },
      _count: { select: { enrollments: true, messagesSent: true, coursesCreated: true } },
    },
  });
  if (!user) throw notFound;
  const invitation = await latestInvitation(organizationId, user.id);
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    username: user.username,
    role: user.role,
    status: user.status,
    groups: user.groupMemberships.map((m) => m.group),
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    invitation: invitation && invitation.status !== "accepted" ? invitation : null,
    can_edit: mayEdit(ctx, { role: user.role as Role }),
    is_self: user.id === ctx.userId,
    counts: {
      enrollments: user._count.enrollments,
      messages_sent: user._count.messagesSent,
      courses_created: user._count.coursesCreated,
    },
  };
}
