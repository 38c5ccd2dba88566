import "server-only";
import { queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

/**
 * A participant row `p` has unread messages: one from someone else newer than their read mark. (Sending
 * moves the sender's own mark, so their own messages never count.) Probed on Message's (threadId,
 * createdAt) index.
 */
const HAS_UNREAD = Prisma.sql`EXISTS (SELECT 1 FROM "Message" m
  WHERE m."organizationId" = p."organizationId" AND m."threadId" = p."threadId"
    AND m."createdAt" > COALESCE(p."lastReadAt", '-infinity'::timestamp)
    AND m."senderId" IS DISTINCT FROM p."userId")`;

// Every signed-in page polls this (the unread badge), so it is one hand-written statement.
const unreadSql = (organizationId: string, userId: string) => Prisma.sql`SELECT count(*)::int AS "count"
FROM "MessageParticipant" p
WHERE p."organizationId" = ${organizationId}::uuid
  AND p."userId" = ${userId}::uuid
  AND p."archivedAt" IS NULL
  AND ${HAS_UNREAD}`;

/** Conversations of the caller, outside their archive, with messages they have not read: the badge. */
export async function countUnreadThreads(ctx: TenantContext): Promise<number> {
  if (!ctx.organizationId) return 0; // the apex superadmin has no organization mailbox
  requirePermission(ctx, "messages:use");
  const [row] = await queryRows<{ count: number }>(unreadSql(ctx.organizationId, ctx.userId));
  return row?.count ?? 0;
}

const unreadAmongSql = (
  organizationId: string,
  userId: string,
  threadIds: string[],
) => Prisma.sql`SELECT p."threadId" AS "threadId"
FROM "MessageParticipant" p
WHERE p."organizationId" = ${organizationId}::uuid AND p."userId" = ${userId}::uuid AND p."threadId" = ANY(${threadIds}::uuid[])
  AND ${HAS_UNREAD}`;

/** Which of these conversations have messages the caller has not read. */
export async function unreadThreadIds(
  organizationId: string,
  userId: string,
  threadIds: string[],
): Promise<Set<string>> {
  if (threadIds.length === 0) return new Set();
  const rows = await queryRows<{ threadId: string }>(unreadAmongSql(organizationId, userId, threadIds));
  return new Set(rows.map((r) => r.threadId));
}
