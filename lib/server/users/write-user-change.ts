import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Role } from "@/lib/routes";
import { endUserSessions } from "@/lib/server/sessions/end-sessions";
import { ensureOrgAdminRemains } from "@/lib/server/users/rules";
import { recordUserEvents } from "@/lib/server/webhooks/events";

// One user's row changed, by an administrator's edit or by an import: a deactivation or a change of role
// ends their sessions at once (their rows go, and sessionVersion moves on), and a deactivation voids their open set-password
// links. Either is refused when it would leave the organization without an active org admin (rules.ts,
// under its lock): both writers meet that rule here. The callers check the other role rules first.

type UserStatus = "active" | "suspended";

export interface UserChange {
  firstName?: string;
  lastName?: string;
  email?: string;
  username?: string;
  role?: Role;
  status?: UserStatus;
}

/** Writes `change` to `target` (fields left undefined stay as they are). */
export async function writeUserChange(
  tx: Prisma.TransactionClient,
  organizationId: string,
  target: { id: string; role: Role; status: UserStatus },
  change: UserChange,
): Promise<void> {
  const roleChanges = change.role !== undefined && change.role !== target.role;
  const deactivates = change.status === "suspended" && target.status === "active";
  if (roleChanges || deactivates) await ensureOrgAdminRemains(tx, organizationId, [target.id]);
  await tx.user.update({
    where: { organizationId_id: { organizationId, id: target.id } },
    data: { ...change, ...(roleChanges || deactivates ? { sessionVersion: { increment: 1 } } : {}) },
  });
  if (roleChanges || deactivates) await endUserSessions(tx, organizationId, [target.id]);
  if (deactivates) await voidOpenLinks(tx, [target.id]);
  if (Object.values(change).some((v) => v !== undefined))
    await recordUserEvents(tx, organizationId, "user.updated", [target.id]);
  if (deactivates) await recordUserEvents(tx, organizationId, "user.deactivated", [target.id]);
}

/** A deactivated account's unused set-password links (reset or invitation) stop working. */
export async function voidOpenLinks(tx: Prisma.TransactionClient, userIds: string[]): Promise<void> {
  const now = new Date();
  await tx.passwordResetToken.updateMany({
    where: { userId: { in: userIds }, usedAt: null, expiresAt: { gt: now } },
    data: { expiresAt: now },
  });
}
