"use client";

import useSWR from "swr";
import type { ApiError } from "./api-error";
import { fetchUnreadCount, UNREAD_COUNT_PATH } from "./spec-calls";

export const UNREAD_COUNT_REFRESH_MS = 60_000;

/** A badge count: whole, never negative, 0 for anything that is not a finite number. */
export function clampUnreadCount(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
}

/** Unread messages for the navigation badge; 0 while disabled, loading or failing ('Failed to get unread count'). */
export function useUnreadCount({ enabled }: { enabled: boolean }): number {
  const { data, error } = useSWR<{ unreadCount: number }, ApiError, string | null>(enabled ? UNREAD_COUNT_PATH : null, fetchUnreadCount, {
    refreshInterval: UNREAD_COUNT_REFRESH_MS,
  });
  // SWR keeps the last data after a failed refresh; a count we could not confirm is not shown.
  if (error) return 0;
  return clampUnreadCount(data?.unreadCount);
}
