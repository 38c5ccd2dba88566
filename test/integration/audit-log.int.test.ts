import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

// The audit log: what is written (sign-ins, failed sign-ins, user, group, settings and
// organization changes), who reads it (admin and org_admin: their organization; the superadmin: all),
// its filters, its paging and its CSV export.

let acme: TestTenant;
let globex: TestTenant;
let root: TestUser;
let rootToken: string;
let trickster: TestUser;
beforeAll(async () => {
  [acme, globex, root] = await Promise.all([createTenant(), createTenant(), createSuperadmin()]);
  rootToken = await signIn(null, root);
  // Things worth recording, done through the API as people do them.
  await call(acme.subdomain, "/auth/login", { json: { email: acme.users.learner.email, password: "wrong-password" } });
  // Someone whose name a spreadsheet would run as a formula signs in.
  trickster = await createUser(acme.id, "learner", { firstName: '=HYPERLINK("http://evil.example","x")' });
  await signIn(acme.subdomain, trickster);
  await callAs(acme.subdomain, acme.users.org_admin, "/api/admin/groups", { json: { name: uniqueName("Audited ") } });
  await callAs(acme.subdomain, acme.users.admin, "/api/admin/settings", {
    method: "PATCH",
    json: { sessionLifetimeHours: 48 },
  });
  await callAs(acme.subdomain, acme.users.org_admin, "/api/admin/users", {
    json: { first_name: "Una", last_name: "User", email: `${uniqueName("una")}@example.test`, role: "learner" },
  });
  await callAs(globex.subdomain, globex.users.admin, "/api/admin/settings", {
    method: "PATCH",
    json: { sessionLifetimeHours: 24 },
  });
});
afterAll(() => testDb().$disconnect());

const read = (tenant: TestTenant, query = "", role: keyof TestTenant["users"] = "org_admin") =>
  callAs(tenant.subdomain, tenant.users[role], `/api/admin/audit-log${query}`);

describe("single sign-on changes", () => {
  it("are written with the administrator's address and read with their own labels", async () => {
    const token = await signIn(acme.subdomain, acme.users.admin);
    const policy = await call(acme.subdomain, "/api/admin/sign-in-policy", {
      method: "PUT",
      bearer: token,
      ip: "10.1.2.3",
      json: { ssoOnly: false, breakGlassUserIds: [] },
    });
    expect(policy.status, policy.text).toBe(200);
    const provider = await testDb().identityProvider.create({
      data: {
        organizationId: acme.id,
        protocol: "oidc",
        name: uniqueName("Audited IdP "),
        config: { issuer: "http://127.0.0.2:9", clientId: "c", scopes: "openid" },
      },
    });
    const removed = await call(acme.subdomain, `/api/admin/identity-providers/${provider.id}`, {
      method: "DELETE",
      bearer: token,
      ip: "10.1.2.4",
    });
    expect(removed.status, removed.text).toBe(204);

    const res = await read(acme, "?action=sso.&page_size=100", "admin");
    expect(res.status, res.text).toBe(200);
    const entries = res.json.items as { action: string; action_label: string; ip: string | null; target_id: string }[];
    expect(entries.find((e) => e.action === "sso.policy.update")).toMatchObject({
      action_label: "Changed the sign-in policy",
      ip: "10.1.2.3",
    });
    expect(entries.find((e) => e.action === "sso.provider.delete" && e.target_id === provider.id)).toMatchObject({
      action_label: "Deleted an identity provider",
      ip: "10.1.2.4",
    });
  });
});

