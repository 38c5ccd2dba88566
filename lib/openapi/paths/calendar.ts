import { z } from "zod";
import { definePaths, json, jsonBody, noContent, pathIds } from "@/lib/openapi/operation";
import { calendarSchema, calendarSettingsSchema, eventPageSchema, eventSchema } from "@/lib/openapi/responses/calendar";
import {
  calendarQuerySchema,
  createEventSchema,
  listEventsQuerySchema,
  updateCalendarSettingsSchema,
  updateEventSchema,
} from "@/lib/schemas/calendar";

// app/api/events/** and app/api/calendar/**.

const WHO_MANAGES =
  "Org admins and admins: every event of the organization; instructors: the events of the courses they teach and of the groups they manage (others are 404s to them).";
const TIMES =
  "Timed events take `starts_at`/`ends_at` with their offset and the `time_zone` they were entered in (a weekly 10:00 stays at 10:00 " +
  "there across daylight-saving changes); all-day events take dates, the last day included. Dates run from 1900 to the end of 2099.";

export const eventPaths = definePaths("Calendar", {
  "/api/events": {
    get: {
      operationId: "listEvents",
      summary: "The events the caller manages",
      description: `${WHO_MANAGES} \`when\`: upcoming (soonest first, the default), past or all (latest first); \`q\` searches title, description and location.`,
      access: "signed-in",
      permission: "events:manage",
      requestParams: { query: listEventsQuerySchema },
      responses: { 200: json("A page of events", eventPageSchema) },
      errors: [400, 403, 404],
    },
    post: {
      operationId: "createEvent",
      summary: "Create an event for the organization, a course or a group",
      description:
        `Administrators hold events for anyone; instructors for the courses they teach (a 403 for another course) and the groups they manage. ` +
        `Give \`course_id\` or \`group_id\`, or neither for the whole organization. ${TIMES} A recurrence repeats weekly or monthly, every ` +
        "`interval` weeks or months, until a date or for a `count` of occurrences (stored as an RFC 5545 RRULE).",
      access: "signed-in",
      permission: "events:manage",
      requestBody: jsonBody(createEventSchema),
      responses: { 201: json("The new event", eventSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/events/{eventId}": {
    requestParams: { path: pathIds("eventId") },
    get: {
      operationId: "getEvent",
      summary: "An event the caller manages",
      description: WHO_MANAGES,
      access: "signed-in",
      permission: "events:manage",
      responses: { 200: json("The event", eventSchema) },
      errors: [403, 404],
    },
    patch: {
      operationId: "updateEvent",
      summary: "Change an event",
      description: `Any fields; the event they make with what is stored is checked as a whole. Naming \`course_id\` or \`group_id\` sets a new audience (the other is cleared), which the caller must be allowed to hold events for. ${TIMES}`,
      access: "signed-in",
      permission: "events:manage",
      requestBody: jsonBody(updateEventSchema),
      responses: { 200: json("The event", eventSchema) },
      errors: [400, 403, 404],
    },
    delete: {
      operationId: "deleteEvent",
      summary: "Delete an event and all its occurrences",
      access: "signed-in",
      permission: "events:manage",
      responses: { 204: noContent },
      errors: [403, 404],
    },
  },
  "/api/calendar": {
    get: {
      operationId: "getCalendar",
      summary: "The caller's calendar in a window, recurring events expanded",
      description:
        "Organization-wide events, those of the caller's courses (enrolled or teaching) and groups, the events they made, and their courses' " +
        "start, end and due dates. `from` and `to` are dates or instants with offsets, at most 366 days apart. Timed occurrences overlap the " +
        "window; all-day ones are days, matched with a day's margin on each side (each zone's day is a different span of time).",
      access: "signed-in",
      permission: "calendar:read",
      requestParams: { query: calendarQuerySchema },
      responses: { 200: json("The occurrences, sorted by start", calendarSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/calendar/settings": {
    get: {
      operationId: "getCalendarSettings",
      summary: "The caller's time zone and iCal feed link",
      access: "signed-in",
      permission: "calendar:read",
      responses: { 200: json("The settings", calendarSettingsSchema) },
      errors: [403, 404],
    },
    patch: {
      operationId: "updateCalendarSettings",
      summary: "Set the zone the caller's calendar is shown in",
      description: "An IANA zone such as `Europe/Berlin`, or null to follow the browser's own.",
      access: "signed-in",
      permission: "calendar:read",
      requestBody: jsonBody(updateCalendarSettingsSchema),
      responses: { 200: json("The settings", calendarSettingsSchema) },
      errors: [400, 403, 404],
    },
  },
  "/api/calendar/feed": {
    post: {
      operationId: "createCalendarFeed",
      summary: "A new secret link to the caller's iCal feed",
      description:
        "Any earlier link stops working at once. Calendar apps (Google, Apple, Outlook) subscribe to the link; anyone who has it can read the feed, so keep it private.",
      access: "signed-in",
      permission: "calendar:read",
      responses: { 201: json("The settings with the new `feed_path`", calendarSettingsSchema) },
      errors: [403, 404],
    },
    delete: {
      operationId: "revokeCalendarFeed",
      summary: "Revoke the caller's iCal feed link",
      description: "The link answers 404 from now on.",
      access: "signed-in",
      permission: "calendar:read",
      responses: { 200: json("The settings, `feed_path` null", calendarSettingsSchema) },
      errors: [403, 404],
    },
  },
  "/api/calendar/feed/{secret}.ics": {
    requestParams: { path: z.object({ secret: z.string().meta({ description: "The secret from `feed_path`" }) }) },
    get: {
      operationId: "getCalendarFeed",
      summary: "The personal iCal feed (text/calendar)",
      description:
        "No session: the secret is the key. It answers on its owner's organization's host only, for an active account; a revoked or unknown " +
        "secret is a 404. It holds what GET /api/calendar shows, from a year ago on, with recurrences as RRULEs and zones as VTIMEZONEs.",
      access: "public",
      responses: {
        200: { description: "An iCalendar (RFC 5545) document", content: { "text/calendar": { schema: z.string() } } },
      },
      errors: [404],
    },
  },
});
