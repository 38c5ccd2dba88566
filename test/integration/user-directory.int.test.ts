import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userDirectoryPageSchema } from "@/lib/openapi/responses/users";
import { call } from "@/test/http";
import { createTenant, createUser, testDb, type TestTenant } from "@/test/factories";

let tenant: TestTenant;
let other: TestTenant;
beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  await createUser(tenant.id, "learner", { status: "suspended", firstName: "Suspended" });
});
afterAll(() => testDb().$disconnect());

async function tokenFor(t: TestTenant, role: keyof TestTenant["users"]): Promise<string> {
  const user = t.users[role];
  return (await call(t.subdomain, "/auth/login", { json: { email: user.email, password: user.password } })).json.token;
}

describe("GET /api/users", () => {
  it("as instructor lists the organization's active users with name, e-mail and role only", async () => {
    const res = await call(tenant.subdomain, "/api/users", { bearer: await tokenFor(tenant, "instructor") });
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(4);
    expect(Object.keys(res.json.items[0]).sort()).toEqual(["email", "first_name", "id", "last_name", "role"]);
    const ids = res.json.items.map((u: { id: string }) => u.id);
    expect(ids).not.toContain(other.users.learner.id);
    // Exactly what the OpenAPI document describes.
    expect(userDirectoryPageSchema.parse(res.json)).toEqual(res.json);
  });

  it("?role=learner and ?role=staff filter by role", async () => {
    const token = await tokenFor(tenant, "org_admin");
    const learners = await call(tenant.subdomain, "/api/users?role=learner", { bearer: token });
    expect(learners.json.items.map((u: { id: string }) => u.id)).toEqual([tenant.users.learner.id]);
    const staff = await call(tenant.subdomain, "/api/users?role=staff", { bearer: token });
    expect(staff.json.items.map((u: { role: string }) => u.role).sort()).toEqual(["admin", "instructor", "org_admin"]);
  });

  it("?q= searches names and e-mail, and pages", async () => {
    const token = await tokenFor(tenant, "admin");
    const res = await call(
      tenant.subdomain,
      `/api/users?q=${encodeURIComponent(tenant.users.learner.email.toUpperCase())}`,
      { bearer: token },
    );
    expect(res.json.items.map((u: { id: string }) => u.id)).toEqual([tenant.users.learner.id]);
    const paged = await call(tenant.subdomain, "/api/users?page=2&page_size=3", { bearer: token });
    expect(paged.json).toMatchObject({ page: 2, page_size: 3, total: 4 });
    expect(paged.json.items).toHaveLength(1);
  });

  it("as learner → 403, anonymous → 401, a bad role → 400", async () => {
    expect((await call(tenant.subdomain, "/api/users", { bearer: await tokenFor(tenant, "learner") })).status).toBe(
      403,
    );
    expect((await call(tenant.subdomain, "/api/users")).status).toBe(401);
    const bad = await call(tenant.subdomain, "/api/users?role=superadmin", { bearer: await tokenFor(tenant, "admin") });
    expect(bad.status).toBe(400);
  });

  it("another organization's token is refused on this host", async () => {
    const res = await call(tenant.subdomain, "/api/users", { bearer: await tokenFor(other, "admin") });
    expect(res.status).toBe(401);
  });
});
