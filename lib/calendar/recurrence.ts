import { TZDate } from "@date-fns/tz";
import { RRule } from "@/lib/calendar/rrule";
import { addDays, DAY_MS, formatDate, parseDate } from "@/lib/calendar/dates";
import type { Frequency } from "@/lib/calendar/frequencies";

// Recurring events: a weekly or monthly rule stored as an RFC 5545 RRULE and expanded with the rrule
// package. rrule counts in plain UTC arithmetic, so a series is expanded on its wall clock ("floating"
// times: the zone's local time written as if it were UTC) and each occurrence is placed back in the
// event's zone: a weekly 10:00 in Europe/Berlin stays at 10:00 there when daylight-saving time begins.
// All-day events are dates, already floating: no zone is involved.

export interface Recurrence {
  frequency: Frequency;
  /** Every n weeks or months. */
  interval: number;
  /** The last day an occurrence may start on (YYYY-MM-DD, in the event's zone), or null. */
  until: string | null;
  /** How many occurrences in all, or null. */
  count: number | null;
}

/** What a series is made of, as stored (lib/server/events). */
export interface Series {
  startsAt: Date;
  endsAt: Date;
  allDay: boolean;
  timeZone: string;
  rrule: string | null;
}

export interface Occurrence {
  startsAt: Date;
  endsAt: Date;
}

/** No query expands more than this many occurrences of one series (a year of weekly events is 53). */
export const MAX_OCCURRENCES = 1000;

/** The wall clock of `instant` in `zone`, written as a UTC date. */
export function toFloating(instant: Date, zone: string): Date {
  const local = new TZDate(instant.getTime(), zone);
  return new Date(
    Date.UTC(
      local.getFullYear(),
      local.getMonth(),
      local.getDate(),
      local.getHours(),
      local.getMinutes(),
      local.getSeconds(),
    ),
  );
}

/** The instant at which `zone`'s clocks show the floating time (a time skipped by a DST change moves forward). */
export function fromFloating(floating: Date, zone: string): Date {
  const f = floating;
  return new Date(
    new TZDate(
      f.getUTCFullYear(),
      f.getUTCMonth(),
      f.getUTCDate(),
      f.getUTCHours(),
      f.getUTCMinutes(),
      f.getUTCSeconds(),
      zone,
    ).getTime(),
  );
}

const rruleStamp = (date: Date) => date.toISOString().replace(/[-:]/g, "").slice(0, 15);

/**
 * The RRULE (without "RRULE:") of a recurrence. UNTIL follows RFC 5545: a date for all-day events; for
 * timed events the UTC instant of the end of the `until` day in the event's zone.
 */
export function toRrule(recurrence: Recurrence, series: Pick<Series, "allDay" | "timeZone">): string {
  const parts = [`FREQ=${recurrence.frequency.toUpperCase()}`, `INTERVAL=${recurrence.interval}`];
  if (recurrence.count !== null) parts.push(`COUNT=${recurrence.count}`);
  if (recurrence.until !== null) {
    const day = parseDate(recurrence.until);
    if (!day) throw new Error(`Invalid until date ${recurrence.until}`);
    if (series.allDay) parts.push(`UNTIL=${rruleStamp(day).slice(0, 8)}`);
    else parts.push(`UNTIL=${rruleStamp(fromFloating(new Date(day.getTime() + DAY_MS - 1000), series.timeZone))}Z`);
  }
  return parts.join(";");
}

/** The recurrence a stored RRULE stands for (the reverse of toRrule). */
export function fromRrule(rrule: string, series: Pick<Series, "allDay" | "timeZone">): Recurrence {
  const options = RRule.parseString(rrule);
  const frequency = options.freq === RRule.MONTHLY ? "monthly" : "weekly";
  const until = options.until
    ? formatDate(series.allDay ? options.until : toFloating(options.until, series.timeZone))
    : null;
  return { frequency, interval: options.interval ?? 1, until, count: options.count ?? null };
}

function ruleOf(series: Series): RRule {
  const options = RRule.parseString(series.rrule!);
  const zone = series.timeZone;
  return new RRule({
    freq: options.freq ?? RRule.WEEKLY,
    interval: options.interval ?? 1,
    count: options.count ?? null,
    until: options.until ? (series.allDay ? options.until : toFloating(options.until, zone)) : null,
    dtstart: series.allDay ? series.startsAt : toFloating(series.startsAt, zone),
  });
}

const place = (series: Series, floating: Date): Date =>
  series.allDay ? floating : fromFloating(floating, series.timeZone);

/**
 * The occurrences of a series that overlap [from, to). Timed events compare instants; all-day events
 * compare their midnight-UTC dates, so callers widen the window by a day for them.
 */
export function expandSeries(series: Series, from: Date, to: Date): Occurrence[] {
  const duration = series.endsAt.getTime() - series.startsAt.getTime();
  const overlaps = (o: Occurrence) => o.startsAt < to && (o.endsAt > from || (duration === 0 && o.startsAt >= from));
  if (!series.rrule) return [{ startsAt: series.startsAt, endsAt: series.endsAt }].filter(overlaps);
  const zone = series.timeZone;
  // Floating bounds with a day of slack each side: the zone's offset moves the window by up to 14 hours.
  const after = addDays(series.allDay ? from : toFloating(from, zone), -1);
  const before = addDays(series.allDay ? to : toFloating(to, zone), 1);
  const starts = ruleOf(series).between(
    new Date(after.getTime() - duration),
    before,
    true,
    (_, count) => count < MAX_OCCURRENCES,
  );
  return starts
    .map((floating) => {
      const startsAt = place(series, floating);
      return { startsAt, endsAt: new Date(startsAt.getTime() + duration) };
    })
    .filter(overlaps);
}

/** When the last occurrence ends: endsAt without recurrence, null when the series never ends. */
export function seriesEnd(series: Series): Date | null {
  if (!series.rrule) return series.endsAt;
  const rule = ruleOf(series);
  if (!rule.options.count && !rule.options.until) return null;
  const last = rule.options.until ? rule.before(rule.options.until, true) : rule.all().at(-1);
  const duration = series.endsAt.getTime() - series.startsAt.getTime();
  return last ? new Date(place(series, last).getTime() + duration) : series.endsAt;
}
