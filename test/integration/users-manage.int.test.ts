import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, createUser, testDb, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { call } from "@/test/http";
import { multipartBody, signIn } from "@/test/session";

// Editing, deactivating and deleting users (PATCH/DELETE /api/admin/users/{id}) and the role rules of
// docs/permissions.md "Users", written out here: an org admin cannot promote to or change
// an administrator; nobody changes their own role, deactivates or deletes themselves; nobody demotes,
// deactivates or deletes the organization's last active org admin.

let acme: TestTenant;
let globex: TestTenant;
const tokens = new Map<string, Promise<string>>();
/** A bearer token per user; signIn again (fresh: true) after a change that ends sessions. */
const tokenOf = (tenant: TestTenant, user: TestUser) => {
  if (!tokens.has(user.id)) tokens.set(user.id, signIn(tenant.subdomain, user));
  return tokens.get(user.id)!;
};
const as = async (
  tenant: TestTenant,
  user: TestUser,
  path: string,
  options: { method?: string; json?: unknown } = {},
) => call(tenant.subdomain, path, { ...options, bearer: await tokenOf(tenant, user) });
const patch = (tenant: TestTenant, by: TestUser, userId: string, json: unknown) =>
  as(tenant, by, `/api/admin/users/${userId}`, { method: "PATCH", json });
const remove = (tenant: TestTenant, by: TestUser, userId: string) =>
  as(tenant, by, `/api/admin/users/${userId}`, { method: "DELETE" });
const bulk = (tenant: TestTenant, by: TestUser, json: unknown) => as(tenant, by, "/api/admin/users/bulk", { json });

beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => testDb().$disconnect());

describe("editing a user", () => {
  it("changes names, e-mail, username and groups; joining a group enrolls, leaving keeps progress", async () => {
    const person = await createUser(acme.id, "learner");
    const course = await createCourse(acme.id);
    const [morning, night] = await Promise.all(
      ["Morning ", "Night "].map((n) =>
        testDb().group.create({ data: { organizationId: acme.id, name: uniqueName(n) } }),
      ),
    );
    await testDb().groupCourse.create({ data: { organizationId: acme.id, groupId: morning!.id, courseId: course.id } });
    const username = uniqueName("renamed");
    const res = await patch(acme, acme.users.org_admin, person.id, {
      first_name: "Renée",
      last_name: "Rename",
      email: `${username}@EXAMPLE.test`,
      username,
      group_ids: [morning!.id, night!.id],
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      first_name: "Renée",
      last_name: "Rename",
      email: `${username}@example.test`,
      username,
      can_edit: true,
      is_self: false,
    });
    expect(res.json.groups.map((g: { id: string }) => g.id).sort()).toEqual([morning!.id, night!.id].sort());
    expect(await testDb().enrollment.findFirst({ where: { userId: person.id, courseId: course.id } })).toMatchObject({
      status: "active",
      source: "group",
    });

    const left = await patch(acme, acme.users.org_admin, person.id, { group_ids: [night!.id] });
    expect(left.json.groups).toEqual([{ id: night!.id, name: night!.name }]);
    expect(await testDb().enrollment.findFirst({ where: { userId: person.id, courseId: course.id } })).toMatchObject({
      status: "withdrawn",
    });
    const actions = await testDb().auditLog.findMany({
      where: { organizationId: acme.id, entityId: person.id },
      select: { action: true },
    });
    expect(actions.map((a) => a.action)).toEqual(["user.update", "user.update"]);
  });

  it("refuses a taken e-mail or username (409) and bad values (400), naming the field", async () => {
    const person = await createUser(acme.id, "learner");
    const taken = await patch(acme, acme.users.admin, person.id, { email: acme.users.instructor.email });
    expect(taken.status).toBe(409);
    expect(taken.json.error.fieldErrors.email).toEqual(["An account with this email already exists"]);
    expect((await patch(acme, acme.users.admin, person.id, { username: acme.users.instructor.username })).status).toBe(
      409,
    );
    const bad = await patch(acme, acme.users.admin, person.id, { first_name: "", role: "superadmin" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.fieldErrors).sort()).toEqual(["first_name", "role"]);
    // Keeping one's own e-mail is no conflict.
    expect((await patch(acme, acme.users.admin, person.id, { email: person.email })).status).toBe(200);
  });
});

