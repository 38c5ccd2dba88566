import "server-only";
import { TZDate } from "@date-fns/tz";
import ical, { type ICalEventData } from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { addDays } from "@/lib/calendar/dates";
import { courseDateTitle, type CourseDate } from "@/lib/server/calendar/course-dates";

// The iCal document of a personal feed, built with ical-generator. Recurring events keep their RRULE
// (clients expand them); timed events carry their zone as TZID with its VTIMEZONE definition, so a
// weekly 10:00 in Europe/Berlin stays at 10:00 there in Google, Apple and Outlook calendars across
// daylight-saving changes. All-day events and course dates are DATE values: the same days in every zone.

export interface FeedSeries {
  id: string;
  title: string;
  description: string;
  location: string | null;
  startsAt: Date;
  endsAt: Date;
  allDay: boolean;
  timeZone: string;
  rrule: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The VTIMEZONE block and the TZID to name a zone by, or null for UTC or a zone the library lacks. */
function zoneDefinition(zone: string): { tzid: string; block: string } | null {
  if (zone === "UTC") return null;
  const found = tzlib_get_ical_block(zone);
  if (!Array.isArray(found) || !found[0] || !found[1]) return null;
  return { tzid: found[1].replace(/^TZID=/, ""), block: found[0].replace(/\r?\n/g, "\r\n").trim() };
}

function eventData(event: FeedSeries, host: string, zones: Map<string, string>): ICalEventData {
  const common = {
    id: `${event.id}@${host}`,
    summary: event.title,
    description: event.description || null,
    location: event.location,
    created: event.createdAt,
    lastModified: event.updatedAt,
    stamp: event.updatedAt,
    repeating: event.rrule ? `RRULE:${event.rrule}` : null,
  };
  if (event.allDay) return { ...common, allDay: true, start: event.startsAt, end: event.endsAt };
  const zone = zoneDefinition(event.timeZone);
  // Without a definition (UTC, or a zone unknown to the library) the times are written in UTC.
  if (!zone) return { ...common, start: event.startsAt, end: event.endsAt };
  zones.set(zone.tzid, zone.block);
  return {
    ...common,
    timezone: zone.tzid,
    start: new TZDate(event.startsAt.getTime(), zone.tzid),
    end: new TZDate(event.endsAt.getTime(), zone.tzid),
  };
}

export function buildIcs(input: {
  name: string;
  host: string;
  series: FeedSeries[];
  courseDates: CourseDate[];
}): string {
  const calendar = ical({
    name: input.name,
    prodId: { company: "Learning Management", product: "Calendar", language: "EN" },
    ttl: 3600,
  });
  const zones = new Map<string, string>();
  for (const event of input.series) calendar.createEvent(eventData(event, input.host, zones));
  for (const date of input.courseDates) {
    calendar.createEvent({
      id: `${date.courseId}-${date.kind}@${input.host}`,
      summary: courseDateTitle(date),
      allDay: true,
      start: date.date,
      end: addDays(date.date, 1),
      stamp: date.date,
    });
  }
  const text = calendar.toString();
  if (zones.size === 0) return text;
  // ical-generator writes VTIMEZONE blocks only for a calendar-wide zone, which would also turn DTSTAMP
  // into local time; the definitions go in before the first event instead.
  const at = text.indexOf("BEGIN:VEVENT");
  return `${text.slice(0, at)}${[...zones.values()].join("\r\n")}\r\n${text.slice(at)}`;
}
