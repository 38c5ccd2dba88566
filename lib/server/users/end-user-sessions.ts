import "server-only";
import { db } from "@/lib/db";
import { audit, auditActor } from "@/lib/server/audit";
import { endUserSessions } from "@/lib/server/sessions/end-sessions";
import { requireEditableUser } from "@/lib/server/users/target";
import type { TenantContext } from "@/lib/tenancy/context";

/**
 * DELETE /api/admin/users/{userId}/sessions: "Sign out everywhere" on a user's page. Whoever may change the
 * account (requireEditableUser: users:manage, and an administrator's account only by an administrator)
 * ends every session of it, on every device; the person signs in again. Audited with the address.
 */
export async function signOutUserEverywhere(ctx: TenantContext, userId: string, ip: string): Promise<number> {
  const target = await requireEditableUser(ctx, userId);
  return db().$transaction(async (tx) => {
    const count = await endUserSessions(tx, target.organizationId, [target.id]);
    await audit(
      {
        organizationId: target.organizationId,
        ...auditActor(ctx),
        action: "user.sessions_end",
        entityType: "user",
        entityId: target.id,
        data: { count },
        ip,
      },
      tx,
    );
    return count;
  });
}
