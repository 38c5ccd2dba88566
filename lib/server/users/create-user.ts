import "server-only";
import { hashPassword, NO_PASSWORD_HASH } from "@/lib/auth/password";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/log/logger";
import type { CreateUserInput } from "@/lib/schemas/users";
import { sendInvitation } from "@/lib/server/accounts/invitation";
import { assertPasswordAllowed, passwordPolicyOf } from "@/lib/server/accounts/password-policy";
import { uniqueUsername } from "@/lib/server/accounts/unique-username";
import { audit, auditActor } from "@/lib/server/audit";
import { getAdminUser, type AdminUserDetailJson } from "@/lib/server/users/detail";
import { setUserGroups } from "@/lib/server/users/memberships";
import { assertMayAssignRole } from "@/lib/server/users/rules";
import { tenantId, tenantOrganization, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";
import { recordUserEvents } from "@/lib/server/webhooks/events";

export interface CreatedUser {
  user: AdminUserDetailJson;
  /** Without a password: whether the invitation e-mail went out (if not, send it again from their page). */
  invitation_sent: boolean;
}

/**
 * POST /api/admin/users: a user of the caller's organization, in their groups (enrolled in the groups'
 * courses at once). With a password they can sign in with it; without one they are invited by e-mail.
 * `origin`: the request's, for the invitation link's scheme and port.
 */
export async function createUser(
  ctx: TenantContext,
  input: CreateUserInput,
  options: { origin?: string } = {},
): Promise<CreatedUser> {
  requirePermission(ctx, "users:manage");
  const organizationId = tenantId(ctx);
  assertMayAssignRole(ctx, input.role);
  if (input.password) {
    const policy = await passwordPolicyOf(tenantOrganization(ctx));
    assertPasswordAllowed(policy, input.password, "password", [
      input.first_name,
      input.last_name,
      input.email,
      input.username,
      ctx.organization?.name,
      ctx.subdomain,
    ]);
  }
  const passwordHash = input.password ? await hashPassword(input.password) : NO_PASSWORD_HASH;
  const userId = await db().$transaction(async (tx) => {
    await ensureUnique(tx, organizationId, { email: input.email, username: input.username });
    const { id } = await tx.user.create({
      data: {
        organizationId,
        role: input.role,
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        username: await uniqueUsername(tx, organizationId, input.email, input.username),
        passwordHash,
      },
      select: { id: true },
    });
    if (input.group_ids?.length) await setUserGroups(tx, organizationId, id, input.group_ids);
    await audit(
      {
        organizationId,
        ...auditActor(ctx),
        action: "user.create",
        entityType: "user",
        entityId: id,
        data: { role: input.role, invited: !input.password },
      },
      tx,
    );
    await recordUserEvents(tx, organizationId, "user.created", [id]);
    return id;
  });

  let invitationSent = false;
  if (!input.password) {
    try {
      await sendInvitation(ctx, { organizationId, userId }, options);
      invitationSent = true;
    } catch (error) {
      // The account exists either way; the page offers to send the invitation again.
      logger().error({ err: error, userId }, "The invitation e-mail could not be sent");
    }
  }
  return { user: await getAdminUser(ctx, userId), invitation_sent: invitationSent };
}

/** E-mail and username are unique within the organization: a 409 naming the field. */
export async function ensureUnique(
  tx: Prisma.TransactionClient,
  organizationId: string,
  fields: { email?: string; username?: string },
  exceptId?: string,
): Promise<void> {
  const not = exceptId ? { id: { not: exceptId } } : {};
  if (fields.email) {
    const taken = await tx.user.findFirst({
      where: { organizationId, email: fields.email, ...not },
      select: { id: true },
    });
    if (taken)
      throw new AppError("CONFLICT", "An account with this email already exists", {
        fieldErrors: { email: ["An account with this email already exists"] },
      });
  }
  if (fields.username) {
    const taken = await tx.user.findFirst({
      where: { organizationId, username: fields.username, ...not },
      select: { id: true },
    });
    if (taken)
      throw new AppError("CONFLICT", "This username is taken", {
        fieldErrors: { username: ["This username is taken"] },
      });
  }
}
