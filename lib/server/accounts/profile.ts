import "server-only";
import { hashPassword } from "@/lib/auth/password";
import { db, queryRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { UpdateProfileInput } from "@/lib/schemas/auth";
import { storeAvatar } from "@/lib/server/accounts/avatar";
import { checkCurrentPassword } from "@/lib/server/accounts/current-password";
import { assertPasswordAllowed, passwordPolicyOf } from "@/lib/server/accounts/password-policy";
import { endUserSessions } from "@/lib/server/sessions/end-sessions";
import { audit, auditActor } from "@/lib/server/audit";
import { removeStoredFiles } from "@/lib/server/courses/stored-files";
import { ownProfileSelect, type OwnProfile } from "@/lib/server/selects";
import type { TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

/** The caller's own profile; scoped by organization as well as id, like every query. */
export async function getOwnProfile(ctx: TenantContext): Promise<OwnProfile> {
  requirePermission(ctx, "profile:read:own");
  const user = await db().user.findFirst({
    where: { id: ctx.userId, organizationId: ctx.organizationId },
    select: ownProfileSelect,
  });
  if (!user) throw new AppError("NOT_FOUND", "Profile not found");
  return user;
}

export interface ProfileUpdate {
  profile: OwnProfile;
  /** Set when the password changed: the user's new session version (older sessions have ended). */
  sessionVersion: number | null;
}

/** Every field is optional: each section of /profile saves its own. */
export async function updateOwnProfile(
  ctx: TenantContext,
  input: UpdateProfileInput,
  avatar?: File | null,
  currentSessionId?: string,
): Promise<ProfileUpdate> {
  requirePermission(ctx, "profile:update:own");
  const where = { id: ctx.userId, organizationId: ctx.organizationId };
  const current = await db().user.findFirst({
    where,
    select: { passwordHash: true, email: true, firstName: true, lastName: true, username: true },
  });
  if (!current) throw new AppError("NOT_FOUND", "Profile not found");

  let passwordHash: string | undefined;
  if (input.new_password) {
    await checkCurrentPassword(ctx.userId, current.passwordHash, input.current_password ?? "");
    const policy = await passwordPolicyOf(ctx.organization);
    assertPasswordAllowed(policy, input.new_password, "new_password", [
      current.email,
      current.firstName,
      current.lastName,
      current.username,
      ctx.organization?.name,
      ctx.subdomain,
    ]);
    passwordHash = await hashPassword(input.new_password);
  }
  if (input.username && ctx.organizationId) {
    const taken = await db().user.findFirst({
      where: { organizationId: ctx.organizationId, username: input.username, NOT: { id: ctx.userId } },
      select: { id: true },
    });
    if (taken)
      throw new AppError("CONFLICT", "This username is taken", {
        fieldErrors: { username: ["This username is taken"] },
      });
  }

  const avatarUrl = avatar ? await storeAvatar(ctx, avatar) : input.remove_avatar ? null : undefined;
  let written: { sessionVersion: number; replacedAvatarUrl: string | null };
  try {
    written = await db().$transaction(async (tx) => {
      // The picture replaced is read under the row's lock: two uploads at once each remove the one before theirs.
      const replacedAvatarUrl = avatarUrl !== undefined ? await lockedAvatarUrl(tx, ctx) : null;
      const [row] = await tx.user.updateManyAndReturn({
        where,
        data: {
          firstName: input.first_name,
          lastName: input.last_name,
          username: input.username,
          avatarUrl,
          themeMode: input.theme_mode,
          emailOnMessage: input.email_on_message,
          // A new password ends every other session; the caller's own is renewed by the route.
          ...(passwordHash ? { passwordHash, sessionVersion: { increment: 1 } } : {}),
        },
        select: { sessionVersion: true },
      });
      if (!row) throw new AppError("NOT_FOUND", "Profile not found");
      if (passwordHash) await endUserSessions(tx, ctx.organizationId, [ctx.userId], currentSessionId);
      return { sessionVersion: row.sessionVersion, replacedAvatarUrl };
    });
  } catch (error) {
    // No row names the new picture: it must not stay in storage.
    if (avatarUrl) await removeStoredFiles({ urls: [avatarUrl] });
    throw error;
  }
  if (passwordHash)
    await audit({
      organizationId: ctx.organizationId,
      ...auditActor(ctx),
      action: "auth.password_change",
      entityType: "user",
      entityId: ctx.userId,
    });
  if (written.replacedAvatarUrl) await removeStoredFiles({ urls: [written.replacedAvatarUrl] });
  return { profile: await getOwnProfile(ctx), sessionVersion: passwordHash ? written.sessionVersion : null };
}

async function lockedAvatarUrl(tx: Prisma.TransactionClient, ctx: TenantContext): Promise<string | null> {
  const [row] = await queryRows<{ avatarUrl: string | null }>(
    Prisma.sql`SELECT "avatarUrl" FROM "User"
    WHERE "id" = ${ctx.userId}::uuid AND "organizationId" IS NOT DISTINCT FROM ${ctx.organizationId}::uuid
    FOR UPDATE`,
    tx,
  );
  return row?.avatarUrl ?? null;
}
