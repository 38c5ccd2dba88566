import { z } from "zod";
import { DAY_MS, FIRST_YEAR, LAST_YEAR, parseDate } from "@/lib/calendar/dates";
import { FREQUENCIES } from "@/lib/calendar/frequencies";
import { isTimeZone } from "@/lib/calendar/time-zones";
import { idSchema } from "@/lib/schemas/id";
import { paginationQuerySchema } from "@/lib/schemas/pagination";

// Events and the calendar. Timed events take instants with their UTC offset ("2026-03-19T10:00:00+01:00")
// and the zone they were entered in (a recurrence keeps its wall-clock time there); all-day events take
// dates, the last day included ("2026-03-05" to "2026-03-06" is two days).

export const timeZoneSchema = z
  .string({ error: "time_zone must be an IANA time zone such as Europe/Berlin" })
  .max(64)
  .refine(isTimeZone, "Unknown time zone: use an IANA name such as Europe/Berlin");

const dateSchema = z.iso.date({ error: "Use a date such as 2026-03-19" });
const instantSchema = z.iso.datetime({
  offset: true,
  error: "Use a date and time with its offset, such as 2026-03-19T10:00:00+01:00",
});
const dateOrInstantSchema = z.union([dateSchema, instantSchema], {
  error: "Use a date (2026-03-19) or a date and time with its offset (2026-03-19T10:00:00+01:00)",
});

export const recurrenceSchema = z.object({
  frequency: z.enum(FREQUENCIES, { error: "frequency must be weekly or monthly" }),
  interval: z
    .number({ error: "interval must be a number" })
    .int("interval must be a whole number")
    .min(1, "interval must be at least 1")
    .max(52, "interval must be at most 52")
    .default(1),
  /** The last day an occurrence may start on, in the event's zone. */
  until: dateSchema.nullish(),
  /** How many occurrences in all. */
  count: z
    .number({ error: "count must be a number" })
    .int("count must be a whole number")
    .min(1, "count must be at least 1")
    .max(500, "count must be at most 500")
    .nullish(),
});
export type RecurrenceInput = z.infer<typeof recurrenceSchema>;

/** Every field of an event; createEventSchema adds the rules between them. */
export const eventFieldsSchema = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(200, "Title must be at most 200 characters"),
  description: z.string().trim().max(5000, "Description must be at most 5000 characters").default(""),
  location: z.string().trim().max(300, "Location must be at most 300 characters").nullish(),
  all_day: z.boolean({ error: "all_day must be true or false" }).default(false),
  starts_at: dateOrInstantSchema,
  ends_at: dateOrInstantSchema,
  time_zone: timeZoneSchema.default("UTC"),
  /** The audience: a course, a group, or (neither) the whole organization. */
  course_id: idSchema.nullish(),
  group_id: idSchema.nullish(),
  recurrence: recurrenceSchema.nullish(),
});

type EventFields = z.output<typeof eventFieldsSchema>;

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const yearOf = (value: string) => Number(value.slice(0, 4));
/** Dates are midnight UTC; instants are themselves. */
const timeOf = (value: string) => (isDate(value) ? parseDate(value)!.getTime() : Date.parse(value));

/** The rules between an event's fields (also run on a PATCH merged with the stored event). */
export function checkEvent(event: EventFields, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  for (const field of ["starts_at", "ends_at"] as const) {
    const value = event[field];
    if (event.all_day && !isDate(value)) issue(field, "An all-day event takes a date such as 2026-03-19");
    else if (!event.all_day && isDate(value))
      issue(field, "Give a time as well, such as 2026-03-19T10:00:00+01:00, or make the event all-day");
    else if (yearOf(value) < FIRST_YEAR || yearOf(value) > LAST_YEAR)
      issue(field, `Dates run from ${FIRST_YEAR} to the end of ${LAST_YEAR}`);
  }
  if (timeOf(event.ends_at) < timeOf(event.starts_at)) issue("ends_at", "The end must not be before the start");
  if (event.course_id && event.group_id) issue("group_id", "An event is for a course or a group, not both");
  const recurrence = event.recurrence;
  if (recurrence?.until && recurrence.count)
    issue("recurrence", "Give an end date or a number of occurrences, not both");
  if (recurrence?.until) {
    if (yearOf(recurrence.until) > LAST_YEAR) issue("recurrence.until", `Dates run to the end of ${LAST_YEAR}`);
    else if (parseDate(recurrence.until)!.getTime() < timeOf(event.starts_at.slice(0, 10)))
      issue("recurrence.until", "The repetition cannot end before the event starts");
  }
}

export const createEventSchema = eventFieldsSchema.superRefine(checkEvent);
export type CreateEventInput = z.output<typeof createEventSchema>;

/** PATCH: any fields; the server checks the event they make together with what is stored. */
export const updateEventSchema = eventFieldsSchema.partial();
export type UpdateEventInput = z.output<typeof updateEventSchema>;

export const EVENT_LIST_WHEN = ["upcoming", "past", "all"] as const;

/** GET /api/events: the events the caller manages. */
export const listEventsQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(200, "The search text must be at most 200 characters").optional(),
  when: z.enum(EVENT_LIST_WHEN, { error: "when must be upcoming, past or all" }).default("upcoming"),
});
export type ListEventsQuery = z.infer<typeof listEventsQuerySchema>;

/** The longest window one calendar request may ask for. */
export const MAX_CALENDAR_WINDOW_DAYS = 366;

/** GET /api/calendar: a window (dates are midnight UTC). */
export const calendarQuerySchema = z
  .object({ from: dateOrInstantSchema, to: dateOrInstantSchema })
  .superRefine(({ from, to }, ctx) => {
    for (const [field, value] of [
      ["from", from],
      ["to", to],
    ] as const) {
      if (yearOf(value) < FIRST_YEAR || yearOf(value) > LAST_YEAR + 1)
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: `Dates run from ${FIRST_YEAR} to the end of ${LAST_YEAR}`,
        });
    }
    const span = timeOf(to) - timeOf(from);
    if (span <= 0) ctx.addIssue({ code: "custom", path: ["to"], message: "to must be after from" });
    else if (span > MAX_CALENDAR_WINDOW_DAYS * DAY_MS)
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `Ask for at most ${MAX_CALENDAR_WINDOW_DAYS} days at a time`,
      });
  });
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

/** PATCH /api/calendar/settings: null = follow the browser's zone. */
export const updateCalendarSettingsSchema = z.object({ time_zone: timeZoneSchema.nullable() });
export type UpdateCalendarSettingsInput = z.infer<typeof updateCalendarSettingsSchema>;
