import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Role } from "@/lib/routes";
import { isId } from "@/lib/schemas/id";
import { assertMayEdit } from "@/lib/server/users/rules";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

export interface TargetUser {
  id: string;
  organizationId: string;
  role: Role;
  status: "active" | "suspended";
  email: string;
  firstName: string;
  lastName: string;
  lastLoginAt: Date | null;
}

/**
 * The user a change is about: of the caller's organization (else a 404) and one the caller may change
 * (an org admin may not change an administrator: 403). Every user mutation starts here.
 */
export async function requireEditableUser(ctx: TenantContext, userId: string): Promise<TargetUser> {
  requirePermission(ctx, "users:manage");
  const organizationId = tenantId(ctx);
  if (!isId(userId)) throw new AppError("NOT_FOUND", "User not found");
  const user = await db().user.findFirst({
    where: { organizationId, id: userId },
    select: { id: true, role: true, status: true, email: true, firstName: true, lastName: true, lastLoginAt: true },
  });
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  const target = { ...user, organizationId, role: user.role as Role };
  assertMayEdit(ctx, target);
  return target;
}
