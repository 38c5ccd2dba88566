import { TZDate } from "@date-fns/tz";
import { dateInZone } from "@/components/calendar/occurrence-time";
import type { EventJson } from "@/components/calendar/types";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import type { createEventSchema } from "@/lib/schemas/calendar";

// The event form keeps the API's values (instants with offsets, or dates) and the pickers show wall
// clocks: a Date whose local fields are the time in the event's zone, whatever the browser's zone is.

/** The form's values: what the API takes (createEventSchema's input). */
export type EventFormValues = z.input<typeof createEventSchema>;
export type EventForm = UseFormReturn<EventFormValues, unknown, z.output<typeof createEventSchema>>;

/**
 * The wall clock of an instant in `zone`, as a local Date for a picker, to the nearest minute: before
 * standard time a zone's offset has seconds (New York's was -4:56:02), which TZDate writes and reads back
 * seconds apart, so midnight typed into a year such as 0202 would otherwise come back as 23:59 the day before.
 */
export function wallClock(iso: string, zone: string): Date {
  const t = new TZDate(new Date(iso).getTime(), zone);
  const minutes = t.getMinutes() + (t.getSeconds() >= 30 ? 1 : 0);
  return new Date(t.getFullYear(), t.getMonth(), t.getDate(), t.getHours(), minutes);
}

/** The instant at which `zone` shows the picker's wall clock, with its offset ("2026-03-19T10:00:00.000+01:00"). */
export function instantAt(wall: Date, zone: string): string {
  if (Number.isNaN(wall.getTime())) return "invalid";
  return new TZDate(
    wall.getFullYear(),
    wall.getMonth(),
    wall.getDate(),
    wall.getHours(),
    wall.getMinutes(),
    0,
    zone,
  ).toISOString();
}

/** Switching all-day on keeps the dates; switching it off puts the event at 09:00–10:00 of its first day. */
export function toggleAllDay(
  values: { starts_at: string; ends_at: string; time_zone: string },
  allDay: boolean,
): { starts_at: string; ends_at: string } {
  const { starts_at, ends_at, time_zone: zone } = values;
  if (allDay) return { starts_at: dateInZone(new Date(starts_at), zone), ends_at: dateInZone(new Date(ends_at), zone) };
  const [y, m, d] = starts_at.split("-").map(Number) as [number, number, number];
  return { starts_at: instantAt(new Date(y, m - 1, d, 9), zone), ends_at: instantAt(new Date(y, m - 1, d, 10), zone) };
}

/** Another zone keeps the wall-clock times (10:00 stays 10:00, now in the new zone). */
export function moveToZone(iso: string, from: string, to: string): string {
  return instantAt(wallClock(iso, from), to);
}

/** A new event: the next full hour in `zone`, for an hour. */
export function newEventValues(zone: string, now = new Date()) {
  const wall = wallClock(now.toISOString(), zone);
  const start = new Date(wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours() + 1);
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate(), start.getHours() + 1);
  return {
    title: "",
    description: "",
    location: null,
    all_day: false,
    starts_at: instantAt(start, zone),
    ends_at: instantAt(end, zone),
    time_zone: zone,
    course_id: null,
    group_id: null,
    recurrence: null,
  } satisfies EventFormValues;
}

/** An event as the form edits it. */
export function eventValues(event: EventJson) {
  return {
    title: event.title,
    description: event.description,
    location: event.location,
    all_day: event.all_day,
    starts_at: event.all_day
      ? event.starts_at
      : instantAt(wallClock(event.starts_at, event.time_zone), event.time_zone),
    ends_at: event.all_day ? event.ends_at : instantAt(wallClock(event.ends_at, event.time_zone), event.time_zone),
    time_zone: event.time_zone,
    course_id: event.course_id,
    group_id: event.group_id,
    recurrence: event.recurrence,
  } satisfies EventFormValues;
}
