import "server-only";
import { db } from "@/lib/db";
import { addDays, parseDate } from "@/lib/calendar/dates";
import { expandSeries } from "@/lib/calendar/recurrence";
import type { CalendarQuery } from "@/lib/schemas/calendar";
import {
  courseDateId,
  courseDateTitle,
  listCourseDates,
  type CourseDate,
  type CourseDateKind,
} from "@/lib/server/calendar/course-dates";
import { visibleEventsWhere } from "@/lib/server/calendar/visibility";
import { managedEventsWhere } from "@/lib/server/events/access";
import { audienceJson, eventSeriesSelect, eventTimes, type AudienceJson } from "@/lib/server/events/json";
import type { TenantContext } from "@/lib/tenancy/context";
import { can } from "@/lib/tenancy/permissions";

// GET /api/calendar: the caller's calendar in a window, every recurring event expanded. Timed entries
// overlap the window as instants; all-day entries are days, matched with a day's margin on each side
// (a day is a different span of time in every zone: the browser shows the days of the window it asked for).

export interface CalendarItemJson {
  id: string;
  kind: "event" | CourseDateKind;
  event_id: string | null;
  course_id: string | null;
  group_id: string | null;
  title: string;
  description: string;
  location: string | null;
  all_day: boolean;
  starts_at: string;
  ends_at: string;
  /** The zone a timed event was entered in (its recurrence keeps that wall-clock time); null for days. */
  time_zone: string | null;
  recurring: boolean;
  audience: AudienceJson;
  /** Whether the caller may edit the event at /admin/events/{event_id}. */
  can_edit: boolean;
}

const instantOf = (value: string) => parseDate(value) ?? new Date(value);

export async function listCalendarItems(
  ctx: TenantContext,
  query: CalendarQuery,
): Promise<{ from: string; to: string; items: CalendarItemJson[] }> {
  const from = instantOf(query.from);
  const to = instantOf(query.to);
  const dayFrom = addDays(from, -1);
  const dayTo = addDays(to, 1);
  const [series, courseDates] = await Promise.all([
    db().event.findMany({
      where: {
        AND: [
          visibleEventsWhere(ctx),
          { startsAt: { lt: dayTo } },
          { OR: [{ seriesEndsAt: null }, { seriesEndsAt: { gt: dayFrom } }] },
        ],
      },
      select: eventSeriesSelect,
    }),
    listCourseDates(ctx, { from: addDays(dayFrom, -1), to: dayTo }),
  ]);
  const editable = await editableIds(
    ctx,
    series.map((s) => s.id),
  );
  const items = series.flatMap((event) =>
    expandSeries(event, event.allDay ? dayFrom : from, event.allDay ? dayTo : to).map(
      (occurrence): CalendarItemJson => ({
        id: `${event.id}:${occurrence.startsAt.toISOString()}`,
        kind: "event",
        event_id: event.id,
        course_id: event.courseId,
        group_id: event.groupId,
        title: event.title,
        description: event.description,
        location: event.location,
        all_day: event.allDay,
        ...eventTimes(event.allDay, occurrence.startsAt, occurrence.endsAt),
        time_zone: event.allDay ? null : event.timeZone,
        recurring: event.rrule !== null,
        audience: audienceJson(event),
        can_edit: editable.has(event.id),
      }),
    ),
  );
  // A course date is a day like an all-day event: it overlaps [dayFrom, dayTo) when it ends after dayFrom.
  items.push(...courseDates.filter((d) => addDays(d.date, 1) > dayFrom).map(courseDateItem));
  items.sort(
    (a, b) => instantOf(a.starts_at).getTime() - instantOf(b.starts_at).getTime() || a.title.localeCompare(b.title),
  );
  return { from: query.from, to: query.to, items };
}

export function courseDateItem(d: CourseDate): CalendarItemJson {
  return {
    id: courseDateId(d),
    kind: d.kind,
    event_id: null,
    course_id: d.courseId,
    group_id: null,
    title: courseDateTitle(d),
    description: "",
    location: null,
    all_day: true,
    ...eventTimes(true, d.date, addDays(d.date, 1)),
    time_zone: null,
    recurring: false,
    audience: { type: "course", id: d.courseId, name: d.courseTitle },
    can_edit: false,
  };
}

/** The events among `ids` the caller may edit (none for those who manage no events). */
async function editableIds(ctx: TenantContext, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0 || !can(ctx, "events:manage")) return new Set();
  const rows = await db().event.findMany({
    where: { AND: [managedEventsWhere(ctx), { id: { in: ids } }] },
    select: { id: true },
  });
  return new Set(rows.map((r) => r.id));
}
