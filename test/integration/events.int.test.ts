import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse } from "@/test/course-factories";
import { createTenant, createUser, testDb, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { call } from "@/test/http";
import { callAs } from "@/test/session";

// Events (docs/permissions.md "Events"): administrators hold events for the organization, a course or a
// group; instructors for the courses they teach and the groups they manage; learners for nothing.
// Another organization's events, courses and groups are 404s.

let acme: TestTenant;
let globex: TestTenant;
beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => testDb().$disconnect());

const as = (tenant: TestTenant, user: TestUser, path: string, options?: Parameters<typeof callAs>[3]) =>
  callAs(tenant.subdomain, user, path, options);

const timed = (extra: Record<string, unknown> = {}) => ({
  title: uniqueName("Office hours "),
  starts_at: "2026-03-19T10:00:00+01:00",
  ends_at: "2026-03-19T11:30:00+01:00",
  time_zone: "Europe/Berlin",
  ...extra,
});

async function created(tenant: TestTenant, user: TestUser, body: Record<string, unknown>): Promise<string> {
  const res = await as(tenant, user, "/api/events", { json: body });
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}

describe("an administrator's events", () => {
  it("creates, reads, changes and deletes an organization-wide event; times come back in UTC", async () => {
    const res = await as(acme, acme.users.org_admin, "/api/events", {
      json: timed({
        description: "Bring questions",
        location: "Room 4",
        recurrence: { frequency: "weekly", count: 4 },
      }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      all_day: false,
      starts_at: "2026-03-19T09:00:00.000Z",
      ends_at: "2026-03-19T10:30:00.000Z",
      time_zone: "Europe/Berlin",
      location: "Room 4",
      recurrence: { frequency: "weekly", interval: 1, until: null, count: 4 },
      rrule: "FREQ=WEEKLY;INTERVAL=1;COUNT=4",
      audience: { type: "organization", id: null, name: null },
      created_by: { id: acme.users.org_admin.id },
    });
    const id = res.json.id as string;
    const patched = await as(acme, acme.users.admin, `/api/events/${id}`, {
      method: "PATCH",
      json: { title: "Renamed", recurrence: null, all_day: true, starts_at: "2026-03-20", ends_at: "2026-03-21" },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json).toMatchObject({
      title: "Renamed",
      all_day: true,
      starts_at: "2026-03-20",
      ends_at: "2026-03-21",
      recurrence: null,
      rrule: null,
      location: "Room 4",
    });
    expect((await as(acme, acme.users.admin, `/api/events/${id}`)).json.title).toBe("Renamed");
    expect((await as(acme, acme.users.admin, `/api/events/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await as(acme, acme.users.admin, `/api/events/${id}`)).status).toBe(404);
  });

  it("refuses what is not an event: each rule with its message", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [timed({ all_day: true }), "starts_at"],
      [{ ...timed(), all_day: true, starts_at: "2026-03-19", ends_at: "2026-03-19T11:00:00+01:00" }, "ends_at"],
      [timed({ starts_at: "2026-03-19" }), "starts_at"],
      [timed({ ends_at: "2026-03-19T09:00:00+01:00" }), "ends_at"],
      [timed({ starts_at: "1899-12-31T10:00:00Z" }), "starts_at"],
      [timed({ ends_at: "2100-01-01T10:00:00Z" }), "ends_at"],
      [timed({ time_zone: "Mars/Olympus_Mons" }), "time_zone"],
      [timed({ recurrence: { frequency: "weekly", until: "2026-06-01", count: 3 } }), "recurrence"],
      [timed({ recurrence: { frequency: "weekly", until: "2026-03-01" } }), "recurrence.until"],
      [timed({ recurrence: { frequency: "daily" } }), "recurrence.frequency"],
      [timed({ title: " " }), "title"],
    ];
    for (const [body, field] of cases) {
      const res = await as(acme, acme.users.admin, "/api/events", { json: body });
      expect(res.status, `${field}: ${res.text}`).toBe(400);
      expect(Object.keys(res.json.error.fieldErrors), res.text).toContain(field);
    }
  });

  it("a PATCH is checked together with the stored event", async () => {
    const id = await created(acme, acme.users.admin, timed());
    const res = await as(acme, acme.users.admin, `/api/events/${id}`, {
      method: "PATCH",
      json: { ends_at: "2026-03-18T10:00:00+01:00" },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.fieldErrors.ends_at).toEqual(["The end must not be before the start"]);
  });
});

describe("an instructor's events", () => {
  it("holds events for a course they teach, not another course (403) nor the whole organization (403)", async () => {
    const instructor = await createUser(acme.id, "instructor");
    const taught = await createCourse(acme.id, { instructorIds: [instructor.id] });
    const other = await createCourse(acme.id, { instructorIds: [acme.users.instructor.id] });
    const before = await testDb().event.count({ where: { organizationId: acme.id } });

    const ok = await as(acme, instructor, "/api/events", { json: timed({ course_id: taught.id }) });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json.audience).toEqual({ type: "course", id: taught.id, name: taught.title });

    const foreign = await as(acme, instructor, "/api/events", { json: timed({ course_id: other.id }) });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error.message).toBe("You can only create events for courses you teach");
    const everyone = await as(acme, instructor, "/api/events", { json: timed() });
    expect(everyone.status).toBe(403);
    expect(everyone.json.error.message).toMatch(/^Only administrators can create events for the whole organization/);
    expect(await testDb().event.count({ where: { organizationId: acme.id } })).toBe(before + 1);
  });

  it("holds events for the groups they manage; others' groups and events are 404s; moving an event to a course they do not teach is a 403", async () => {
    const instructor = await createUser(acme.id, "instructor");
    const taught = await createCourse(acme.id, { instructorIds: [instructor.id] });
    const ownGroup = (await as(acme, instructor, "/api/admin/groups", { json: { name: uniqueName("Cohort ") } })).json
      .id as string;
    const adminGroup = (await as(acme, acme.users.admin, "/api/admin/groups", { json: { name: uniqueName("Staff ") } }))
      .json.id as string;

    const groupEvent = await created(acme, instructor, timed({ group_id: ownGroup }));
    expect((await as(acme, instructor, "/api/events", { json: timed({ group_id: adminGroup }) })).status).toBe(404);

    const adminEvent = await created(acme, acme.users.admin, timed({ group_id: adminGroup }));
    for (const method of ["GET", "PATCH", "DELETE"]) {
      expect(
        (
          await as(acme, instructor, `/api/events/${adminEvent}`, {
            method,
            json: method === "PATCH" ? { title: "Mine now" } : undefined,
          })
        ).status,
        method,
      ).toBe(404);
    }
    const list = await as(acme, instructor, "/api/events?when=all&page_size=100");
    expect(list.json.items.map((e: { id: string }) => e.id)).toContain(groupEvent);
    expect(list.json.items.map((e: { id: string }) => e.id)).not.toContain(adminEvent);

    const other = await createCourse(acme.id);
    expect(
      (await as(acme, instructor, `/api/events/${groupEvent}`, { method: "PATCH", json: { course_id: other.id } }))
        .status,
    ).toBe(403);
    const moved = await as(acme, instructor, `/api/events/${groupEvent}`, {
      method: "PATCH",
      json: { course_id: taught.id },
    });
    expect(moved.json.audience).toMatchObject({ type: "course", id: taught.id });
    expect(moved.json.group_id).toBeNull();
  });
});

describe("who may not", () => {
  it("learners get a 403, visitors a 401", async () => {
    expect((await as(acme, acme.users.learner, "/api/events")).status).toBe(403);
    expect((await as(acme, acme.users.learner, "/api/events", { json: timed() })).status).toBe(403);
    expect((await call(acme.subdomain, "/api/events")).status).toBe(401);
  });

  it("another organization's event is a 404 for every verb, and its courses and groups are no audience", async () => {
    const course = await createCourse(acme.id, { instructorIds: [acme.users.instructor.id] });
    const id = await created(acme, acme.users.admin, timed({ course_id: course.id }));
    const group = await testDb().group.create({ data: { organizationId: acme.id, name: uniqueName("Acme group ") } });
    const globexBefore = await testDb().event.count({ where: { organizationId: globex.id } });
    for (const method of ["GET", "PATCH", "DELETE"]) {
      expect(
        (
          await as(globex, globex.users.admin, `/api/events/${id}`, {
            method,
            json: method === "PATCH" ? { title: "Taken" } : undefined,
          })
        ).status,
        method,
      ).toBe(404);
    }
    expect(
      (await as(globex, globex.users.admin, "/api/events", { json: timed({ course_id: course.id }) })).status,
    ).toBe(404);
    expect((await as(globex, globex.users.admin, "/api/events", { json: timed({ group_id: group.id }) })).status).toBe(
      404,
    );
    const list = await as(globex, globex.users.admin, "/api/events?when=all&page_size=100");
    expect(list.json.items.map((e: { id: string }) => e.id)).not.toContain(id);
    expect(await testDb().event.findUnique({ where: { id }, select: { title: true } })).not.toMatchObject({
      title: "Taken",
    });
    expect(await testDb().event.count({ where: { organizationId: globex.id } })).toBe(globexBefore);
  });
});

describe("events go with their course or group", () => {
  it("deleting a course (without enrollments) or a group deletes its events", async () => {
    const course = await createCourse(acme.id, { instructorIds: [acme.users.instructor.id] });
    const group = (
      await as(acme, acme.users.admin, "/api/admin/groups", { json: { name: uniqueName("Short-lived ") } })
    ).json.id as string;
    const courseEvent = await created(acme, acme.users.admin, timed({ course_id: course.id }));
    const groupEvent = await created(acme, acme.users.admin, timed({ group_id: group }));
    expect((await as(acme, acme.users.admin, `/api/courses/${course.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await as(acme, acme.users.admin, `/api/admin/groups/${group}`, { method: "DELETE" })).status).toBe(204);
    expect(await testDb().event.count({ where: { id: { in: [courseEvent, groupEvent] } } })).toBe(0);
  });
});
