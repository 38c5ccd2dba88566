import { addDays, formatDate, parseDate } from "@/lib/calendar/dates";
import type { CalendarItemJson } from "@/components/calendar/types";

// How one occurrence's time reads, and what FullCalendar is given for it.

/** FullCalendar's end of an all-day entry is the day after the last (exclusive), like iCalendar's. */
export function exclusiveEnd(lastDay: string): string {
  return formatDate(addDays(parseDate(lastDay)!, 1));
}

/** "Thu, 19 Mar 2026, 10:00 – 11:00" in the zone; all-day: the dates only, which no zone moves. */
export function formatOccurrence(
  item: Pick<CalendarItemJson, "all_day" | "starts_at" | "ends_at">,
  timeZone: string,
  locale?: string,
): string {
  if (item.all_day) {
    const format = new Intl.DateTimeFormat(locale, {
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    const first = parseDate(item.starts_at)!;
    const last = parseDate(item.ends_at)!;
    return first.getTime() === last.getTime()
      ? `${format.format(first)} (all day)`
      : `${format.formatRange(first, last)} (all day)`;
  }
  const format = new Intl.DateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  });
  return format.formatRange(new Date(item.starts_at), new Date(item.ends_at));
}

/** The YYYY-MM-DD on which `instant` falls in `timeZone`. */
export function dateInZone(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone }).format(
    instant,
  );
}
