import "server-only";
import { AppError } from "@/lib/errors";
import { sendInvitation } from "@/lib/server/accounts/invitation";
import { getAdminUser, type AdminUserDetailJson } from "@/lib/server/users/detail";
import { requireEditableUser } from "@/lib/server/users/target";
import type { TenantContext } from "@/lib/tenancy/context";

/**
 * POST /api/admin/users/{userId}/invitation: (again) e-mails a set-password link to someone who has never
 * signed in; the earlier link stops working. Who has signed in uses "Forgot password" instead.
 */
export async function inviteUser(
  ctx: TenantContext,
  userId: string,
  options: { origin?: string } = {},
): Promise<AdminUserDetailJson> {
  const target = await requireEditableUser(ctx, userId);
  if (target.lastLoginAt) {
    throw new AppError(
      "CONFLICT",
      "This person has signed in before: they can choose a new password with 'Forgot password' on the sign-in page",
    );
  }
  await sendInvitation(ctx, { organizationId: target.organizationId, userId: target.id }, options);
  return getAdminUser(ctx, target.id);
}
