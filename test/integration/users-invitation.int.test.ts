import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse } from "@/test/course-factories";
import { createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { call, hostFor } from "@/test/http";
import { latestMailTo, setPasswordLinkFor } from "@/test/outbox";
import { callAs } from "@/test/session";

// Adding users (POST /api/admin/users): invited by e-mail to set their own password from a single-use
// link (/reset-password/{token}, "Set your password"), or given a password by the admin.

let acme: TestTenant;
let globex: TestTenant;
beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => testDb().$disconnect());

const person = (role = "learner") => {
  const name = uniqueName("nina");
  return { first_name: "Nina", last_name: "Newcomer", email: `${name}@example.test`, role };
};
const signInStatus = async (subdomain: string, email: string, password: string) =>
  (await call(subdomain, "/auth/login", { json: { email, password } })).status;

describe("inviting a user", () => {
  it("sends a single-use link on the organization's host where the person sets their password, then signs in", async () => {
    const input = person("instructor");
    const created = await callAs(acme.subdomain, acme.users.org_admin, "/api/admin/users", { json: input });
    expect(created.status).toBe(201);
    expect(created.json.invitation_sent).toBe(true);
    expect(created.json.user).toMatchObject({
      email: input.email,
      role: "instructor",
      status: "active",
      username: input.email.split("@")[0],
      last_login_at: null,
    });
    expect(created.json.user.invitation).toMatchObject({ status: "pending" });
    // 7 days by default.
    const life = Date.parse(created.json.user.invitation.expires_at) - Date.parse(created.json.user.invitation.sent_at);
    expect(life).toBe(7 * 24 * 60 * 60 * 1000);

    const mail = await latestMailTo(input.email);
    expect(mail).toContain(`You are invited to ${acme.name}`);
    const link = await setPasswordLinkFor(input.email);
    expect(link.url).toBe(`http://${hostFor(acme.subdomain)}/reset-password/${link.token}`);
    // No password yet: nothing signs in.
    expect(await signInStatus(acme.subdomain, input.email, "")).toBe(400);
    expect(await signInStatus(acme.subdomain, input.email, "anything-at-all")).toBe(401);

    const page = await call(acme.subdomain, `/reset-password/${link.token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Set your password");
    expect(page.text).toContain(input.email);

    // Another organization's host does not know the link.
    expect(
      (await call(globex.subdomain, `/auth/reset-password/${link.token}`, { json: { password: "my-own-password" } }))
        .status,
    ).toBe(400);
    const set = await call(acme.subdomain, `/auth/reset-password/${link.token}`, {
      json: { password: "my-own-password" },
    });
    expect(set.status).toBe(200);
    expect(set.json.message).toBe("Your password is set. You can sign in now.");
    expect(await signInStatus(acme.subdomain, input.email, "my-own-password")).toBe(200);

    const again = await call(acme.subdomain, `/auth/reset-password/${link.token}`, {
      json: { password: "someone-elses" },
    });
    expect(again.status).toBe(400);
    expect(again.json.error.message).toBe(
      "This invitation link is invalid or has expired. Ask your administrator to send a new one.",
    );
    expect((await call(acme.subdomain, `/reset-password/${link.token}`)).text).toContain(
      "This link is invalid or has expired",
    );
    const detail = await callAs(acme.subdomain, acme.users.org_admin, `/api/admin/users/${created.json.user.id}`);
    expect(detail.json.invitation).toBeNull();
    // Who has signed in gets no invitation: they use "Forgot password".
    expect(
      (
        await callAs(acme.subdomain, acme.users.org_admin, `/api/admin/users/${created.json.user.id}/invitation`, {
          method: "POST",
        })
      ).status,
    ).toBe(409);
  });

  it("sending the invitation again voids the earlier link", async () => {
    const input = person();
    const created = await callAs(acme.subdomain, acme.users.admin, "/api/admin/users", { json: input });
    const first = await setPasswordLinkFor(input.email);
    await new Promise((r) => setTimeout(r, 5)); // the outbox names files by the millisecond
    const resent = await callAs(
      acme.subdomain,
      acme.users.admin,
      `/api/admin/users/${created.json.user.id}/invitation`,
      { method: "POST" },
    );
    expect(resent.status).toBe(200);
    expect(resent.json.invitation.status).toBe("pending");
    const second = await setPasswordLinkFor(input.email);
    expect(second.token).not.toBe(first.token);
    expect(
      (await call(acme.subdomain, `/auth/reset-password/${first.token}`, { json: { password: "first-link-pw" } }))
        .status,
    ).toBe(400);
    expect(
      (await call(acme.subdomain, `/auth/reset-password/${second.token}`, { json: { password: "second-link-pw" } }))
        .status,
    ).toBe(200);
  });

  it("an expired invitation is refused, and its page says so", async () => {
    const input = person();
    const created = await callAs(acme.subdomain, acme.users.org_admin, "/api/admin/users", { json: input });
    const { token } = await setPasswordLinkFor(input.email);
    await testDb().passwordResetToken.updateMany({
      where: { userId: created.json.user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await call(acme.subdomain, `/reset-password/${token}`)).text).toContain(
      "This link is invalid or has expired",
    );
    expect(
      (await call(acme.subdomain, `/auth/reset-password/${token}`, { json: { password: "too-late-now" } })).status,
    ).toBe(400);
    expect(
      (await callAs(acme.subdomain, acme.users.org_admin, `/api/admin/users/${created.json.user.id}`)).json.invitation
        .status,
    ).toBe("expired");
  });
});

describe("adding a user with a password", () => {
  it("signs in with the password the admin typed, and gets no mail", async () => {
    const input = { ...person(), username: uniqueName("pat"), password: "typed-by-admin" };
    const created = await callAs(acme.subdomain, acme.users.org_admin, "/api/admin/users", { json: input });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      invitation_sent: false,
      user: { username: input.username, invitation: null },
    });
    expect(await latestMailTo(input.email)).toBeNull();
    expect(await signInStatus(acme.subdomain, input.email, "typed-by-admin")).toBe(200);
  });

  it("puts them in groups, which enrolls them in the groups' courses at once", async () => {
    const course = await createCourse(acme.id, { status: "published" });
    const group = await testDb().group.create({ data: { organizationId: acme.id, name: uniqueName("Crew ") } });
    await testDb().groupCourse.create({ data: { organizationId: acme.id, groupId: group.id, courseId: course.id } });
    const created = await callAs(acme.subdomain, acme.users.org_admin, "/api/admin/users", {
      json: { ...person(), password: "typed-by-admin", group_ids: [group.id] },
    });
    expect(created.status).toBe(201);
    expect(created.json.user.groups).toEqual([{ id: group.id, name: group.name }]);
    const enrollment = await testDb().enrollment.findFirst({
      where: { userId: created.json.user.id, courseId: course.id },
    });
    expect(enrollment).toMatchObject({ status: "active", source: "group" });
  });

  it("refuses a taken e-mail or username, a bad role and another organization's group, saying which", async () => {
    const taken = await callAs(acme.subdomain, acme.users.org_admin, "/api/admin/users", {
      json: { ...person(), email: acme.users.learner.email },
    });
    expect(taken.status).toBe(409);
    expect(taken.json.error.fieldErrors.email).toEqual(["An account with this email already exists"]);
    const takenName = await callAs(acme.subdomain, acme.users.org_admin, "/api/admin/users", {
      json: { ...person(), username: acme.users.learner.username },
    });
    expect(takenName.status).toBe(409);
    expect(takenName.json.error.fieldErrors.username).toEqual(["This username is taken"]);
    expect(
      (await callAs(acme.subdomain, acme.users.admin, "/api/admin/users", { json: person("superadmin") })).status,
    ).toBe(400);
    const theirGroup = await testDb().group.create({
      data: { organizationId: globex.id, name: uniqueName("Theirs ") },
    });
    const foreign = await callAs(acme.subdomain, acme.users.org_admin, "/api/admin/users", {
      json: { ...person(), group_ids: [theirGroup.id] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error.message).toContain("No such group in this organization");
    // Nothing half-made: the refused person does not exist.
    expect(
      await testDb().user.count({
        where: { organizationId: acme.id, firstName: "Nina", groupMemberships: { some: { groupId: theirGroup.id } } },
      }),
    ).toBe(0);
  });

  it("a short password is refused with the rule", async () => {
    const res = await callAs(acme.subdomain, acme.users.org_admin, "/api/admin/users", {
      json: { ...person(), password: "short" },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.fieldErrors.password).toEqual(["Password must be at least 8 characters"]);
  });
});

describe("role rules when adding", () => {
  it("an org admin cannot create an administrator; an admin can", async () => {
    const refused = await callAs(acme.subdomain, acme.users.org_admin, "/api/admin/users", { json: person("admin") });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe("Org admins cannot create administrators or make anyone an administrator");
    expect(
      (await callAs(acme.subdomain, acme.users.org_admin, "/api/admin/users", { json: person("org_admin") })).status,
    ).toBe(201);
    expect((await callAs(acme.subdomain, acme.users.admin, "/api/admin/users", { json: person("admin") })).status).toBe(
      201,
    );
  });

  it("instructors and learners cannot add users", async () => {
    expect((await callAs(acme.subdomain, acme.users.instructor, "/api/admin/users", { json: person() })).status).toBe(
      403,
    );
    expect((await callAs(acme.subdomain, acme.users.learner, "/api/admin/users", { json: person() })).status).toBe(403);
  });
});

describe("another organization", () => {
  it("cannot read, invite or see a user of this one", async () => {
    const input = person();
    const created = await callAs(acme.subdomain, acme.users.org_admin, "/api/admin/users", { json: input });
    const id = created.json.user.id as string;
    expect((await callAs(globex.subdomain, globex.users.admin, `/api/admin/users/${id}`)).status).toBe(404);
    expect(
      (await callAs(globex.subdomain, globex.users.admin, `/api/admin/users/${id}/invitation`, { method: "POST" }))
        .status,
    ).toBe(404);
    expect(
      (await callAs(globex.subdomain, globex.users.admin, `/api/admin/users?q=${encodeURIComponent(input.email)}`)).json
        .total,
    ).toBe(0);
    // The same e-mail may have an account in another organization.
    expect((await callAs(globex.subdomain, globex.users.admin, "/api/admin/users", { json: input })).status).toBe(201);
  });
});
