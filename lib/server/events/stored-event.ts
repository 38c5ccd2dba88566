import "server-only";
import { addDays, parseDate } from "@/lib/calendar/dates";
import { seriesEnd, toRrule } from "@/lib/calendar/recurrence";
import { canonicalTimeZone } from "@/lib/calendar/time-zones";
import type { CreateEventInput, UpdateEventInput } from "@/lib/schemas/calendar";
import type { EventJson } from "@/lib/server/events/json";

// Between the API's event (dates with the last day included, instants with offsets, a recurrence) and
// its row (midnight-UTC days with the end excluded, UTC instants, an RRULE and the series' end).

export function storedEvent(input: CreateEventInput) {
  const allDay = input.all_day;
  const startsAt = allDay ? parseDate(input.starts_at)! : new Date(input.starts_at);
  const endsAt = allDay ? addDays(parseDate(input.ends_at)!, 1) : new Date(input.ends_at);
  const timeZone = canonicalTimeZone(input.time_zone) ?? "UTC";
  const recurrence = input.recurrence;
  const rrule = recurrence
    ? toRrule(
        {
          frequency: recurrence.frequency,
          interval: recurrence.interval,
          until: recurrence.until ?? null,
          count: recurrence.count ?? null,
        },
        { allDay, timeZone },
      )
    : null;
  return {
    title: input.title,
    description: input.description,
    location: input.location || null,
    startsAt,
    endsAt,
    allDay,
    timeZone,
    rrule,
    seriesEndsAt: seriesEnd({ startsAt, endsAt, allDay, timeZone, rrule }),
    courseId: input.course_id ?? null,
    groupId: input.group_id ?? null,
  };
}

/**
 * A PATCH laid over the stored event, in the create schema's shape (to be checked as a whole). Naming
 * course_id or group_id sets the audience anew: the one not named is cleared.
 */
export function mergedEvent(current: EventJson, patch: UpdateEventInput): Record<string, unknown> {
  const audienceChanges = patch.course_id !== undefined || patch.group_id !== undefined;
  const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  return {
    title: current.title,
    description: current.description,
    location: current.location,
    all_day: current.all_day,
    starts_at: current.starts_at,
    ends_at: current.ends_at,
    time_zone: current.time_zone,
    recurrence: current.recurrence,
    ...(audienceChanges
      ? { course_id: null, group_id: null }
      : { course_id: current.course_id, group_id: current.group_id }),
    ...defined,
  };
}
