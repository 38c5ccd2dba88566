import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, createUser, testDb, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { call, type TestResponse } from "@/test/http";
import { cachedSignIn } from "@/test/session";

// The personal iCal feed, parsed with ical.js (Mozilla's iCalendar library, an implementation of its own
// of RRULE, TZID and VTIMEZONE) and compared with GET /api/calendar; and who can open it.

let acme: TestTenant;
let globex: TestTenant;
beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => testDb().$disconnect());

const as = async (user: TestUser, path: string, options: { method?: string; json?: unknown } = {}) =>
  call(acme.subdomain, path, { ...options, bearer: await cachedSignIn(acme.subdomain, user) });

async function event(body: Record<string, unknown>): Promise<void> {
  const res = await as(acme.users.admin, "/api/events", { json: { title: uniqueName("Event "), ...body } });
  expect(res.status, res.text).toBe(201);
}

async function feedLink(user: TestUser): Promise<string> {
  const res = await as(user, "/api/calendar/feed", { method: "POST" });
  expect(res.status, res.text).toBe(201);
  return res.json.feed_path as string;
}

interface Occurrence {
  key: string;
  title: string;
  allDay: boolean;
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, "0");
const dayOf = (t: ICAL.Time) => `${t.year}-${pad(t.month)}-${pad(t.day)}`;
const DAY = 86_400_000;

/** Every occurrence in the feed that GET /api/calendar's rule puts in [from, to): instants overlap; days with a day's margin. */
function feedOccurrences(ics: string, from: Date, to: Date): Occurrence[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const found: Occurrence[] = [];
  for (const component of calendar.getAllSubcomponents("vevent")) {
    const event = new ICAL.Event(component);
    const key = event.uid.split("@")[0]!;
    const iterator = event.iterator();
    for (let next = iterator.next(), n = 0; next && n < 500; next = iterator.next(), n += 1) {
      const { startDate, endDate } = event.getOccurrenceDetails(next);
      if (startDate.isDate) {
        const first = Date.parse(dayOf(startDate));
        const afterLast = Date.parse(dayOf(endDate));
        if (first >= to.getTime() + DAY) break;
        if (afterLast > from.getTime() - DAY)
          found.push({
            key,
            title: event.summary,
            allDay: true,
            start: dayOf(startDate),
            end: new Date(afterLast - DAY).toISOString().slice(0, 10),
          });
      } else {
        const start = startDate.toJSDate();
        const end = endDate.toJSDate();
        if (start >= to) break;
        if (end > from)
          found.push({ key, title: event.summary, allDay: false, start: start.toISOString(), end: end.toISOString() });
      }
    }
  }
  return found;
}

type ApiItem = {
  event_id: string | null;
  course_id: string | null;
  kind: string;
  title: string;
  all_day: boolean;
  starts_at: string;
  ends_at: string;
};
const apiOccurrences = (res: TestResponse): Occurrence[] =>
  (res.json.items as ApiItem[]).map((i) => ({
    key: i.event_id ?? `${i.course_id}-${i.kind}`,
    title: i.title,
    allDay: i.all_day,
    start: i.starts_at,
    end: i.ends_at,
  }));
const sorted = (list: Occurrence[]) => list.map((o) => `${o.start} ${o.end} ${o.allDay} ${o.key} ${o.title}`).sort();

