"use client";

import useSWR, { mutate } from "swr";
import type { ApiError } from "./api-error";
import { fetchUnreadCount, UNREAD_COUNT_PATH } from "./spec-calls";

export const UNREAD_COUNT_REFRESH_MS = 60_000;

type UnreadCount = { unreadCount: number };

/** A badge count: whole, never negative, 0 for anything that is not a finite number. */
export function clampUnreadCount(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
}

/** Unread conversations for the navigation badge; 0 while disabled, loading or failing ('Failed to get unread count'). */
export function useUnreadCount({ enabled }: { enabled: boolean }): number {
  const { data, error } = useSWR<UnreadCount, ApiError, string | null>(
    enabled ? UNREAD_COUNT_PATH : null,
    fetchUnreadCount,
    {
      refreshInterval: UNREAD_COUNT_REFRESH_MS,
    },
  );
  // SWR keeps the last data after a failed refresh; a count we could not confirm is not shown.
  if (error) return 0;
  return clampUnreadCount(data?.unreadCount);
}

/** The spec's decrement: one less, never below 0. */
export function decrementedUnreadCount(current: UnreadCount | undefined): UnreadCount {
  return { unreadCount: clampUnreadCount(clampUnreadCount(current?.unreadCount) - 1) };
}

/** A conversation was just read: the badge goes down at once; the next poll confirms it with the server. */
export function decrementUnreadCount(): void {
  void mutate<UnreadCount>(UNREAD_COUNT_PATH, decrementedUnreadCount, { revalidate: false });
}

/** A count the server just gave with other data (the inbox): the badge shows it without another request. */
export function setUnreadCount(count: number): void {
  void mutate<UnreadCount>(UNREAD_COUNT_PATH, { unreadCount: clampUnreadCount(count) }, { revalidate: false });
}

/** Something may have been read elsewhere than by opening a conversation: ask the server again now. */
export function refreshUnreadCount(): void {
  void mutate(UNREAD_COUNT_PATH);
}
