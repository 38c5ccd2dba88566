import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Page } from "@/lib/schemas/pagination";

// What the messages API answers. People are named, never e-mailed: a learner sees who is in a
// conversation, not their addresses.

export const personSelect = {
  id: true,
  firstName: true,
  lastName: true,
  username: true,
  role: true,
  avatarUrl: true,
} satisfies Prisma.UserSelect;
type PersonRow = Prisma.UserGetPayload<{ select: typeof personSelect }>;

export interface PersonJson {
  id: string;
  first_name: string;
  last_name: string;
  username: string;
  role: string;
  avatar_url: string | null;
}

export function personJson(user: PersonRow): PersonJson {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    username: user.username,
    role: user.role,
    avatar_url: user.avatarUrl,
  };
}

export const messageSelect = {
  id: true,
  threadId: true,
  body: true,
  createdAt: true,
  sender: { select: personSelect },
} satisfies Prisma.MessageSelect;
type MessageRow = Prisma.MessageGetPayload<{ select: typeof messageSelect }>;

export interface MessageJson {
  id: string;
  thread_id: string;
  /** Plain text: shown as text, with links made clickable. */
  body: string;
  created_at: string;
  /** null when the sender's account is gone. */
  sender: PersonJson | null;
}

export function messageJson(message: MessageRow): MessageJson {
  return {
    id: message.id,
    thread_id: message.threadId,
    body: message.body,
    created_at: message.createdAt.toISOString(),
    sender: message.sender ? personJson(message.sender) : null,
  };
}

export interface ParticipantJson extends PersonJson {
  /** Up to when this participant has read the conversation (null: not yet opened). */
  last_read_at: string | null;
}

/** A conversation in the inbox. */
export interface ThreadSummaryJson {
  id: string;
  subject: string;
  /** The group it was sent to, if any, as it was named then. */
  group_name: string | null;
  last_message_at: string;
  is_unread: boolean;
  is_archived: boolean;
  participant_count: number;
  /** The other participants, the first few. */
  participants: PersonJson[];
  last_message: { id: string; excerpt: string; created_at: string; sender: PersonJson | null } | null;
}

export interface InboxJson extends Page<ThreadSummaryJson> {
  /** Conversations with unread messages (the badge's count), outside the archive. */
  unread_count: number;
}

/** A conversation opened: its participants and a window of its messages, oldest first. */
export interface ThreadJson {
  id: string;
  subject: string;
  group_name: string | null;
  created_at: string;
  last_message_at: string;
  is_archived: boolean;
  /** Whether the caller had unread messages here before this request marked them read. */
  was_unread: boolean;
  participant_count: number;
  /** Up to 50 participants, the caller included, with their read state. */
  participants: ParticipantJson[];
  messages: MessageJson[];
  /** More messages beyond this window in the direction asked (older, or newer after `after`). */
  has_more: boolean;
}

export const EXCERPT_LENGTH = 200;

export function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
}
