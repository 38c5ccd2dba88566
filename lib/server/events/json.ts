import "server-only";
import { addDays, formatDate } from "@/lib/calendar/dates";
import { fromRrule, type Recurrence } from "@/lib/calendar/recurrence";
import type { Prisma } from "@/lib/generated/prisma/client";

// An event as the API shows it (snake_case). Timed events: instants in UTC; all-day events: dates with
// the last day included, the same days in every zone.

/** An event's own fields: what the calendar feed writes out. */
export const eventFieldsSelect = {
  id: true,
  title: true,
  description: true,
  location: true,
  startsAt: true,
  endsAt: true,
  allDay: true,
  timeZone: true,
  rrule: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.EventSelect;

/** An event's own fields and audience: what the calendar expands into occurrences. */
export const eventSeriesSelect = {
  ...eventFieldsSelect,
  courseId: true,
  groupId: true,
  course: { select: { id: true, title: true } },
  group: { select: { id: true, name: true } },
} satisfies Prisma.EventSelect;

/** The same with its author, as the events API shows it. */
export const eventSelect = {
  ...eventSeriesSelect,
  createdBy: { select: { id: true, firstName: true, lastName: true } },
} satisfies Prisma.EventSelect;
export type EventRow = Prisma.EventGetPayload<{ select: typeof eventSelect }>;

export type AudienceType = "organization" | "course" | "group";

export interface AudienceJson {
  type: AudienceType;
  id: string | null;
  name: string | null;
}

export function audienceJson(event: Pick<EventRow, "course" | "group">): AudienceJson {
  if (event.course) return { type: "course", id: event.course.id, name: event.course.title };
  if (event.group) return { type: "group", id: event.group.id, name: event.group.name };
  return { type: "organization", id: null, name: null };
}

/** starts_at / ends_at of an event or occurrence: instants, or dates with the last day included. */
export function eventTimes(allDay: boolean, startsAt: Date, endsAt: Date): { starts_at: string; ends_at: string } {
  if (!allDay) return { starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString() };
  return { starts_at: formatDate(startsAt), ends_at: formatDate(addDays(endsAt, -1)) };
}

export function eventJson(event: EventRow) {
  const recurrence: Recurrence | null = event.rrule ? fromRrule(event.rrule, event) : null;
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    location: event.location,
    all_day: event.allDay,
    ...eventTimes(event.allDay, event.startsAt, event.endsAt),
    time_zone: event.timeZone,
    recurrence,
    rrule: event.rrule,
    audience: audienceJson(event),
    course_id: event.courseId,
    group_id: event.groupId,
    created_by: event.createdBy && {
      id: event.createdBy.id,
      first_name: event.createdBy.firstName,
      last_name: event.createdBy.lastName,
    },
    created_at: event.createdAt.toISOString(),
    updated_at: event.updatedAt.toISOString(),
  };
}
export type EventJson = ReturnType<typeof eventJson>;
