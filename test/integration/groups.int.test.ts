import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, createUser, testDb, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { call } from "@/test/http";
import { callAs } from "@/test/session";

// Groups (docs/permissions.md "Groups"): the spec's GET /api/admin/groups, who manages which group, and
// what membership and assigned courses do to enrollments.

let acme: TestTenant;
let globex: TestTenant;
beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => testDb().$disconnect());

const as = (tenant: TestTenant, user: TestUser, path: string, options?: Parameters<typeof callAs>[3]) =>
  callAs(tenant.subdomain, user, path, options);

async function newGroup(by: TestUser = acme.users.org_admin, name = uniqueName("Group ")): Promise<string> {
  const res = await as(acme, by, "/api/admin/groups", { json: { name, description: "Night shift" } });
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}

async function enrollmentOf(courseId: string, userId: string) {
  return testDb().enrollment.findFirst({
    where: { organizationId: acme.id, courseId, userId },
    select: { status: true, source: true, progressPercent: true },
  });
}

describe("GET /api/admin/groups", () => {
  it("answers the spec's { groups } with member and course counts, searched and paged", async () => {
    const name = uniqueName("Listed ");
    const groupId = await newGroup(acme.users.org_admin, name);
    const course = await createCourse(acme.id, { instructorIds: [acme.users.instructor.id] });
    const learner = await createUser(acme.id, "learner");
    await as(acme, acme.users.org_admin, `/api/admin/groups/${groupId}/members`, {
      json: { user_ids: [learner.id, acme.users.learner.id] },
    });
    await as(acme, acme.users.org_admin, `/api/admin/groups/${groupId}/courses`, { json: { course_id: course.id } });

    const res = await as(acme, acme.users.org_admin, `/api/admin/groups?q=${encodeURIComponent(name)}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      groups: [{ id: groupId, name, description: "Night shift", memberCount: 2, courseCount: 1 }],
      page: 1,
      page_size: 20,
      total: 1,
    });
    expect((await as(acme, acme.users.org_admin, "/api/admin/groups?page_size=0")).status).toBe(400);
  });

  it("learners get a 403, visitors a 401, another organization sees none of them", async () => {
    const groupId = await newGroup();
    expect((await as(acme, acme.users.learner, "/api/admin/groups")).status).toBe(403);
    expect((await call(acme.subdomain, "/api/admin/groups")).status).toBe(401);
    const elsewhere = await as(globex, globex.users.admin, "/api/admin/groups?page_size=100");
    expect(elsewhere.json.groups.map((g: { id: string }) => g.id)).not.toContain(groupId);
    for (const path of [`/api/admin/groups/${groupId}`, `/api/admin/groups/${groupId}/members`]) {
      expect((await as(globex, globex.users.admin, path)).status, path).toBe(404);
    }
    expect((await as(globex, globex.users.admin, `/api/admin/groups/${groupId}`, { method: "DELETE" })).status).toBe(
      404,
    );
    expect(await testDb().group.count({ where: { id: groupId } })).toBe(1);
  });
});

describe("managing a group", () => {
  it("a name is unique regardless of case (409) and required (400); renaming and deleting work", async () => {
    const name = uniqueName("Unique ");
    const groupId = await newGroup(acme.users.org_admin, name);
    const clash = await as(acme, acme.users.org_admin, "/api/admin/groups", { json: { name: name.toUpperCase() } });
    expect(clash.status).toBe(409);
    expect(clash.json.error.fieldErrors.name).toBeDefined();
    expect((await as(acme, acme.users.org_admin, "/api/admin/groups", { json: { name: " " } })).status).toBe(400);
    const renamed = await as(acme, acme.users.org_admin, `/api/admin/groups/${groupId}`, {
      method: "PATCH",
      json: { name: `${name} renamed` },
    });
    expect(renamed.json).toMatchObject({ name: `${name} renamed`, description: "Night shift" });
    expect((await as(acme, acme.users.org_admin, `/api/admin/groups/${groupId}`, { method: "DELETE" })).status).toBe(
      204,
    );
    expect((await as(acme, acme.users.org_admin, `/api/admin/groups/${groupId}`)).status).toBe(404);
  });

  it("an instructor manages the groups they create and those of courses they teach, not others (404)", async () => {
    const instructor = await createUser(acme.id, "instructor");
    const own = await newGroup(instructor);
    const foreign = await newGroup(acme.users.org_admin);
    const taught = await newGroup(acme.users.org_admin);
    const theirCourse = await createCourse(acme.id, { instructorIds: [instructor.id] });
    await as(acme, acme.users.org_admin, `/api/admin/groups/${taught}/courses`, {
      json: { course_id: theirCourse.id },
    });

    const list = await as(acme, instructor, "/api/admin/groups?page_size=100");
    const ids = list.json.groups.map((g: { id: string }) => g.id);
    expect(ids).toEqual(expect.arrayContaining([own, taught]));
    expect(ids).not.toContain(foreign);
    expect((await as(acme, instructor, `/api/admin/groups/${foreign}`)).status).toBe(404);
    expect(
      (await as(acme, instructor, `/api/admin/groups/${foreign}`, { method: "PATCH", json: { name: "Mine now" } }))
        .status,
    ).toBe(404);
    expect(
      (
        await as(acme, instructor, `/api/admin/groups/${foreign}/members`, {
          json: { user_ids: [acme.users.learner.id] },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await as(acme, instructor, `/api/admin/groups/${taught}`, {
          method: "PATCH",
          json: { description: "Theirs too" },
        })
      ).status,
    ).toBe(200);

    // Only courses they teach can be assigned.
    const notTheirs = await createCourse(acme.id, {});
    expect(
      (await as(acme, instructor, `/api/admin/groups/${own}/courses`, { json: { course_id: notTheirs.id } })).status,
    ).toBe(403);
    expect(
      (await as(acme, instructor, `/api/admin/groups/${own}/courses`, { json: { course_id: theirCourse.id } })).status,
    ).toBe(201);
  });

  it("members must be people of the organization", async () => {
    const groupId = await newGroup();
    const res = await as(acme, acme.users.org_admin, `/api/admin/groups/${groupId}/members`, {
      json: { user_ids: [globex.users.learner.id] },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain("No such user in this organization");
    expect(await testDb().groupMember.count({ where: { groupId } })).toBe(0);
  });
});

describe("groups and enrollments", () => {
  it("a course assigned to the group enrolls every member; one who joins later is enrolled at once", async () => {
    const groupId = await newGroup();
    const [first, later] = await Promise.all([createUser(acme.id, "learner"), createUser(acme.id, "learner")]);
    const course = await createCourse(acme.id, {});
    await as(acme, acme.users.org_admin, `/api/admin/groups/${groupId}/members`, { json: { user_ids: [first.id] } });
    const assigned = await as(acme, acme.users.org_admin, `/api/admin/groups/${groupId}/courses`, {
      json: { course_id: course.id },
    });
    expect(assigned.status).toBe(201);
    expect(assigned.json.courses.map((c: { id: string }) => c.id)).toEqual([course.id]);
    expect(await enrollmentOf(course.id, first.id)).toMatchObject({ status: "active", source: "group" });

    const added = await as(acme, acme.users.org_admin, `/api/admin/groups/${groupId}/members`, {
      json: { user_ids: [later.id, first.id] },
    });
    expect(added.json.added).toBe(1);
    expect(await enrollmentOf(course.id, later.id)).toMatchObject({ status: "active", source: "group" });
    expect(
      (await as(acme, acme.users.org_admin, `/api/admin/groups/${groupId}/courses`, { json: { course_id: course.id } }))
        .status,
    ).toBe(409);

    const members = await as(acme, acme.users.org_admin, `/api/admin/groups/${groupId}/members`);
    expect(members.json.total).toBe(2);
    expect(members.json.items[0].courses).toEqual([{ course_id: course.id, status: "active", progress_percent: 0 }]);
  });

  it("a member who leaves keeps their progress; the group enrollment goes only if nothing else gives the course", async () => {
    const [groupA, groupB] = [await newGroup(), await newGroup()];
    const [onlyHere, alsoInB, selfEnrolled] = await Promise.all([
      createUser(acme.id, "learner"),
      createUser(acme.id, "learner"),
      createUser(acme.id, "learner"),
    ]);
    const course = await createCourse(acme.id, {});
    await enroll(acme.id, course.id, selfEnrolled.id, { source: "self" });
    for (const groupId of [groupA, groupB])
      await as(acme, acme.users.org_admin, `/api/admin/groups/${groupId}/courses`, { json: { course_id: course.id } });
    await as(acme, acme.users.org_admin, `/api/admin/groups/${groupA}/members`, {
      json: { user_ids: [onlyHere.id, alsoInB.id, selfEnrolled.id] },
    });
    await as(acme, acme.users.org_admin, `/api/admin/groups/${groupB}/members`, { json: { user_ids: [alsoInB.id] } });
    await testDb().enrollment.updateMany({
      where: { organizationId: acme.id, courseId: course.id, userId: onlyHere.id },
      data: { progressPercent: 40 },
    });

    for (const user of [onlyHere, alsoInB, selfEnrolled]) {
      expect(
        (await as(acme, acme.users.org_admin, `/api/admin/groups/${groupA}/members/${user.id}`, { method: "DELETE" }))
          .status,
      ).toBe(204);
    }
    expect(await enrollmentOf(course.id, onlyHere.id)).toMatchObject({ status: "withdrawn", progressPercent: 40 });
    expect(await enrollmentOf(course.id, alsoInB.id)).toMatchObject({ status: "active", source: "group" });
    expect(await enrollmentOf(course.id, selfEnrolled.id)).toMatchObject({ status: "active", source: "self" });
    expect(
      (await as(acme, acme.users.org_admin, `/api/admin/groups/${groupA}/members/${onlyHere.id}`, { method: "DELETE" }))
        .status,
    ).toBe(404);

    // Joining again brings the withdrawn enrollment back, progress and all.
    await as(acme, acme.users.org_admin, `/api/admin/groups/${groupA}/members`, { json: { user_ids: [onlyHere.id] } });
    expect(await enrollmentOf(course.id, onlyHere.id)).toMatchObject({ status: "active", source: "group" });
  });

  it("taking the course away, or deleting the group, withdraws the group enrollments nothing else gives", async () => {
    const groupId = await newGroup();
    const learner = await createUser(acme.id, "learner");
    const [kept, removed] = await Promise.all([createCourse(acme.id, {}), createCourse(acme.id, {})]);
    await as(acme, acme.users.org_admin, `/api/admin/groups/${groupId}/members`, { json: { user_ids: [learner.id] } });
    for (const course of [kept, removed])
      await as(acme, acme.users.org_admin, `/api/admin/groups/${groupId}/courses`, { json: { course_id: course.id } });

    expect(
      (await as(acme, acme.users.org_admin, `/api/admin/groups/${groupId}/courses/${removed.id}`, { method: "DELETE" }))
        .status,
    ).toBe(204);
    expect(await enrollmentOf(removed.id, learner.id)).toMatchObject({ status: "withdrawn" });
    expect(await enrollmentOf(kept.id, learner.id)).toMatchObject({ status: "active" });

    expect((await as(acme, acme.users.org_admin, `/api/admin/groups/${groupId}`, { method: "DELETE" })).status).toBe(
      204,
    );
    expect(await enrollmentOf(kept.id, learner.id)).toMatchObject({ status: "withdrawn" });
  });
});
