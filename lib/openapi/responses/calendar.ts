import { z } from "zod";
import { FREQUENCIES } from "@/lib/calendar/frequencies";
import { id, pageOf, timestamp } from "@/lib/openapi/responses/common";

// app/api/events/** and app/api/calendar/**: lib/server/events/json.ts, lib/server/calendar/*.

const when = z.string().meta({
  description:
    "Timed: an instant in UTC (`2026-03-19T09:00:00.000Z`). All-day: a date (`2026-03-19`); `ends_at` is the last day, included",
  example: "2026-03-19T09:00:00.000Z",
});

export const audienceSchema = z
  .object({ type: z.enum(["organization", "course", "group"]), id: id.nullable(), name: z.string().nullable() })
  .meta({
    id: "EventAudience",
    description: "Who the event is for: the whole organization, a course's people or a group's members",
  });

export const recurrenceResponseSchema = z
  .object({
    frequency: z.enum(FREQUENCIES),
    interval: z.number().int().min(1),
    until: z.string().nullable().meta({ example: "2026-12-31" }),
    count: z.number().int().min(1).nullable(),
  })
  .meta({ id: "Recurrence" });

export const eventSchema = z
  .object({
    id,
    title: z.string(),
    description: z.string(),
    location: z.string().nullable(),
    all_day: z.boolean(),
    starts_at: when,
    ends_at: when,
    time_zone: z.string().meta({
      description: "The IANA zone the times were entered in; a recurrence keeps its wall-clock time there",
      example: "Europe/Berlin",
    }),
    recurrence: recurrenceResponseSchema.nullable(),
    rrule: z
      .string()
      .nullable()
      .meta({ description: "The stored RFC 5545 rule", example: "FREQ=WEEKLY;INTERVAL=1;COUNT=10" }),
    audience: audienceSchema,
    course_id: id.nullable(),
    group_id: id.nullable(),
    created_by: z.object({ id, first_name: z.string(), last_name: z.string() }).nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Event" });

export const eventPageSchema = pageOf(eventSchema).meta({ id: "EventPage" });

export const calendarItemSchema = z
  .object({
    id: z
      .string()
      .meta({ description: "Unique per occurrence: the event's id and the occurrence's start, or the course's date" }),
    kind: z.enum(["event", "course_start", "course_end", "course_due"]),
    event_id: id.nullable(),
    course_id: id.nullable(),
    group_id: id.nullable(),
    title: z.string(),
    description: z.string(),
    location: z.string().nullable(),
    all_day: z.boolean(),
    starts_at: when,
    ends_at: when,
    time_zone: z.string().nullable(),
    recurring: z.boolean(),
    audience: audienceSchema,
    can_edit: z.boolean().meta({ description: "Whether the caller may edit the event (at /admin/events/{event_id})" }),
  })
  .meta({ id: "CalendarItem" });

export const calendarSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    items: z.array(calendarItemSchema).meta({ description: "Sorted by start" }),
  })
  .meta({ id: "Calendar" });

export const calendarSettingsSchema = z
  .object({
    time_zone: z
      .string()
      .nullable()
      .meta({ description: "The zone the calendar is shown in; null: the browser's own" }),
    feed_path: z.string().nullable().meta({
      description: "The personal iCal feed (its secret in the path), on this host; null: none",
      example: "/api/calendar/feed/…secret….ics",
    }),
  })
  .meta({ id: "CalendarSettings" });
