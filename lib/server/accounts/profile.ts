import "server-only";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { UpdateProfileInput } from "@/lib/schemas/auth";
import { storeAvatar } from "@/lib/server/accounts/avatar";
import { userProfileSelect, type UserProfile } from "@/lib/server/selects";
import type { TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";
import { deleteObject, keyFromUrl } from "@/lib/storage/local-storage";

/** The caller's own profile; scoped by organization as well as id, like every query. */
export async function getOwnProfile(ctx: TenantContext): Promise<UserProfile> {
  requirePermission(ctx, "profile:read:own");
  const user = await db().user.findFirst({ where: { id: ctx.userId, organizationId: ctx.organizationId }, select: userProfileSelect });
  if (!user) throw new AppError("NOT_FOUND", "Profile not found");
  return user;
}

export async function updateOwnProfile(ctx: TenantContext, input: UpdateProfileInput, avatar?: File | null): Promise<UserProfile> {
  requirePermission(ctx, "profile:update:own");
  const where = { id: ctx.userId, organizationId: ctx.organizationId };
  const current = await db().user.findFirst({ where, select: { passwordHash: true, avatarUrl: true } });
  if (!current) throw new AppError("NOT_FOUND", "Profile not found");

  let passwordHash: string | undefined;
  if (input.new_password) {
    if (!(await verifyPassword(current.passwordHash, input.current_password ?? ""))) {
      throw new AppError("VALIDATION_FAILED", "Current password is incorrect", { fieldErrors: { current_password: ["Current password is incorrect"] } });
    }
    passwordHash = await hashPassword(input.new_password);
  }
  if (input.username && ctx.organizationId) {
    const taken = await db().user.findFirst({ where: { organizationId: ctx.organizationId, username: input.username, NOT: { id: ctx.userId } }, select: { id: true } });
    if (taken) throw new AppError("CONFLICT", "This username is taken", { fieldErrors: { username: ["This username is taken"] } });
  }

  const avatarUrl = avatar ? await storeAvatar(ctx, avatar) : input.remove_avatar ? null : undefined;
  const { count } = await db().user.updateMany({
    where,
    data: { firstName: input.first_name, lastName: input.last_name, username: input.username, passwordHash, avatarUrl },
  });
  if (count === 0) throw new AppError("NOT_FOUND", "Profile not found");

  const oldKey = avatarUrl !== undefined ? keyFromUrl(current.avatarUrl) : null;
  if (oldKey) await deleteObject(oldKey).catch(() => undefined);
  return getOwnProfile(ctx);
}
