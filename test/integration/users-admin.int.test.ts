import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { cachedSignIn } from "@/test/session";

// GET /api/admin/users: the user administration's list (org admins and admins), searched, filtered by
// role, status and group, sorted on the server.

let acme: TestTenant;
let globex: TestTenant;
beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => testDb().$disconnect());

const list = async (query: string, tenant = acme, role: keyof TestTenant["users"] = "org_admin") =>
  call(tenant.subdomain, `/api/admin/users?${query}`, {
    bearer: await cachedSignIn(tenant.subdomain, tenant.users[role]),
  });

describe("GET /api/admin/users", () => {
  it("searches, filters by role, status and group, sorts and pages", async () => {
    const tag = uniqueName("zq");
    const [, bert, cleo] = await Promise.all(
      ["Anna", "Bert", "Cleo"].map((firstName) => createUser(acme.id, "learner", { firstName: `${firstName}${tag}` })),
    );
    await testDb().user.update({
      where: { id: cleo!.id },
      data: { status: "suspended", lastLoginAt: new Date("2026-11-01T10:00:00Z") },
    });
    const group = await testDb().group.create({ data: { organizationId: acme.id, name: uniqueName("Shift ") } });
    await testDb().groupMember.create({ data: { organizationId: acme.id, groupId: group.id, userId: bert!.id } });

    const all = await list(`q=${tag}&sort=name&order=desc`);
    expect(all.status).toBe(200);
    expect(all.json.total).toBe(3);
    // Same last name: the first name breaks the tie, descending.
    expect(all.json.items.map((u: { first_name: string }) => u.first_name)).toEqual([
      `Cleo${tag}`,
      `Bert${tag}`,
      `Anna${tag}`,
    ]);
    expect(all.json.items[1]).toMatchObject({
      email: bert!.email,
      username: bert!.username,
      role: "learner",
      status: "active",
      groups: [{ id: group.id, name: group.name }],
      last_login_at: null,
    });

    expect((await list(`q=${tag}&status=suspended`)).json.items.map((u: { id: string }) => u.id)).toEqual([cleo!.id]);
    expect((await list(`q=${tag}&group_id=${group.id}`)).json.items.map((u: { id: string }) => u.id)).toEqual([
      bert!.id,
    ]);
    expect((await list(`q=${tag}&role=instructor`)).json.total).toBe(0);
    const byLogin = await list(`q=${tag}&sort=last_login_at&order=desc&page_size=1`);
    expect(byLogin.json).toMatchObject({ page: 1, page_size: 1, total: 3 });
    expect(byLogin.json.items[0].id).toBe(cleo!.id);
    expect(byLogin.json.items[0].last_login_at).toBe("2026-11-01T10:00:00.000Z");
    expect((await list(`q=${tag}&page=2&page_size=2`)).json.items.map((u: { id: string }) => u.id)).toEqual([cleo!.id]);
    // % and _ are letters in a search, not wildcards.
    expect((await list(`q=${encodeURIComponent(`${tag.slice(0, 3)}%`)}`)).json.total).toBe(0);
    expect((await list(`q=${encodeURIComponent(tag.replace(/./, "_"))}`)).json.total).toBe(0);
  });

  it("refuses bad parameters with a message naming them", async () => {
    const res = await list("sort=password");
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain("sort");
    expect((await list("role=superadmin")).status).toBe(400);
    expect((await list("group_id=nope")).status).toBe(400);
  });

  it("is for org admins and admins only, and each organization sees its own users", async () => {
    expect((await list("", acme, "instructor")).status).toBe(403);
    expect((await list("", acme, "learner")).status).toBe(403);
    expect((await list("", acme, "admin")).status).toBe(200);
    const theirs = await list(`q=${encodeURIComponent(acme.users.learner.email)}`, globex);
    expect(theirs.json.total).toBe(0);
    const otherGroup = await testDb().group.create({ data: { organizationId: acme.id, name: uniqueName("Theirs ") } });
    await testDb().groupMember.create({
      data: { organizationId: acme.id, groupId: otherGroup.id, userId: acme.users.learner.id },
    });
    expect((await list(`group_id=${otherGroup.id}`, globex)).json.total).toBe(0);
  });
});
