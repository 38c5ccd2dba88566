"use client";

import { useSyncExternalStore } from "react";
import { dayAndTime } from "@/lib/format-dates";

const noChanges = () => () => {};

/**
 * "25 Nov 2026, 14:05" in the reader's time zone, inside a page rendered on the server. The server
 * component that places it writes `serverText` in the server's zone; hydration keeps that text (React
 * asks for the server's snapshot while hydrating, in the browser too), then the browser writes the
 * reader's own, so React never sees a mismatch.
 */
export function LocalDateTime({ iso, serverText }: { iso: string; serverText: string }) {
  const text = useSyncExternalStore(
    noChanges,
    () => dayAndTime(iso),
    () => serverText,
  );
  return <time dateTime={iso}>{text}</time>;
}
