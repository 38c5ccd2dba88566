import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ListThreadsQuery } from "@/lib/schemas/messages";
import { requireParticipant } from "@/lib/server/messages/access";
import { excerpt, personJson, personSelect, type InboxJson, type ThreadSummaryJson } from "@/lib/server/messages/json";
import { countUnreadThreads, unreadThreadIds } from "@/lib/server/messages/unread-count";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

const PARTICIPANTS_SHOWN = 5;

const summarySelect = (userId: string) =>
  ({
    archivedAt: true,
    thread: {
      select: {
        id: true,
        subject: true,
        groupName: true,
        lastMessageAt: true,
        _count: { select: { participants: true } },
        participants: {
          where: { userId: { not: userId } },
          orderBy: [{ joinedAt: "asc" }, { userId: "asc" }],
          take: PARTICIPANTS_SHOWN,
          select: { user: { select: personSelect } },
        },
        messages: {
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take: 1,
          select: { id: true, body: true, createdAt: true, sender: { select: personSelect } },
        },
      },
    },
  }) satisfies Prisma.MessageParticipantSelect;
type SummaryRow = Prisma.MessageParticipantGetPayload<{ select: ReturnType<typeof summarySelect> }>;

function summaryJson(row: SummaryRow, unread: Set<string>): ThreadSummaryJson {
  const { thread } = row;
  const last = thread.messages[0];
  return {
    id: thread.id,
    subject: thread.subject,
    group_name: thread.groupName,
    last_message_at: thread.lastMessageAt.toISOString(),
    is_unread: unread.has(thread.id),
    is_archived: row.archivedAt !== null,
    participant_count: thread._count.participants,
    participants: thread.participants.map((p) => personJson(p.user)),
    last_message: last
      ? {
          id: last.id,
          excerpt: excerpt(last.body),
          created_at: last.createdAt.toISOString(),
          sender: last.sender ? personJson(last.sender) : null,
        }
      : null,
  };
}

/** Subject or any message of the conversation contains every word of the search. */
function searchWhere(q: string | undefined): Prisma.MessageParticipantWhereInput {
  const words = (q ?? "").split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return {};
  return {
    AND: words.map((word) => {
      const contains = { contains: word, mode: "insensitive" as const };
      return { thread: { OR: [{ subject: contains }, { messages: { some: { body: contains } } }] } };
    }),
  };
}

/** GET /api/messages/threads: the caller's conversations (or their archive), newest activity first. */
export async function listThreads(ctx: TenantContext, query: ListThreadsQuery): Promise<InboxJson> {
  requirePermission(ctx, "messages:use");
  const organizationId = tenantId(ctx);
  const where: Prisma.MessageParticipantWhereInput = {
    organizationId,
    userId: ctx.userId,
    archivedAt: query.archived ? { not: null } : null,
    ...searchWhere(query.q),
  };
  const [rows, total, unreadCount] = await Promise.all([
    db().messageParticipant.findMany({
      where,
      select: summarySelect(ctx.userId),
      orderBy: [{ thread: { lastMessageAt: "desc" } }, { threadId: "desc" }],
      skip: (query.page - 1) * query.page_size,
      take: query.page_size,
    }),
    db().messageParticipant.count({ where }),
    countUnreadThreads(ctx),
  ]);
  const unread = await unreadThreadIds(
    organizationId,
    ctx.userId,
    rows.map((r) => r.thread.id),
  );
  return {
    items: rows.map((r) => summaryJson(r, unread)),
    page: query.page,
    page_size: query.page_size,
    total,
    unread_count: unreadCount,
  };
}

/** One conversation as the inbox shows it. */
export async function getThreadSummary(ctx: TenantContext, threadId: string): Promise<ThreadSummaryJson> {
  const { organizationId } = await requireParticipant(ctx, threadId);
  const row = await db().messageParticipant.findFirstOrThrow({
    where: { organizationId, threadId, userId: ctx.userId },
    select: summarySelect(ctx.userId),
  });
  return summaryJson(row, await unreadThreadIds(organizationId, ctx.userId, [threadId]));
}

/** PATCH /api/messages/threads/{threadId}: archive or bring back, for the caller alone. */
export async function setThreadArchived(
  ctx: TenantContext,
  threadId: string,
  archived: boolean,
): Promise<ThreadSummaryJson> {
  const { organizationId } = await requireParticipant(ctx, threadId);
  await db().messageParticipant.updateMany({
    where: { organizationId, threadId, userId: ctx.userId },
    data: { archivedAt: archived ? new Date() : null },
  });
  return getThreadSummary(ctx, threadId);
}