describe("what is written and who reads it", () => {
  it("an org admin reads their organization's sign-ins, failed sign-ins, user, group and settings changes, newest first", async () => {
    const res = await read(acme, "?page_size=100");
    expect(res.status).toBe(200);
    const actions = res.json.items.map((e: { action: string }) => e.action);
    for (const action of [
      "auth.login",
      "auth.login_failed",
      "group.create",
      "settings.update",
      "user.create",
      "user.invite",
    ])
      expect(actions, action).toContain(action);
    const times = res.json.items.map((e: { created_at: string }) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const failed = res.json.items.find(
      (e: { action: string; target_id: string | null }) =>
        e.action === "auth.login_failed" && e.target_id === acme.users.learner.id,
    );
    expect(failed).toMatchObject({
      action_label: "Sign-in failed",
      target_type: "user",
      target_label: acme.users.learner.email,
      details: { email: acme.users.learner.email },
    });
    const settings = res.json.items.find((e: { action: string }) => e.action === "settings.update");
    expect(settings).toMatchObject({
      actor: { id: acme.users.admin.id, email: acme.users.admin.email },
      details: { changes: { sessionLifetimeHours: { from: 168, to: 48 } } },
    });
  });

  it("never another organization's entries; instructors and learners get a 403", async () => {
    const acmeIds = new Set((await read(acme, "?page_size=100")).json.items.map((e: { id: string }) => e.id));
    const globexItems = (await read(globex, "?page_size=100", "admin")).json.items;
    expect(globexItems.length).toBeGreaterThan(0);
    expect(globexItems.filter((e: { id: string }) => acmeIds.has(e.id))).toEqual([]);
    // Naming Acme's organization does not widen Globex's view.
    const named = await read(globex, `?organization_id=${acme.id}&page_size=100`, "admin");
    expect(named.json.items.every((e: { organization: { id: string } }) => e.organization.id === globex.id)).toBe(true);
    for (const role of ["instructor", "learner"] as const) expect((await read(acme, "", role)).status, role).toBe(403);
    expect((await call(acme.subdomain, "/api/admin/audit-log")).status).toBe(401);
  });

  it("the superadmin reads every organization's and narrows to one", async () => {
    const all = await call(null, `/api/admin/audit-log?action=settings.update&page_size=100`, { bearer: rootToken });
    const organizations = new Set(
      all.json.items.map((e: { organization: { id: string } | null }) => e.organization?.id),
    );
    expect(organizations.has(acme.id) && organizations.has(globex.id)).toBe(true);
    const one = await call(null, `/api/admin/audit-log?organization_id=${globex.id}&page_size=100`, {
      bearer: rootToken,
    });
    expect(one.json.items.length).toBeGreaterThan(0);
    expect(one.json.items.every((e: { organization: { id: string } }) => e.organization.id === globex.id)).toBe(true);
  });
});

describe("filters and paging", () => {
  it("by actor (name or e-mail), action or area, target and date range", async () => {
    const byActor = await read(acme, `?actor=${encodeURIComponent(acme.users.admin.email)}&page_size=100`);
    expect(byActor.json.items.length).toBeGreaterThan(0);
    expect(byActor.json.items.every((e: { actor: { id: string } }) => e.actor.id === acme.users.admin.id)).toBe(true);
    const area = await read(acme, "?action=auth.&page_size=100");
    expect(area.json.items.every((e: { action: string }) => e.action.startsWith("auth."))).toBe(true);
    const target = await read(acme, `?target_type=user&target_id=${acme.users.learner.id}`);
    expect(target.json.items.every((e: { target_id: string }) => e.target_id === acme.users.learner.id)).toBe(true);
    const future = await read(acme, "?from=2099-01-01&to=2099-12-31");
    expect(future.json).toMatchObject({ items: [], total: 0 });
    const today = new Date().toISOString().slice(0, 10);
    expect((await read(acme, `?from=${today}&to=${today}`)).json.total).toBeGreaterThan(0);
  });

  it("refuses dates outside 1900–2099, a range that ends before it starts, and odd actions", async () => {
    expect((await read(acme, "?from=1899-12-31")).json.error.message).toBe(
      "from: from must be between 1900 and the end of 2099",
    );
    expect((await read(acme, "?to=2100-01-01")).status).toBe(400);
    expect((await read(acme, "?from=2026-02-01&to=2026-01-01")).json.error.message).toBe("to: from must be before to");
    expect((await read(acme, "?from=yesterday")).status).toBe(400);
    expect((await read(acme, "?action=DROP%20TABLE")).status).toBe(400);
  });

  it("pages", async () => {
    const first = await read(acme, "?page_size=2");
    const second = await read(acme, "?page_size=2&page=2");
    expect(first.json).toMatchObject({ page: 1, page_size: 2 });
    expect(first.json.total).toBeGreaterThan(4);
    expect(second.json.items.map((e: { id: string }) => e.id)).not.toContain(first.json.items[0].id);
  });
});

describe("CSV export", () => {
  it("the filtered log as a download, with formula-looking text defused", async () => {
    const res = await read(acme, "/export?action=auth.login");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "time,organization,actor,actor_email,action,description,target_type,target_id,target,ip,details",
    );
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.slice(1).every((l) => l.includes(",auth.login,Signed in,user,"))).toBe(true);
    // The name starts with '=': the cell starts with an apostrophe, so a spreadsheet shows it as text.
    expect(res.text).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"") Tester",${trickster.email},auth.login,`);
    expect(res.text).not.toMatch(/,=HYPERLINK/);
    expect((await read(acme, "/export", "instructor")).status).toBe(403);
  });
});

describe("CSV export of a long log", () => {
  it("2,500 entries, 1,200 of them in the same millisecond: every one once, newest first", async () => {
    const tenant = await createTenant();
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i < 1200 ? 0 : i));
    await testDb().auditLog.createMany({
      data: Array.from({ length: 2500 }, (_, i) => ({
        organizationId: tenant.id,
        action: "group.create",
        entityType: "group",
        entityId: `deep-${String(i).padStart(4, "0")}`,
        createdAt: at(i),
      })),
    });
    const res = await read(tenant, "/export?action=group.create");
    expect(res.status).toBe(200);
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines).toHaveLength(1 + 2500);
    const targets = lines.slice(1).map((l) => l.split(",")[7]);
    expect(new Set(targets).size).toBe(2500);
    // Newest first: the 1,300 later ones one millisecond apart, then the 1,200 of the same millisecond.
    expect(targets[0]).toBe("deep-2499");
    expect(targets[1299]).toBe("deep-1200");
    expect(lines[1300]!.startsWith("2026-01-01T00:00:01.200Z,")).toBe(true);
    expect(lines[1301]!.startsWith("2026-01-01T00:00:00.000Z,")).toBe(true);
    expect(lines.at(-1)!.startsWith("2026-01-01T00:00:00.000Z,")).toBe(true);
  });
});
