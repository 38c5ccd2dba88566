import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, enroll } from "@/test/course-factories";
import {
  createSuperadmin,
  createTenant,
  createUser,
  testDb,
  uniqueName,
  type TestTenant,
  type TestUser,
} from "@/test/factories";
import { call } from "@/test/http";
import { callAs, signIn } from "@/test/session";

// GET /api/calendar: what a person's calendar holds (docs/permissions.md "Calendar"), recurring events
// expanded across a daylight-saving change, all-day events on their dates; and the course dates.

let acme: TestTenant;
let globex: TestTenant;
beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => testDb().$disconnect());

const as = (tenant: TestTenant, user: TestUser, path: string, options?: Parameters<typeof callAs>[3]) =>
  callAs(tenant.subdomain, user, path, options);

async function event(by: TestUser, body: Record<string, unknown>, tenant = acme): Promise<string> {
  const res = await as(tenant, by, "/api/events", {
    json: { title: uniqueName("Event "), starts_at: "2026-05-04T09:00:00Z", ends_at: "2026-05-04T10:00:00Z", ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.title as string;
}

const MAY = "from=2026-05-01T00:00:00Z&to=2026-06-01T00:00:00Z";
const titles = (res: { json: { items: { title: string }[] } }) => res.json.items.map((i) => i.title);

describe("what a calendar holds", () => {
  it("a learner: the organization's events, their courses' (not withdrawn) and groups' events and course dates; nothing else", async () => {
    const learner = await createUser(acme.id, "learner");
    const taken = await createCourse(acme.id, { title: uniqueName("Taken ") });
    const left = await createCourse(acme.id);
    const other = await createCourse(acme.id);
    await enroll(acme.id, taken.id, learner.id);
    await enroll(acme.id, left.id, learner.id, { status: "withdrawn" });
    const mine = await testDb().group.create({ data: { organizationId: acme.id, name: uniqueName("Mine ") } });
    await testDb().groupMember.create({ data: { organizationId: acme.id, groupId: mine.id, userId: learner.id } });
    const notMine = await testDb().group.create({ data: { organizationId: acme.id, name: uniqueName("Not mine ") } });
    await testDb().course.update({
      where: { id: taken.id },
      data: { startsOn: new Date("2026-05-04"), dueOn: new Date("2026-05-29"), endsOn: new Date("2026-07-01") },
    });

    const expected = [
      await event(acme.users.admin, {}),
      await event(acme.users.admin, { course_id: taken.id }),
      await event(acme.users.admin, { group_id: mine.id }),
      `Course starts: ${taken.title}`,
      `Due: ${taken.title}`,
    ];
    const hidden = [
      await event(acme.users.admin, { course_id: left.id }),
      await event(acme.users.admin, { course_id: other.id }),
      await event(acme.users.admin, { group_id: notMine.id }),
    ];
    const res = await as(acme, learner, `/api/calendar?${MAY}`);
    expect(res.status, res.text).toBe(200);
    const seen = titles(res);
    for (const title of expected) expect(seen, title).toContain(title);
    for (const title of hidden) expect(seen, title).not.toContain(title);
    expect(res.json.items.find((i: { title: string }) => i.title === `Due: ${taken.title}`)).toMatchObject({
      kind: "course_due",
      all_day: true,
      starts_at: "2026-05-29",
      ends_at: "2026-05-29",
      course_id: taken.id,
      can_edit: false,
    });
  });

  it("an instructor sees the events of the courses they teach and may edit them; an admin may edit every event", async () => {
    const instructor = await createUser(acme.id, "instructor");
    const course = await createCourse(acme.id, { instructorIds: [instructor.id], status: "draft" });
    const title = await event(instructor, { course_id: course.id });
    const orgWide = await event(acme.users.admin, {});
    const items = (await as(acme, instructor, `/api/calendar?${MAY}`)).json.items as {
      title: string;
      can_edit: boolean;
    }[];
    expect(items.find((i) => i.title === title)?.can_edit).toBe(true);
    expect(items.find((i) => i.title === orgWide)?.can_edit).toBe(false);
    const adminItems = (await as(acme, acme.users.admin, `/api/calendar?${MAY}`)).json.items as {
      title: string;
      can_edit: boolean;
    }[];
    expect(adminItems.find((i) => i.title === orgWide)?.can_edit).toBe(true);
    // The admin neither takes nor teaches the draft: its event is not on their calendar.
    expect(adminItems.map((i) => i.title)).not.toContain(title);
  });

  it("another organization's events never appear; the apex has no calendar (404); visitors 401", async () => {
    const title = await event(acme.users.admin, {});
    expect(titles(await as(globex, globex.users.learner, `/api/calendar?${MAY}`))).not.toContain(title);
    const superadmin = await createSuperadmin();
    expect((await call(null, `/api/calendar?${MAY}`, { bearer: await signIn(null, superadmin) })).status).toBe(404);
    expect((await call(acme.subdomain, `/api/calendar?${MAY}`)).status).toBe(401);
  });
});

describe("recurrence and zones", () => {
  it("a weekly 10:00 in Berlin is 09:00 UTC before the change to summer time (29 March 2026) and 08:00 UTC after", async () => {
    const learner = await createUser(acme.id, "learner");
    const course = await createCourse(acme.id);
    await enroll(acme.id, course.id, learner.id);
    const title = await event(acme.users.admin, {
      course_id: course.id,
      time_zone: "Europe/Berlin",
      starts_at: "2026-03-19T10:00:00+01:00",
      ends_at: "2026-03-19T11:00:00+01:00",
      recurrence: { frequency: "weekly", count: 4 },
    });
    const res = await as(acme, learner, "/api/calendar?from=2026-03-01&to=2026-05-01");
    const mine = res.json.items.filter((i: { title: string }) => i.title === title);
    expect(mine.map((i: { starts_at: string; ends_at: string }) => [i.starts_at, i.ends_at])).toEqual([
      ["2026-03-19T09:00:00.000Z", "2026-03-19T10:00:00.000Z"],
      ["2026-03-26T09:00:00.000Z", "2026-03-26T10:00:00.000Z"],
      ["2026-04-02T08:00:00.000Z", "2026-04-02T09:00:00.000Z"],
      ["2026-04-09T08:00:00.000Z", "2026-04-09T09:00:00.000Z"],
    ]);
    expect(mine[0]).toMatchObject({
      recurring: true,
      time_zone: "Europe/Berlin",
      audience: { type: "course", id: course.id },
    });
    expect(new Set(mine.map((i: { id: string }) => i.id)).size).toBe(4);
  });

  it("an all-day event keeps its dates whoever asks and whatever offset the window has", async () => {
    const title = await event(acme.users.admin, {
      all_day: true,
      starts_at: "2026-05-10",
      ends_at: "2026-05-11",
      time_zone: "Pacific/Kiritimati",
    });
    for (const window of [
      "from=2026-05-10T00:00:00%2B14:00&to=2026-05-12T00:00:00%2B14:00",
      "from=2026-05-10T00:00:00-10:00&to=2026-05-12T00:00:00-10:00",
    ]) {
      const item = (await as(acme, acme.users.learner, `/api/calendar?${window}`)).json.items.find(
        (i: { title: string }) => i.title === title,
      );
      expect(item, window).toMatchObject({
        all_day: true,
        starts_at: "2026-05-10",
        ends_at: "2026-05-11",
        time_zone: null,
      });
    }
  });

  it("refuses windows that are missing, backwards or longer than 366 days", async () => {
    for (const query of [
      "",
      "from=2026-05-01",
      "from=2026-05-02&to=2026-05-01",
      "from=2026-01-01&to=2027-01-03",
      "from=yesterday&to=2026-05-01",
    ]) {
      const res = await as(acme, acme.users.learner, `/api/calendar?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.error.message, query).toBeTruthy();
    }
  });
});

describe("course dates", () => {
  it("the course API takes start, end and due dates (the end not before the start), and clears them with null", async () => {
    const course = await createCourse(acme.id, { instructorIds: [acme.users.instructor.id] });
    const path = `/api/courses/${course.id}`;
    const set = await as(acme, acme.users.instructor, path, {
      method: "PATCH",
      json: { start_date: "2026-09-01", end_date: "2026-12-18", due_date: "2026-12-11" },
    });
    expect(set.json).toMatchObject({ start_date: "2026-09-01", end_date: "2026-12-18", due_date: "2026-12-11" });
    const backwards = await as(acme, acme.users.instructor, path, {
      method: "PATCH",
      json: { end_date: "2026-08-01" },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.json.error.fieldErrors.end_date).toEqual(["The end date must not be before the start date"]);
    expect(
      (await as(acme, acme.users.instructor, path, { method: "PATCH", json: { due_date: "2026-02-30" } })).status,
    ).toBe(400);
    expect(
      (await as(acme, acme.users.instructor, path, { method: "PATCH", json: { due_date: null } })).json.due_date,
    ).toBeNull();
    const created = await as(acme, acme.users.admin, "/api/courses", {
      json: { title: uniqueName("Dated "), start_date: "2026-09-01", end_date: "2026-08-31" },
    });
    expect(created.status).toBe(400);
  });
});

describe("calendar settings", () => {
  it("a time zone of one's own, or null for the browser's; an unknown one is refused", async () => {
    const learner = await createUser(acme.id, "learner");
    expect((await as(acme, learner, "/api/calendar/settings")).json).toEqual({ time_zone: null, feed_path: null });
    expect(
      (await as(acme, learner, "/api/calendar/settings", { method: "PATCH", json: { time_zone: "America/Sao_Paulo" } }))
        .json.time_zone,
    ).toBe("America/Sao_Paulo");
    const bad = await as(acme, learner, "/api/calendar/settings", {
      method: "PATCH",
      json: { time_zone: "Europe/Atlantis" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fieldErrors.time_zone).toBeDefined();
    expect(
      (await as(acme, learner, "/api/calendar/settings", { method: "PATCH", json: { time_zone: null } })).json
        .time_zone,
    ).toBeNull();
  });
});
