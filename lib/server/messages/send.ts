import "server-only";
import { consumeBucket } from "@/lib/auth/rate-limit";
import { db, queryRows } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { CreateThreadInput, ReplyInput } from "@/lib/schemas/messages";
import {
  addressableGroupsWhere,
  addressableUsersWhere,
  conversationNotFound,
  requireParticipant,
} from "@/lib/server/messages/access";
import { messageJson, messageSelect, type MessageJson, type ThreadJson } from "@/lib/server/messages/json";
import { getThread } from "@/lib/server/messages/thread";
import { queueUnreadEmail } from "@/lib/server/messages/unread-email";
import { tenantId, type TenantContext } from "@/lib/tenancy/context";
import { requirePermission } from "@/lib/tenancy/permissions";

/** POST /api/messages/threads: a new conversation with people and/or a whole group, and its first message. */
export async function createThread(ctx: TenantContext, input: CreateThreadInput): Promise<ThreadJson> {
  requirePermission(ctx, "messages:use");
  const organizationId = tenantId(ctx);
  const people = await checkedRecipients(ctx, input.recipient_ids ?? []);
  const group = input.group_id ? await checkedGroup(ctx, input.group_id) : null;
  const recipients = [...new Set([...people, ...(group?.memberIds ?? [])])];
  if (recipients.length === 0) {
    throw new AppError("VALIDATION_FAILED", "The group has no other members to write to", {
      fieldErrors: { group_id: ["The group has no other members to write to"] },
    });
  }
  await takeSendAllowance(ctx);
  const { threadId, message } = await db().$transaction(async (tx) => {
    const thread = await tx.messageThread.create({
      data: { organizationId, subject: input.subject, groupName: group?.name ?? null, createdById: ctx.userId },
      select: { id: true },
    });
    await tx.messageParticipant.createMany({
      data: [ctx.userId, ...recipients].map((userId) => ({ organizationId, threadId: thread.id, userId })),
    });
    return { threadId: thread.id, message: await appendMessage(tx, organizationId, thread.id, ctx.userId, input.body) };
  });
  await queueUnreadEmail({ organizationId, threadId, messageId: message.id });
  return getThread(ctx, threadId);
}

/** POST /api/messages/threads/{threadId}/messages: a reply, to every participant. */
export async function replyToThread(ctx: TenantContext, threadId: string, input: ReplyInput): Promise<MessageJson> {
  const { organizationId } = await requireParticipant(ctx, threadId);
  await takeSendAllowance(ctx);
  const message = await db().$transaction((tx) => appendMessage(tx, organizationId, threadId, ctx.userId, input.body));
  await queueUnreadEmail({ organizationId, threadId, messageId: message.id });
  return messageJson(message);
}

/**
 * Adds a message under the thread's row lock, timed by PostgreSQL's clock once the lock is held: the
 * messages of a thread commit in the order of their createdAt whatever app process sends them, which is
 * what the open thread's polling (`after`) relies on. The sender has read their own message; a new
 * message brings the conversation back from everyone's archive.
 */
async function appendMessage(
  tx: Prisma.TransactionClient,
  organizationId: string,
  threadId: string,
  senderId: string,
  body: string,
) {
  const [locked] = await queryRows<{ at: Date }>(
    Prisma.sql`UPDATE "MessageThread" SET "lastMessageAt" = (clock_timestamp() AT TIME ZONE 'UTC')
    WHERE "organizationId" = ${organizationId}::uuid AND "id" = ${threadId}::uuid
    RETURNING "lastMessageAt" AS "at"`,
    tx,
  );
  if (!locked) throw conversationNotFound();
  const message = await tx.message.create({
    data: { organizationId, threadId, senderId, body, createdAt: locked.at },
    select: messageSelect,
  });
  await tx.messageParticipant.updateMany({
    where: { organizationId, threadId, userId: senderId },
    data: { lastReadAt: locked.at },
  });
  await tx.messageParticipant.updateMany({
    where: { organizationId, threadId, archivedAt: { not: null } },
    data: { archivedAt: null },
  });
  return message;
}

/** The people named, each one the caller may write to; the caller themselves is dropped. */
async function checkedRecipients(ctx: TenantContext, ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids)].filter((id) => id !== ctx.userId);
  if (ids.length > 0 && wanted.length === 0) {
    throw new AppError("VALIDATION_FAILED", "You cannot write to yourself", {
      fieldErrors: { recipient_ids: ["You cannot write to yourself"] },
    });
  }
  if (wanted.length === 0) return [];
  const found = await db().user.findMany({
    where: { AND: [addressableUsersWhere(ctx), { id: { in: wanted } }] },
    select: { id: true },
  });
  if (found.length !== wanted.length) {
    // Someone of another organization, unknown, inactive, or not among those a learner may write to:
    // one answer for all, so the refusal tells nothing about who exists.
    const known = new Set(found.map((u) => u.id));
    const refused = wanted.filter((id) => !known.has(id));
    const message = `You cannot write to ${refused.length === 1 ? "this person" : "these people"}: ${refused.slice(0, 5).join(", ")}${refused.length > 5 ? ` and ${refused.length - 5} more` : ""}`;
    throw new AppError("VALIDATION_FAILED", message, { fieldErrors: { recipient_ids: [message] } });
  }
  return wanted;
}

/** A group the caller may write to, with its active members other than the caller. */
async function checkedGroup(ctx: TenantContext, groupId: string): Promise<{ name: string; memberIds: string[] }> {
  const group = await db().group.findFirst({
    where: { AND: [addressableGroupsWhere(ctx), { id: groupId }] },
    select: {
      name: true,
      members: { where: { userId: { not: ctx.userId }, user: { status: "active" } }, select: { userId: true } },
    },
  });
  if (!group)
    throw new AppError("VALIDATION_FAILED", "You cannot write to this group", {
      fieldErrors: { group_id: ["You cannot write to this group"] },
    });
  return { name: group.name, memberIds: group.members.map((m) => m.userId) };
}

/** Per user, across all app processes (RateLimitBucket): a clear 429 with Retry-After past the limit. */
async function takeSendAllowance(ctx: TenantContext): Promise<void> {
  const wait = await consumeBucket({
    key: `messages:send:${ctx.userId}`,
    limit: env.MESSAGE_SEND_LIMIT,
    windowSeconds: env.MESSAGE_SEND_WINDOW_SECONDS,
  });
  if (wait === 0) return;
  const minutes = Math.max(1, Math.ceil(wait / 60));
  throw new AppError(
    "RATE_LIMITED",
    `You are sending messages too quickly: at most ${env.MESSAGE_SEND_LIMIT} every ${Math.round(env.MESSAGE_SEND_WINDOW_SECONDS / 60)} minutes. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    {
      headers: { "Retry-After": String(wait) },
    },
  );
}
