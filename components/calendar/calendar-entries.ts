import type { EventInput } from "@fullcalendar/react";
import { entryColors } from "@/components/calendar/calendar-theme";
import { exclusiveEnd } from "@/components/calendar/occurrence-time";
import type { CalendarItemJson } from "@/components/calendar/types";

/** One occurrence of GET /api/calendar as FullCalendar takes it (the item rides along for the dialog). */
export function toEventInput(item: CalendarItemJson): EventInput {
  return {
    id: item.id,
    title: item.title,
    start: item.starts_at,
    end: item.all_day ? exclusiveEnd(item.ends_at) : item.ends_at,
    allDay: item.all_day,
    ...entryColors(item.kind === "event" ? item.audience.type : "dates"),
    extendedProps: { item },
  };
}

export const CALENDAR_VIEWS = { month: "dayGridMonth", week: "timeGridWeek", agenda: "listMonth" } as const;
export type CalendarViewName = keyof typeof CALENDAR_VIEWS;

export function viewNameOf(value: string | null): CalendarViewName {
  return value === "week" || value === "agenda" ? value : "month";
}
