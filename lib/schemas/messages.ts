import { z } from "zod";
import { idSchema } from "@/lib/schemas/id";
import { paginationQuerySchema } from "@/lib/schemas/pagination";

// Messages: threads between people of one organization. Bodies are plain text (links are made clickable
// when shown, never HTML).

export const MESSAGE_BODY_MAX = 10_000;
export const MAX_RECIPIENTS = 100;

export const subjectSchema = z
  .string({ error: "Subject is required" })
  .trim()
  .min(1, "Subject is required")
  .max(200, "Subject must be at most 200 characters");

export const messageBodySchema = z
  .string({ error: "Write a message" })
  .trim()
  .min(1, "Write a message")
  .max(MESSAGE_BODY_MAX, `A message must be at most ${MESSAGE_BODY_MAX.toLocaleString("en-US")} characters`);

/** POST /api/messages/threads: to people, to a whole group, or both. */
export const createThreadSchema = z
  .object({
    subject: subjectSchema,
    body: messageBodySchema,
    recipient_ids: z
      .array(idSchema, { error: "recipient_ids must be a list of user ids" })
      .max(MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} people at a time (write to a group for more)`)
      .optional(),
    group_id: idSchema.optional(),
  })
  .refine((v) => (v.recipient_ids?.length ?? 0) > 0 || v.group_id, {
    message: "Choose at least one person or a group",
    path: ["recipient_ids"],
  });
export type CreateThreadInput = z.infer<typeof createThreadSchema>;

export const replySchema = z.object({ body: messageBodySchema });
export type ReplyInput = z.infer<typeof replySchema>;

const searchText = z.string().trim().max(200, "The search text must be at most 200 characters").optional();

/** GET /api/messages/threads: the inbox (or the archive), newest first, searchable. */
export const listThreadsQuerySchema = paginationQuerySchema.extend({
  q: searchText,
  archived: z
    .enum(["true", "false"], { error: "archived must be true or false" })
    .optional()
    .transform((v) => v === "true"),
});
export type ListThreadsQuery = z.infer<typeof listThreadsQuerySchema>;

/** GET /api/messages/threads/{threadId}: the latest messages, or those after (wins when both are sent) or before a message. */
export const threadQuerySchema = z.object({ after: idSchema.optional(), before: idSchema.optional() });
export type ThreadQuery = z.infer<typeof threadQuerySchema>;

/** PATCH /api/messages/threads/{threadId}: the caller's own state of the thread. */
export const updateThreadSchema = z.object({ archived: z.boolean({ error: "archived must be true or false" }) });
export type UpdateThreadInput = z.infer<typeof updateThreadSchema>;

/** GET /api/messages/recipients?q= */
export const recipientsQuerySchema = z.object({ q: searchText });
export type RecipientsQuery = z.infer<typeof recipientsQuerySchema>;