describe("role rules", () => {
  it("an org admin cannot promote anyone to admin, nor change an admin's account in any way", async () => {
    const person = await createUser(acme.id, "learner");
    const promote = await patch(acme, acme.users.org_admin, person.id, { role: "admin" });
    expect(promote.status).toBe(403);
    expect(promote.json.error.message).toBe("Org admins cannot create administrators or make anyone an administrator");
    expect((await patch(acme, acme.users.org_admin, person.id, { role: "org_admin" })).status).toBe(200);

    const admin = await createUser(acme.id, "admin");
    const message = "Org admins cannot change an administrator's account";
    for (const res of [
      await patch(acme, acme.users.org_admin, admin.id, { first_name: "Changed" }),
      await patch(acme, acme.users.org_admin, admin.id, { status: "suspended" }),
      await remove(acme, acme.users.org_admin, admin.id),
      await bulk(acme, acme.users.org_admin, { action: "deactivate", user_ids: [person.id, admin.id] }),
      await as(acme, acme.users.org_admin, `/api/admin/users/${admin.id}/invitation`, { method: "POST" }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json.error.message).toBe(message);
    }
    // Reading is fine, and says so.
    expect((await as(acme, acme.users.org_admin, `/api/admin/users/${admin.id}`)).json).toMatchObject({
      can_edit: false,
      first_name: "Admin",
    });
    expect((await testDb().user.findUniqueOrThrow({ where: { id: person.id } })).status).toBe("active");
    // An admin may do all of it.
    expect((await patch(acme, acme.users.admin, person.id, { role: "admin" })).status).toBe(200);
    expect((await patch(acme, acme.users.admin, admin.id, { first_name: "Changed" })).status).toBe(200);
  });

  it("nobody changes their own role, deactivates or deletes themselves; their own names they may change", async () => {
    const admin = await createUser(acme.id, "admin");
    const own = await patch(acme, admin, admin.id, { role: "learner" });
    expect(own.status).toBe(403);
    expect(own.json.error.message).toBe("You cannot change your own role");
    expect((await patch(acme, admin, admin.id, { status: "suspended" })).json.error.message).toBe(
      "You cannot deactivate your own account",
    );
    expect((await remove(acme, admin, admin.id)).json.error.message).toBe("You cannot delete your own account");
    expect((await bulk(acme, admin, { action: "deactivate", user_ids: [admin.id] })).status).toBe(403);
    const names = await patch(acme, admin, admin.id, { first_name: "Self", role: "admin" });
    expect(names.status).toBe(200);
    expect(names.json).toMatchObject({ first_name: "Self", role: "admin", is_self: true });
  });

  it("nobody demotes, deactivates or deletes the last active org admin", async () => {
    const tenant = await createTenant(); // one org admin
    const last = tenant.users.org_admin;
    const message = "This is the organization's last active org admin: make someone else an org admin (Admin) first";
    for (const res of [
      await patch(tenant, tenant.users.admin, last.id, { role: "instructor" }),
      await patch(tenant, tenant.users.admin, last.id, { status: "suspended" }),
      await remove(tenant, tenant.users.admin, last.id),
      await bulk(tenant, tenant.users.admin, { action: "deactivate", user_ids: [last.id, tenant.users.learner.id] }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.json.error.message).toBe(message);
    }
    expect(await testDb().user.findUniqueOrThrow({ where: { id: last.id } })).toMatchObject({
      role: "org_admin",
      status: "active",
    });
    expect((await testDb().user.findUniqueOrThrow({ where: { id: tenant.users.learner.id } })).status).toBe("active");

    // A deactivated org admin does not count; an active second one does.
    const second = await createUser(tenant.id, "org_admin", { status: "suspended" });
    expect((await patch(tenant, tenant.users.admin, last.id, { role: "instructor" })).status).toBe(409);
    expect((await patch(tenant, tenant.users.admin, second.id, { status: "active" })).status).toBe(200);
    expect((await patch(tenant, tenant.users.admin, last.id, { role: "instructor" })).status).toBe(200);
  });

  it("two admins demoting the last two org admins at once: one of them is refused", async () => {
    const tenant = await createTenant();
    const other = await createUser(tenant.id, "org_admin");
    const admin2 = await createUser(tenant.id, "admin");
    const results = await Promise.all([
      patch(tenant, tenant.users.admin, tenant.users.org_admin.id, { role: "learner" }),
      patch(tenant, admin2, other.id, { role: "learner" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(
      await testDb().user.count({ where: { organizationId: tenant.id, role: "org_admin", status: "active" } }),
    ).toBe(1);
  });
});

describe("deactivating", () => {
  it("refuses the user's bearer token and cookie at the next request, and their sign-in; reactivating lets them sign in again", async () => {
    const person = await createUser(acme.id, "instructor");
    const token = await signIn(acme.subdomain, person);
    const cookie = { cookie: `next-auth.session-token=${token}` };
    expect((await call(acme.subdomain, "/auth/profile", { bearer: token })).status).toBe(200);
    expect((await call(acme.subdomain, "/api/admin/groups", { headers: cookie })).status).toBe(200);

    const res = await patch(acme, acme.users.org_admin, person.id, { status: "suspended" });
    expect(res.json.status).toBe("suspended");
    expect((await call(acme.subdomain, "/auth/profile", { bearer: token })).status).toBe(401);
    expect((await call(acme.subdomain, "/api/admin/groups", { headers: cookie })).status).toBe(401);
    // A page sends them on to drop the cookie (else the gate would send /login back), then to sign in.
    const page = await call(acme.subdomain, "/admin/courses", { headers: cookie });
    expect(new URL(String(page.headers.location), "http://x").pathname).toBe("/session-ended");
    const login = await call(acme.subdomain, "/auth/login", {
      json: { email: person.email, password: person.password },
    });
    expect(login.status).toBe(403);
    expect(login.json.error.message).toBe("This account has been deactivated. Contact your administrator.");
    expect(
      (await as(acme, acme.users.org_admin, `/api/admin/users?q=${person.username}&status=suspended`)).json.total,
    ).toBe(1);

    expect((await patch(acme, acme.users.org_admin, person.id, { status: "active" })).status).toBe(200);
    expect((await call(acme.subdomain, "/auth/profile", { bearer: token })).status).toBe(401); // the old session stays ended
    expect(
      (await call(acme.subdomain, "/auth/login", { json: { email: person.email, password: person.password } })).status,
    ).toBe(200);
    const actions = (
      await testDb().auditLog.findMany({
        where: { entityId: person.id, action: { startsWith: "user." } },
        orderBy: { createdAt: "asc" },
      })
    ).map((a) => a.action);
    expect(actions).toEqual(["user.deactivate", "user.reactivate"]);
  });

  it("voids their open invitation, and a change of role ends their sessions too", async () => {
    const created = await as(acme, acme.users.admin, "/api/admin/users", {
      json: { first_name: "Ivy", last_name: "Invited", email: `${uniqueName("ivy")}@example.test`, role: "learner" },
    });
    const id = created.json.user.id as string;
    await patch(acme, acme.users.admin, id, { status: "suspended" });
    expect((await as(acme, acme.users.admin, `/api/admin/users/${id}`)).json.invitation.status).toBe("expired");
    expect((await as(acme, acme.users.admin, `/api/admin/users/${id}/invitation`, { method: "POST" })).status).toBe(
      409,
    );

    const person = await createUser(acme.id, "learner");
    const token = await signIn(acme.subdomain, person);
    await patch(acme, acme.users.admin, person.id, { role: "instructor" });
    expect((await call(acme.subdomain, "/auth/profile", { bearer: token })).status).toBe(401);
    const again = await signIn(acme.subdomain, person);
    expect((await call(acme.subdomain, "/auth/profile", { bearer: again })).json.role).toBe("instructor");
  });
});

describe("deleting a user", () => {
  it("takes their enrollments, progress, memberships and messages; what they made stays, without a creator", async () => {
    const person = await createUser(acme.id, "instructor");
    const colleague = acme.users.learner;
    const db = testDb();
    const taken = await createCourse(acme.id);
    const enrollment = await enroll(acme.id, taken.id, person.id);
    await db.lessonProgress.create({
      data: {
        organizationId: acme.id,
        courseId: taken.id,
        enrollmentId: enrollment.id,
        lessonId: taken.lessons[0]!.id,
        status: "completed",
      },
    });
    const made = await db.course.create({
      data: { organizationId: acme.id, title: uniqueName("Made "), createdById: person.id },
      select: { id: true },
    });
    const group = await db.group.create({
      data: { organizationId: acme.id, name: uniqueName("Made "), createdById: person.id },
    });
    await db.groupMember.create({ data: { organizationId: acme.id, groupId: group.id, userId: person.id } });
    const event = await db.event.create({
      data: {
        organizationId: acme.id,
        title: "Kick-off",
        startsAt: new Date(),
        endsAt: new Date(),
        createdById: person.id,
      },
    });
    const shared = await db.messageThread.create({
      data: { organizationId: acme.id, subject: "Shared", createdById: person.id },
    });
    const alone = await db.messageThread.create({
      data: { organizationId: acme.id, subject: "Notes to self", createdById: person.id },
    });
    await db.messageParticipant.createMany({
      data: [
        [shared.id, person.id],
        [shared.id, colleague.id],
        [alone.id, person.id],
      ].map(([threadId, userId]) => ({ organizationId: acme.id, threadId: threadId!, userId: userId! })),
    });
    await db.message.createMany({
      data: [
        [shared.id, person.id],
        [shared.id, colleague.id],
        [alone.id, person.id],
      ].map(([threadId, senderId]) => ({
        organizationId: acme.id,
        threadId: threadId!,
        senderId: senderId!,
        body: "Hi",
      })),
    });

    expect((await as(acme, acme.users.org_admin, `/api/courses/${made.id}`)).json.created_by).toEqual({
      id: person.id,
      first_name: person.firstName,
      last_name: "Tester",
    });
    const before = (await as(acme, acme.users.org_admin, `/api/admin/users/${person.id}`)).json;
    expect(before.counts).toEqual({ enrollments: 1, messages_sent: 2, courses_created: 1 });
    expect((await remove(acme, acme.users.org_admin, person.id)).status).toBe(204);

    expect(await db.user.findUnique({ where: { id: person.id } })).toBeNull();
    expect(await db.enrollment.count({ where: { userId: person.id } })).toBe(0);
    expect(await db.lessonProgress.count({ where: { enrollmentId: enrollment.id } })).toBe(0);
    expect(await db.groupMember.count({ where: { userId: person.id } })).toBe(0);
    expect(await db.course.findUnique({ where: { id: made.id }, select: { createdById: true } })).toEqual({
      createdById: null,
    });
    expect((await as(acme, acme.users.org_admin, `/api/courses/${made.id}`)).json.created_by).toBeNull();
    expect(await db.group.findUnique({ where: { id: group.id }, select: { createdById: true } })).toEqual({
      createdById: null,
    });
    expect(await db.event.findUnique({ where: { id: event.id }, select: { createdById: true } })).toEqual({
      createdById: null,
    });
    // The colleague keeps the conversation and their own message; the empty conversation is gone.
    expect(await db.messageThread.findUnique({ where: { id: shared.id }, select: { createdById: true } })).toEqual({
      createdById: null,
    });
    expect(await db.message.findMany({ where: { threadId: shared.id }, select: { senderId: true } })).toEqual([
      { senderId: colleague.id },
    ]);
    expect(await db.messageThread.findUnique({ where: { id: alone.id } })).toBeNull();
    const entry = await db.auditLog.findFirst({ where: { action: "user.delete", entityId: person.id } });
    expect(entry).toMatchObject({
      actorId: acme.users.org_admin.id,
      data: { email: person.email, role: "instructor", enrollments: 1, messages: 2 },
    });
    expect((await as(acme, acme.users.org_admin, `/api/admin/users/${person.id}`)).status).toBe(404);
  });

  it("deletes their picture from storage", async () => {
    const person = await createUser(acme.id, "learner");
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const { body, headers } = await multipartBody({ avatar: new Blob([png], { type: "image/png" }) });
    const uploaded = await call(acme.subdomain, "/auth/profile", {
      method: "PUT",
      bearer: await tokenOf(acme, person),
      body,
      headers,
    });
    const avatarUrl = uploaded.json.user.avatar_url as string;
    expect((await call(acme.subdomain, avatarUrl)).status).toBe(200);

    expect((await remove(acme, acme.users.admin, person.id)).status).toBe(204);
    expect((await call(acme.subdomain, avatarUrl)).status).toBe(404);
  });
});

describe("bulk actions", () => {
  it("deactivates and reactivates the selected users; their tokens stop at once", async () => {
    const people = await Promise.all([1, 2, 3].map(() => createUser(acme.id, "learner")));
    const token = await signIn(acme.subdomain, people[0]!);
    const ids = people.map((p) => p.id);
    const off = await bulk(acme, acme.users.org_admin, { action: "deactivate", user_ids: ids });
    expect(off.json).toEqual({ action: "deactivate", affected: 3 });
    expect((await call(acme.subdomain, "/api/dashboard", { bearer: token })).status).toBe(401);
    expect(await testDb().user.count({ where: { id: { in: ids }, status: "suspended" } })).toBe(3);
    expect((await bulk(acme, acme.users.org_admin, { action: "deactivate", user_ids: ids })).json.affected).toBe(0);
    expect((await bulk(acme, acme.users.org_admin, { action: "reactivate", user_ids: ids })).json).toEqual({
      action: "reactivate",
      affected: 3,
    });
    expect(await testDb().auditLog.count({ where: { entityId: { in: ids }, action: "user.deactivate" } })).toBe(3);
  });

  it("adds the selected users to a group (enrolling them in its courses) and enrolls them in a course", async () => {
    const people = await Promise.all([1, 2].map(() => createUser(acme.id, "learner")));
    const ids = people.map((p) => p.id);
    const [groupCourse, direct] = await Promise.all([createCourse(acme.id), createCourse(acme.id)]);
    const group = await testDb().group.create({ data: { organizationId: acme.id, name: uniqueName("Bulk ") } });
    await testDb().groupCourse.create({
      data: { organizationId: acme.id, groupId: group.id, courseId: groupCourse.id },
    });
    expect(
      (await bulk(acme, acme.users.admin, { action: "add_to_group", user_ids: ids, group_id: group.id })).json,
    ).toEqual({ action: "add_to_group", affected: 2 });
    expect(
      await testDb().enrollment.count({
        where: { courseId: groupCourse.id, userId: { in: ids }, source: "group", status: "active" },
      }),
    ).toBe(2);
    expect(
      (await bulk(acme, acme.users.admin, { action: "add_to_group", user_ids: ids, group_id: group.id })).json.affected,
    ).toBe(0);
    expect(
      (await bulk(acme, acme.users.admin, { action: "enroll", user_ids: ids, course_id: direct.id })).json,
    ).toEqual({ action: "enroll", affected: 2 });
    expect(
      await testDb().enrollment.count({ where: { courseId: direct.id, userId: { in: ids }, source: "manual" } }),
    ).toBe(2);
  });

  it("refuses unknown users, fields of another action and the rules' cases, changing nothing", async () => {
    const person = await createUser(acme.id, "learner");
    const unknown = await bulk(acme, acme.users.admin, {
      action: "deactivate",
      user_ids: [person.id, globex.users.learner.id],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toBe(`No such user in this organization: ${globex.users.learner.id}`);
    expect(
      (await bulk(acme, acme.users.admin, { action: "deactivate", user_ids: [person.id], course_id: person.id }))
        .status,
    ).toBe(400);
    expect((await bulk(acme, acme.users.admin, { action: "promote", user_ids: [person.id] })).status).toBe(400);
    expect((await bulk(acme, acme.users.admin, { action: "deactivate", user_ids: [] })).status).toBe(400);
    expect((await bulk(acme, acme.users.instructor, { action: "deactivate", user_ids: [person.id] })).status).toBe(403);
    expect((await testDb().user.findUniqueOrThrow({ where: { id: person.id } })).status).toBe("active");
  });
});

describe("another organization", () => {
  it("cannot edit, deactivate, delete or bulk-change a user of this one (404 / 400), and nothing changes", async () => {
    const person = await createUser(acme.id, "learner");
    expect((await patch(globex, globex.users.admin, person.id, { first_name: "Stolen" })).status).toBe(404);
    expect((await patch(globex, globex.users.admin, person.id, { status: "suspended" })).status).toBe(404);
    expect((await remove(globex, globex.users.admin, person.id)).status).toBe(404);
    expect((await bulk(globex, globex.users.admin, { action: "deactivate", user_ids: [person.id] })).status).toBe(400);
    const acmeGroup = await testDb().group.create({ data: { organizationId: acme.id, name: uniqueName("Acme ") } });
    const theirGroup = await patch(globex, globex.users.admin, globex.users.learner.id, { group_ids: [acmeGroup.id] });
    expect(theirGroup.status).toBe(400);
    expect(await testDb().user.findUniqueOrThrow({ where: { id: person.id } })).toMatchObject({
      firstName: "Learner",
      status: "active",
    });
    expect(await testDb().groupMember.count({ where: { groupId: acmeGroup.id } })).toBe(0);
  });
});
