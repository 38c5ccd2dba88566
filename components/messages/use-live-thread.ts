"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { MessageJson, ParticipantJson, ThreadJson } from "@/components/messages/types";
import { apiGet } from "@/lib/client/api";
import { decrementUnreadCount, refreshUnreadCount } from "@/lib/client/unread-count";

/** How often an open conversation asks for new messages (while the tab is visible): under 5 s to show one. */
export const THREAD_POLL_MS = 3_000;

/** Messages by id, oldest first: what the server sent again (same millisecond as a cursor) counts once. */
export function mergeMessages(current: MessageJson[], incoming: MessageJson[]): MessageJson[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/**
 * An open conversation kept current by polling the database through the API (`after` the newest message
 * it has), which works whatever app process answers. Its reads mark what arrives as read; the badge is
 * lowered at once when opening read something, and re-asked when a poll did.
 */
export function useLiveThread(initial: ThreadJson) {
  const [messages, setMessages] = useState(initial.messages);
  const [participants, setParticipants] = useState<ParticipantJson[]>(initial.participants);
  const [hasEarlier, setHasEarlier] = useState(initial.has_more);
  const [isArchived, setIsArchived] = useState(initial.is_archived);
  const newest = useRef(initial.messages.at(-1)?.id);
  useEffect(() => {
    newest.current = messages.at(-1)?.id;
  }, [messages]);

  useEffect(() => {
    if (initial.was_unread) decrementUnreadCount();
  }, [initial.was_unread]);

  useEffect(() => {
    let busy = false;
    const timer = window.setInterval(async () => {
      if (busy || document.visibilityState !== "visible") return;
      busy = true;
      try {
        const after = newest.current ? `?after=${newest.current}` : "";
        const update = await apiGet<ThreadJson>(`/api/messages/threads/${initial.id}${after}`, {
          timeoutMs: 10_000,
          retryOnTimeout: false,
        });
        if (update.messages.length) setMessages((current) => mergeMessages(current, update.messages));
        setParticipants(update.participants);
        setIsArchived(update.is_archived);
        if (update.was_unread) refreshUnreadCount();
      } catch {
        // A missed poll is retried on the next tick; the page keeps what it has.
      } finally {
        busy = false;
      }
    }, THREAD_POLL_MS);
    return () => window.clearInterval(timer);
  }, [initial.id]);

  const loadEarlier = useCallback(async () => {
    const oldest = messages[0]?.id;
    if (!oldest) return;
    const page = await apiGet<ThreadJson>(`/api/messages/threads/${initial.id}?before=${oldest}`);
    setMessages((current) => mergeMessages(current, page.messages));
    setHasEarlier(page.has_more);
  }, [initial.id, messages]);

  const addMessage = useCallback(
    (message: MessageJson) => setMessages((current) => mergeMessages(current, [message])),
    [],
  );

  return { messages, participants, hasEarlier, isArchived, setIsArchived, loadEarlier, addMessage };
}
