import "server-only";
import { queryRows } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Role } from "@/lib/routes";
import type { TenantContext } from "@/lib/tenancy/context";
import { can, requirePermission } from "@/lib/tenancy/permissions";

// The user administration's role rules (docs/permissions.md "Users"), checked by every user service:
// - an org_admin cannot create, promote to or edit an admin (users:manage:admins), nor anybody a superadmin,
//   who is nobody's to make;
// - nobody changes their own role, deactivates or deletes themselves;
// - nobody demotes, deactivates or deletes the last active org_admin of an organization.

/**
 * An administrator's role is one that itself manages administrators (users:manage:admins): only a holder
 * of that permission gives it or changes such an account.
 */
const isAdministratorRole = (role: Role) => can(role, "users:manage:admins");

/** The platform's own role (it manages every organization): nobody's to give, not even its holder's. */
const isPlatformRole = (role: Role) => can(role, "organizations:manage:all");

/** The caller may give `role` to someone (on creation or by a change of role). */
export function assertMayAssignRole(ctx: TenantContext, role: Role): void {
  const message = "Org admins cannot create administrators or make anyone an administrator";
  if (isPlatformRole(role)) throw new AppError("FORBIDDEN", message, { fieldErrors: { role: [message] } });
  if (isAdministratorRole(role))
    requirePermission(ctx, "users:manage:admins", message, { fieldErrors: { role: [message] } });
}

/** The caller may change `target`'s account at all (edit, deactivate, delete, invite). */
export function assertMayEdit(ctx: TenantContext, target: { role: Role }): void {
  if (isAdministratorRole(target.role))
    requirePermission(ctx, "users:manage:admins", "Org admins cannot change an administrator's account");
}

/** Whether the caller may change `target`'s account (for the pages' buttons; the services decide). */
export function mayEdit(ctx: TenantContext, target: { role: Role }): boolean {
  return can(ctx, "users:manage:admins") || !isAdministratorRole(target.role);
}

/** Things nobody does to their own account. */
export function assertNotSelf(
  ctx: TenantContext,
  userIds: readonly string[],
  what: "change your own role" | "deactivate your own account" | "delete your own account",
): void {
  if (userIds.includes(ctx.userId)) throw new AppError("FORBIDDEN", `You cannot ${what}`);
}

/**
 * Refuses a change that would leave the organization without an active org_admin. `candidates` are the
 * users whose role, status or existence the change takes away; which of them are active org_admins is
 * read here, under a lock on the organization's active org_admins, so two concurrent changes cannot each
 * remove "the other" one (the second re-reads after the first commits) and no caller decides it from a
 * row it read earlier. Used by the user edit and the import (write-user-change.ts), the bulk
 * deactivation and the deletion.
 */
export async function ensureOrgAdminRemains(
  tx: Prisma.TransactionClient,
  organizationId: string,
  candidates: readonly string[],
): Promise<void> {
  if (candidates.length === 0) return;
  const admins = await queryRows<{ id: string }>(
    Prisma.sql`SELECT "id" FROM "User"
    WHERE "organizationId" = ${organizationId}::uuid AND "role" = 'org_admin' AND "status" = 'active'
    FOR UPDATE`,
    tx,
  );
  const leaving = new Set(candidates);
  if (admins.some((a) => leaving.has(a.id)) && admins.every((a) => leaving.has(a.id))) {
    throw new AppError(
      "CONFLICT",
      "This is the organization's last active org admin: make someone else an org admin (Admin) first",
    );
  }
}