describe("the feed holds what the calendar API shows", () => {
  it("recurrences across a daylight-saving change, zones, all-day series and course dates, parsed with ical.js", async () => {
    const learner = await createUser(acme.id, "learner");
    const course = await createCourse(acme.id, { title: uniqueName("Feed course ") });
    const hidden = await createCourse(acme.id);
    await enroll(acme.id, course.id, learner.id);
    const group = await testDb().group.create({ data: { organizationId: acme.id, name: uniqueName("Feed group ") } });
    await testDb().groupMember.create({ data: { organizationId: acme.id, groupId: group.id, userId: learner.id } });
    await testDb().course.update({
      where: { id: course.id },
      data: { startsOn: new Date("2026-03-02"), dueOn: new Date("2026-04-30") },
    });

    const berlin = uniqueName("Weekly in Berlin ");
    await event({
      title: berlin,
      time_zone: "Europe/Berlin",
      starts_at: "2026-03-19T10:00:00+01:00",
      ends_at: "2026-03-19T11:00:00+01:00",
      recurrence: { frequency: "weekly", until: "2026-04-16" },
    });
    await event({
      course_id: course.id,
      all_day: true,
      starts_at: "2026-03-05",
      ends_at: "2026-03-06",
      recurrence: { frequency: "monthly", count: 3 },
    });
    await event({
      group_id: group.id,
      time_zone: "America/New_York",
      starts_at: "2026-03-07T18:00:00-05:00",
      ends_at: "2026-03-07T19:30:00-05:00",
    });
    await event({
      time_zone: "UTC",
      starts_at: "2026-03-10T12:00:00Z",
      ends_at: "2026-03-10T12:30:00Z",
      recurrence: { frequency: "weekly", interval: 2, count: 3 },
    });
    await event({ course_id: hidden.id, starts_at: "2026-03-11T12:00:00Z", ends_at: "2026-03-11T13:00:00Z" });

    const from = new Date("2026-03-01T00:00:00Z");
    const to = new Date("2026-05-01T00:00:00Z");
    const api = await as(learner, `/api/calendar?from=${from.toISOString()}&to=${to.toISOString()}`);
    expect(api.status).toBe(200);
    const feed = await call(acme.subdomain, await feedLink(learner));
    expect(feed.status).toBe(200);
    expect(feed.headers["content-type"]).toBe("text/calendar; charset=utf-8");

    const fromFeed = feedOccurrences(feed.text, from, to);
    expect(sorted(fromFeed)).toEqual(sorted(apiOccurrences(api)));
    // 5 weekly Berlin sessions, 2 of the 3 monthly days (5 May is past the window), 1 New York session,
    // 3 fortnightly UTC ones and 2 course dates (no other test of this file makes organization-wide events).
    expect(fromFeed.filter((o) => o.title === berlin).map((o) => o.start)).toEqual([
      "2026-03-19T09:00:00.000Z",
      "2026-03-26T09:00:00.000Z",
      "2026-04-02T08:00:00.000Z",
      "2026-04-09T08:00:00.000Z",
      "2026-04-16T08:00:00.000Z",
    ]);
    expect(fromFeed).toHaveLength(13);
    expect(feed.text).toContain("RRULE:FREQ=WEEKLY;INTERVAL=1;UNTIL=20260416T215959Z");
    expect(feed.text).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin");
    expect(feed.text).not.toContain(hidden.id);
  });
});

describe("who can open a feed", () => {
  it("no session is needed; a new link retires the old one; a revoked link is a 404", async () => {
    const learner = await createUser(acme.id, "learner");
    expect((await as(learner, "/api/calendar/settings")).json.feed_path).toBeNull();
    const first = await feedLink(learner);
    expect(first).toMatch(/^\/api\/calendar\/feed\/[A-Za-z0-9_-]{65}\.ics$/);
    expect((await as(learner, "/api/calendar/settings")).json.feed_path).toBe(first);
    expect((await call(acme.subdomain, first)).status).toBe(200);
    const second = await feedLink(learner);
    expect(second).not.toBe(first);
    expect((await call(acme.subdomain, first)).status).toBe(404);
    expect((await call(acme.subdomain, second)).status).toBe(200);
    const revoked = await as(learner, "/api/calendar/feed", { method: "DELETE" });
    expect(revoked.json.feed_path).toBeNull();
    const gone = await call(acme.subdomain, second);
    expect(gone.status).toBe(404);
    expect(gone.json.error.code).toBe("NOT_FOUND");
  });

  it("only on its organization's host, for an active account, with its exact secret", async () => {
    const learner = await createUser(acme.id, "learner");
    const path = await feedLink(learner);
    expect((await call(globex.subdomain, path)).status).toBe(404);
    expect((await call(null, path)).status).toBe(404);
    const secret = path.slice("/api/calendar/feed/".length, -".ics".length);
    const tampered = `${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}`;
    for (const wrong of [
      `/api/calendar/feed/${tampered}.ics`,
      `/api/calendar/feed/${secret}`,
      `/api/calendar/feed/${secret}.ics.ics`,
      "/api/calendar/feed/x.ics",
    ]) {
      expect((await call(acme.subdomain, wrong)).status, wrong).toBe(404);
    }
    await testDb().user.update({ where: { id: learner.id }, data: { status: "suspended" } });
    expect((await call(acme.subdomain, path)).status).toBe(404);
  });

  it("the link's key is not the secret: the users table alone opens no feed", async () => {
    const learner = await createUser(acme.id, "learner");
    const path = await feedLink(learner);
    const { icalFeedKey } = await testDb().user.findUniqueOrThrow({
      where: { id: learner.id },
      select: { icalFeedKey: true },
    });
    expect(path).toContain(icalFeedKey!);
    expect((await call(acme.subdomain, `/api/calendar/feed/${icalFeedKey}.ics`)).status).toBe(404);
  });
});
