import { db } from "@/lib/db";
import type { TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

/** Messages from others, newer than the caller's read mark, in threads the caller takes part in. */
export async function countUnreadMessages(ctx: TenantContext): Promise<number> {
  if (!ctx.organizationId) return 0; // the apex superadmin has no organization mailbox
  requirePermission(ctx, "messages:use");
  const rows = await db().$queryRaw<{ count: bigint }[]>`
    SELECT count(*) AS count
    FROM "MessageParticipant" p
    JOIN "Message" m ON m."threadId" = p."threadId" AND m."organizationId" = p."organizationId"
    WHERE p."organizationId" = ${ctx.organizationId}::uuid
      AND p."userId" = ${ctx.userId}::uuid
      AND p."archivedAt" IS NULL
      AND m."createdAt" > COALESCE(p."lastReadAt", '-infinity'::timestamp)
      AND m."senderId" IS DISTINCT FROM p."userId"`;
  return Math.max(0, Number(rows[0]?.count ?? 0));
}
