import "server-only";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Role } from "@/lib/routes";
import type { TenantContext } from "@/lib/tenancy/context";

// The user administration's role rules (docs/permissions.md "Users"), checked by every user service:
// - an org_admin cannot create, promote to or edit an admin (nor a superadmin, who is nobody's to make);
// - nobody changes their own role, deactivates or deletes themselves;
// - nobody demotes, deactivates or deletes the last active org_admin of an organization.

const ABOVE_ORG_ADMIN: ReadonlySet<Role> = new Set(["admin", "superadmin"]);

/** The caller may give `role` to someone (on creation or by a change of role). */
export function assertMayAssignRole(ctx: TenantContext, role: Role): void {
  if (role === "superadmin" || (ctx.role === "org_admin" && ABOVE_ORG_ADMIN.has(role))) {
    const message = "Org admins cannot create administrators or make anyone an administrator";
    throw new AppError("FORBIDDEN", message, { fieldErrors: { role: [message] } });
  }
}

/** The caller may change `target`'s account at all (edit, deactivate, delete, invite). */
export function assertMayEdit(ctx: TenantContext, target: { role: Role }): void {
  if (ctx.role === "org_admin" && ABOVE_ORG_ADMIN.has(target.role)) {
    throw new AppError("FORBIDDEN", "Org admins cannot change an administrator's account");
  }
}

/** Whether the caller may change `target`'s account (for the pages' buttons; the services decide). */
export function mayEdit(ctx: TenantContext, target: { role: Role }): boolean {
  return !(ctx.role === "org_admin" && ABOVE_ORG_ADMIN.has(target.role));
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
 * users the change demotes, deactivates or deletes. Locks the organization's active org_admins first, so
 * two concurrent changes cannot each remove "the other" one (the second re-reads after the first commits).
 */
export async function ensureOrgAdminRemains(
  tx: Prisma.TransactionClient,
  organizationId: string,
  candidates: readonly string[],
): Promise<void> {
  if (candidates.length === 0) return;
  const admins = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "User"
    WHERE "organizationId" = ${organizationId}::uuid AND "role" = 'org_admin' AND "status" = 'active'
    FOR UPDATE`;
  const leaving = new Set(candidates);
  if (admins.some((a) => leaving.has(a.id)) && admins.every((a) => leaving.has(a.id))) {
    throw new AppError(
      "CONFLICT",
      "This is the organization's last active org admin: make someone else an org admin (Admin) first",
    );
  }
}
