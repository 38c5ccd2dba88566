import { z } from "zod";
import { count, id, pageOf, timestamp } from "@/lib/openapi/responses/common";

// app/api/messages/**: lib/server/messages/json.ts.

export const messagePersonSchema = z
  .object({
    id,
    first_name: z.string(),
    last_name: z.string(),
    username: z.string(),
    role: z.string().meta({ example: "instructor" }),
    avatar_url: z.string().nullable(),
  })
  .meta({ id: "MessagePerson", description: "Someone in a conversation: names, never an e-mail address" });

export const messageItemSchema = z
  .object({
    id,
    thread_id: id,
    body: z.string().meta({ description: "Plain text; links are made clickable when shown, HTML is never rendered" }),
    created_at: timestamp,
    sender: messagePersonSchema.nullable().meta({ description: "null when the sender's account is gone" }),
  })
  .meta({ id: "MessageItem" });

export const threadSummarySchema = z
  .object({
    id,
    subject: z.string(),
    group_name: z.string().nullable().meta({ description: "The group it was sent to, as it was named then" }),
    last_message_at: timestamp,
    is_unread: z.boolean(),
    is_archived: z.boolean(),
    participant_count: count,
    participants: z.array(messagePersonSchema).meta({ description: "The first few other participants" }),
    last_message: z
      .object({ id, excerpt: z.string(), created_at: timestamp, sender: messagePersonSchema.nullable() })
      .nullable(),
  })
  .meta({ id: "ThreadSummary", description: "A conversation as the inbox lists it" });

export const inboxSchema = pageOf(threadSummarySchema)
  .extend({
    unread_count: count.meta({ description: "Conversations with unread messages outside the archive (the badge)" }),
  })
  .meta({ id: "Inbox" });

export const threadSchema = z
  .object({
    id,
    subject: z.string(),
    group_name: z.string().nullable(),
    created_at: timestamp,
    last_message_at: timestamp,
    is_archived: z.boolean(),
    was_unread: z
      .boolean()
      .meta({ description: "Whether the caller had unread messages here before this request marked them read" }),
    participant_count: count,
    participants: z
      .array(messagePersonSchema.extend({ last_read_at: timestamp.nullable() }))
      .meta({ description: "Up to 50, with how far each has read" }),
    messages: z.array(messageItemSchema).meta({ description: "Oldest first" }),
    has_more: z.boolean().meta({ description: "More messages beyond this window in the direction asked" }),
  })
  .meta({ id: "Thread", description: "A conversation with a window of its messages" });

export const recipientsSchema = z
  .object({
    users: z.array(messagePersonSchema),
    groups: z.array(z.object({ id, name: z.string(), member_count: count })),
  })
  .meta({ id: "Recipients", description: "Whom the caller may write to" });
