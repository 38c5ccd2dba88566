import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

// Ending a session is deleting its row: the caller lookup reads the row with every request, so the
// session's tokens are refused on the next request on every app node, with nothing to propagate.

/**
 * Ends the sessions of `userIds` in `organizationId` (null: the platform superadmin's), all of them or all
 * but `keep` (the caller's own, after a password change). Returns how many ended.
 */
export async function endUserSessions(
  tx: Prisma.TransactionClient,
  organizationId: string | null,
  userIds: readonly string[],
  keep?: string,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const { count } = await tx.session.deleteMany({
    where: { organizationId, userId: { in: [...userIds] }, ...(keep ? { id: { not: keep } } : {}) },
  });
  return count;
}

/** Ends every session of the organization's people (its address changed, it was suspended). */
export async function endOrganizationSessions(tx: Prisma.TransactionClient, organizationId: string): Promise<void> {
  await tx.session.deleteMany({ where: { organizationId } });
}
