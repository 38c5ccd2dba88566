import "server-only";
import { db } from "@/lib/db";
import type { UpdateUserInput } from "@/lib/schemas/users";
import { audit, auditActor } from "@/lib/server/audit";
import { ensureUnique } from "@/lib/server/users/create-user";
import { getAdminUser, type AdminUserDetailJson } from "@/lib/server/users/detail";
import { setUserGroups } from "@/lib/server/users/memberships";
import { assertMayAssignRole, assertNotSelf } from "@/lib/server/users/rules";
import { requireEditableUser } from "@/lib/server/users/target";
import { writeUserChange } from "@/lib/server/users/write-user-change";
import type { TenantContext } from "@/lib/tenancy/context";

/**
 * PATCH /api/admin/users/{userId}: names, e-mail, username, role, status and groups, in one transaction,
 * under the role rules (rules.ts). A deactivation or a change of role ends their sessions at once, and a
 * deactivation voids their open set-password links (write-user-change.ts).
 */
export async function updateUser(
  ctx: TenantContext,
  userId: string,
  input: UpdateUserInput,
): Promise<AdminUserDetailJson> {
  const target = await requireEditableUser(ctx, userId);
  const { organizationId } = target;
  const roleChanges = input.role !== undefined && input.role !== target.role;
  const deactivates = input.status === "suspended" && target.status === "active";
  const reactivates = input.status === "active" && target.status === "suspended";
  if (roleChanges) {
    assertNotSelf(ctx, [target.id], "change your own role");
    assertMayAssignRole(ctx, input.role!);
  }
  if (deactivates) assertNotSelf(ctx, [target.id], "deactivate your own account");

  await db().$transaction(async (tx) => {
    await ensureUnique(tx, organizationId, { email: input.email, username: input.username }, target.id);
    await writeUserChange(tx, organizationId, target, {
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      username: input.username,
      role: input.role,
      status: input.status,
    });
    const groups = input.group_ids ? await setUserGroups(tx, organizationId, target.id, input.group_ids) : undefined;
    const entry = { organizationId, ...auditActor(ctx), entityType: "user", entityId: target.id };
    const fields = (["first_name", "last_name", "email", "username"] as const).filter((f) => input[f] !== undefined);
    if (fields.length || groups?.joined.length || groups?.left.length)
      await audit({ ...entry, action: "user.update", data: { fields, groups: groups ?? null } }, tx);
    if (roleChanges)
      await audit({ ...entry, action: "user.role_change", data: { from: target.role, to: input.role! } }, tx);
    if (deactivates) await audit({ ...entry, action: "user.deactivate" }, tx);
    if (reactivates) await audit({ ...entry, action: "user.reactivate" }, tx);
  });
  return getAdminUser(ctx, target.id);
}
