"use client";

import { useApi } from "./swr";

export const UNREAD_COUNT_PATH = "/api/messages/unread-count";
export const UNREAD_COUNT_REFRESH_MS = 60_000;

interface UnreadCountBody {
  unreadCount: number;
}

/** A badge count: whole, never negative, 0 for anything that is not a finite number. */
export function clampUnreadCount(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
}

/** Unread messages for the navigation badge; 0 while disabled, loading or failing. */
export function useUnreadCount({ enabled }: { enabled: boolean }): number {
  const { data, error } = useApi<UnreadCountBody>(enabled ? UNREAD_COUNT_PATH : null, {
    refreshInterval: UNREAD_COUNT_REFRESH_MS,
  });
  // SWR keeps the last data after a failed refresh; a count we could not confirm is not shown.
  if (error) return 0;
  return clampUnreadCount(data?.unreadCount);
}
