import "server-only";
import { db, queryRows } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { isId } from "@/lib/schemas/id";
import type { ThreadQuery } from "@/lib/schemas/messages";
import { conversationNotFound } from "@/lib/server/messages/access";
import {
  messageJson,
  messageSelect,
  personJson,
  personSelect,
  type MessageJson,
  type ThreadJson,
} from "@/lib/server/messages/json";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

const PAGE = 50;
const NEWER_PAGE = 100;
const PARTICIPANTS_LISTED = 50;

/**
 * Opening a conversation reads it: the caller's mark moves to its newest message, and the answer says
 * whether anything was unread before (the client lowers the badge at once). One statement: its reads
 * see the row as it was before the update (which runs whether read or not). No row: not a participant.
 */
const openAndMarkReadSql = (organizationId: string, threadId: string, userId: string) => Prisma.sql`WITH me AS (
  SELECT p."lastReadAt", p."archivedAt" FROM "MessageParticipant" p
  WHERE p."organizationId" = ${organizationId}::uuid AND p."threadId" = ${threadId}::uuid AND p."userId" = ${userId}::uuid
), latest AS (
  SELECT max(m."createdAt") AS "at" FROM "Message" m WHERE m."organizationId" = ${organizationId}::uuid AND m."threadId" = ${threadId}::uuid
), marked AS (
  UPDATE "MessageParticipant" p SET "lastReadAt" = latest."at" FROM latest
  WHERE p."organizationId" = ${organizationId}::uuid AND p."threadId" = ${threadId}::uuid AND p."userId" = ${userId}::uuid
    AND latest."at" IS NOT NULL AND (p."lastReadAt" IS NULL OR p."lastReadAt" < latest."at")
  RETURNING 1
)
SELECT me."archivedAt" IS NOT NULL AS "isArchived",
  EXISTS (SELECT 1 FROM "Message" m WHERE m."organizationId" = ${organizationId}::uuid AND m."threadId" = ${threadId}::uuid
    AND m."createdAt" > COALESCE(me."lastReadAt", '-infinity'::timestamp) AND m."senderId" IS DISTINCT FROM ${userId}::uuid) AS "wasUnread"
FROM me`;

/**
 * GET /api/messages/threads/{threadId}: the conversation with its latest messages (or those before or
 * after a message the client has), marked read for the caller.
 */
export async function getThread(ctx: TenantContext, threadId: string, query: ThreadQuery = {}): Promise<ThreadJson> {
  requirePermission(ctx, "messages:use");
  const organizationId = tenantId(ctx);
  if (!isId(threadId)) throw conversationNotFound();
  const [state] = await queryRows<{ isArchived: boolean; wasUnread: boolean }>(
    openAndMarkReadSql(organizationId, threadId, ctx.userId),
  );
  if (!state) throw conversationNotFound();

  const [thread, window] = await Promise.all([
    db().messageThread.findFirstOrThrow({
      where: { organizationId, id: threadId },
      select: {
        id: true,
        subject: true,
        groupName: true,
        createdAt: true,
        lastMessageAt: true,
        _count: { select: { participants: true } },
        participants: {
          orderBy: [{ joinedAt: "asc" }, { userId: "asc" }],
          take: PARTICIPANTS_LISTED,
          select: { lastReadAt: true, user: { select: personSelect } },
        },
      },
    }),
    messageWindow(organizationId, threadId, query),
  ]);
  return {
    id: thread.id,
    subject: thread.subject,
    group_name: thread.groupName,
    created_at: thread.createdAt.toISOString(),
    last_message_at: thread.lastMessageAt.toISOString(),
    is_archived: state.isArchived,
    was_unread: state.wasUnread,
    participant_count: thread._count.participants,
    participants: thread.participants.map((p) => ({
      ...personJson(p.user),
      last_read_at: p.lastReadAt?.toISOString() ?? null,
    })),
    ...window,
  };
}

/**
 * Messages oldest first. `after`: those the client does not have yet, from the cursor's time on (a
 * message of the same millisecond is sent again; the client drops what it has). Messages of a thread
 * commit in the order of their time (lib/server/messages/send.ts), so none is skipped.
 */
async function messageWindow(
  organizationId: string,
  threadId: string,
  query: ThreadQuery,
): Promise<{ messages: MessageJson[]; has_more: boolean }> {
  const cursorId = query.after ?? query.before;
  const base: Prisma.MessageWhereInput = { organizationId, threadId };
  if (!cursorId) return newest(base);
  const cursor = await db().message.findFirst({
    where: { ...base, id: cursorId },
    select: { id: true, createdAt: true },
  });
  if (!cursor) {
    const field = query.after ? "after" : "before";
    throw new AppError("VALIDATION_FAILED", `${field}: no such message in this conversation`, {
      fieldErrors: { [field]: ["No such message in this conversation"] },
    });
  }
  if (!query.after) {
    return newest({
      ...base,
      OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }],
    });
  }
  const rows = await db().message.findMany({
    where: { ...base, createdAt: { gte: cursor.createdAt }, id: { not: cursor.id } },
    select: messageSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: NEWER_PAGE + 1,
  });
  return { messages: rows.slice(0, NEWER_PAGE).map(messageJson), has_more: rows.length > NEWER_PAGE };
}

async function newest(where: Prisma.MessageWhereInput): Promise<{ messages: MessageJson[]; has_more: boolean }> {
  const rows = await db().message.findMany({
    where,
    select: messageSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: PAGE + 1,
  });
  return { messages: rows.slice(0, PAGE).reverse().map(messageJson), has_more: rows.length > PAGE };
}
