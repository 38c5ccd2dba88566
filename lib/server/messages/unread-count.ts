import "server-only";
import { queryRows } from "@/lib/db";
import type { TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

// Every signed-in page polls this (the unread badge), so it is one hand-written statement.
const UNREAD_SQL = `SELECT count(*)::int AS "count"
FROM "MessageParticipant" p
JOIN "Message" m ON m."threadId" = p."threadId" AND m."organizationId" = p."organizationId"
WHERE p."organizationId" = $1::uuid
  AND p."userId" = $2::uuid
  AND p."archivedAt" IS NULL
  AND m."createdAt" > COALESCE(p."lastReadAt", '-infinity'::timestamp)
  AND m."senderId" IS DISTINCT FROM p."userId"`;

/** Messages from others, newer than the caller's read mark, in threads the caller takes part in. */
export async function countUnreadMessages(ctx: TenantContext): Promise<number> {
  if (!ctx.organizationId) return 0; // the apex superadmin has no organization mailbox
  requirePermission(ctx, "messages:use");
  const [row] = await queryRows<{ count: number }>(UNREAD_SQL, [ctx.organizationId, ctx.userId]);
  return row?.count ?? 0;
}
