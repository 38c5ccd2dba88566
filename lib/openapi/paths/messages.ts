import { definePaths, json, jsonBody, pathIds } from "@/lib/openapi/operation";
import { unreadCountSchema } from "@/lib/openapi/responses/auth";
import {
  inboxSchema,
  messageItemSchema,
  recipientsSchema,
  threadSchema,
  threadSummarySchema,
} from "@/lib/openapi/responses/messages";
import {
  createThreadSchema,
  listThreadsQuerySchema,
  recipientsQuerySchema,
  replySchema,
  threadQuerySchema,
  updateThreadSchema,
} from "@/lib/schemas/messages";

// app/api/messages/**. Conversations stay inside the organization and are seen by their participants
// only (another's is a 404). Who may write to whom: docs/permissions.md "Messages".

const WHO =
  "Staff (instructors, org admins, admins) may write to anyone of the organization and to any of its groups; a learner to the instructors " +
  "of their courses, to the members of their groups and to those groups.";
const RATE = "Sending is limited per user (30 messages in 5 minutes by default): past it, a 429 with Retry-After.";

export const messagePaths = definePaths("Messages", {
  "/api/messages/threads": {
    get: {
      operationId: "listThreads",
      summary: "The caller's conversations, newest activity first",
      description:
        "`archived=true` lists the archive instead. `q` searches subjects and messages (every word must match).",
      access: "signed-in",
      permission: "messages:use",
      requestParams: { query: listThreadsQuerySchema },
      responses: { 200: json("A page of conversations, and the unread count", inboxSchema) },
      errors: [400, 404],
    },
    post: {
      operationId: "createThread",
      summary: "Start a conversation with people and/or a whole group",
      description: `${WHO} A group's members at the time become participants. ${RATE} The participants who have not read the message 15 minutes later are e-mailed (unless they switched that off).`,
      access: "signed-in",
      permission: "messages:use",
      requestBody: jsonBody(createThreadSchema),
      responses: { 201: json("The conversation, with its id", threadSchema) },
      errors: [400, 404, 429],
    },
  },
  "/api/messages/threads/{threadId}": {
    requestParams: { path: pathIds("threadId") },
    get: {
      operationId: "getThread",
      summary: "A conversation, marked read for the caller",
      description:
        "Without a cursor: the latest 50 messages. `before`: the 50 before that message. `after`: the messages since it (an open conversation polls with it; it wins when both are sent).",
      access: "signed-in",
      permission: "messages:use",
      requestParams: { query: threadQuerySchema },
      responses: { 200: json("The conversation", threadSchema) },
      errors: [400, 404],
    },
    patch: {
      operationId: "updateThread",
      summary: "Archive a conversation, or bring it back (for the caller only)",
      description: "A new message brings an archived conversation back to the inbox.",
      access: "signed-in",
      permission: "messages:use",
      requestBody: jsonBody(updateThreadSchema),
      responses: { 200: json("The conversation as the inbox shows it", threadSummarySchema) },
      errors: [400, 404],
    },
  },
  "/api/messages/threads/{threadId}/messages": {
    requestParams: { path: pathIds("threadId") },
    post: {
      operationId: "replyToThread",
      summary: "Reply to every participant",
      description: RATE,
      access: "signed-in",
      permission: "messages:use",
      requestBody: jsonBody(replySchema),
      responses: { 201: json("The message", messageItemSchema) },
      errors: [400, 404, 429],
    },
  },
  "/api/messages/recipients": {
    get: {
      operationId: "searchRecipients",
      summary: "The people and groups the caller may write to",
      description: `${WHO} \`q\` matches names and usernames (staff: e-mail too); up to 20 people and 10 groups.`,
      access: "signed-in",
      permission: "messages:use",
      requestParams: { query: recipientsQuerySchema },
      responses: { 200: json("Matching people and groups", recipientsSchema) },
      errors: [400, 404],
    },
  },
  "/api/messages/unread-count": {
    get: {
      operationId: "getUnreadMessageCount",
      summary: "How many conversations have messages the caller has not read",
      description: "The top bar's badge, polled every 60 s. Archived conversations do not count; 0 on the apex.",
      access: "signed-in",
      permission: "messages:use",
      responses: { 200: json("The count", unreadCountSchema) },
    },
  },
});
