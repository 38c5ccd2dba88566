"use client";

import { format, isSameDay, isSameYear } from "date-fns";
import { useIsHydrated } from "@/components/hooks/use-browser";

/** Today: "14:05"; this year: "3 Mar"; else "3 Mar 2025". */
export function shortTime(date: Date, now = new Date()): string {
  if (isSameDay(date, now)) return format(date, "HH:mm");
  return format(date, isSameYear(date, now) ? "d MMM" : "d MMM yyyy");
}

/**
 * A time in the reader's own time zone. Known only in the browser, so the server render leaves it empty
 * rather than show the server's zone (and mismatch on hydration).
 */
export function MessageTime({ iso, long = false }: { iso: string; long?: boolean }) {
  const isHydrated = useIsHydrated();
  const date = new Date(iso);
  const full = isHydrated ? format(date, "EEEE d MMMM yyyy, HH:mm") : "";
  return (
    <time dateTime={iso} title={full}>
      {isHydrated ? (long ? full : shortTime(date)) : ""}
    </time>
  );
}
