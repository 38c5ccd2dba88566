import "server-only";
import { db, LONG_TRANSACTION } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Role } from "@/lib/routes";
import type { BulkUserActionInput } from "@/lib/schemas/users";
import { auditActor, auditMany } from "@/lib/server/audit";
import { enrollUsers } from "@/lib/server/enrollments/mutations";
import { addGroupMembers } from "@/lib/server/groups/mutations";
import { endUserSessions } from "@/lib/server/sessions/end-sessions";
import { voidOpenLinks } from "@/lib/server/users/write-user-change";
import { assertMayEdit, assertNotSelf, ensureOrgAdminRemains } from "@/lib/server/users/rules";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";
import { recordUserEvents } from "@/lib/server/webhooks/events";

export interface BulkUserResult {
  action: BulkUserActionInput["action"];
  /** People the action changed: deactivated, reactivated, newly in the group, or enrolled in the course. */
  affected: number;
}

/**
 * POST /api/admin/users/bulk: one action on the users selected in the list, all or nothing. Adding to a
 * group and enrolling are the groups' and enrollments' own set-based services.
 */
export async function bulkUserAction(ctx: TenantContext, input: BulkUserActionInput): Promise<BulkUserResult> {
  requirePermission(ctx, "users:manage");
  const ids = [...new Set(input.user_ids)];
  switch (input.action) {
    case "deactivate":
    case "reactivate":
      return {
        action: input.action,
        affected: await setStatus(ctx, ids, input.action === "deactivate" ? "suspended" : "active"),
      };
    case "add_to_group":
      return { action: input.action, affected: (await addGroupMembers(ctx, input.group_id, { user_ids: ids })).added };
    case "enroll":
      return { action: input.action, affected: (await enrollUsers(ctx, input.course_id, ids, "manual")).length };
  }
}

/** Deactivates (their sessions end at once, their open links stop working) or reactivates people. */
async function setStatus(ctx: TenantContext, ids: string[], status: "active" | "suspended"): Promise<number> {
  const organizationId = tenantId(ctx);
  const deactivating = status === "suspended";
  if (deactivating) assertNotSelf(ctx, ids, "deactivate your own account");
  const users = await db().user.findMany({
    where: { organizationId, id: { in: ids } },
    select: { id: true, role: true, status: true },
  });
  if (users.length !== ids.length) {
    const known = new Set(users.map((u) => u.id));
    const unknown = ids.filter((id) => !known.has(id));
    const message = `No such user in this organization: ${unknown.slice(0, 5).join(", ")}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ""}`;
    throw new AppError("VALIDATION_FAILED", message, { fieldErrors: { user_ids: [message] } });
  }
  for (const user of users) assertMayEdit(ctx, { role: user.role as Role });
  const changing = users.filter((u) => u.status !== status).map((u) => u.id);
  if (changing.length === 0) return 0;
  return db().$transaction(async (tx) => {
    if (deactivating) await ensureOrgAdminRemains(tx, organizationId, changing);
    const { count } = await tx.user.updateMany({
      where: { organizationId, id: { in: changing }, status: { not: status } },
      data: { status, ...(deactivating ? { sessionVersion: { increment: 1 } } : {}) },
    });
    if (deactivating) {
      await endUserSessions(tx, organizationId, changing);
      await voidOpenLinks(tx, changing);
    }
    const action = deactivating ? "user.deactivate" : "user.reactivate";
    await auditMany(
      changing.map((entityId) => ({
        organizationId,
        ...auditActor(ctx),
        action,
        entityType: "user",
        entityId,
        data: { bulk: true },
      })),
      tx,
    );
    await recordUserEvents(tx, organizationId, "user.updated", changing);
    if (deactivating) await recordUserEvents(tx, organizationId, "user.deactivated", changing);
    return count;
  }, LONG_TRANSACTION);
}
