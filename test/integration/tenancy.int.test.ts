import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "@/test/http";
import { createTenant, testDb, type TestTenant } from "@/test/factories";

let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => testDb().$disconnect());

describe("tenant binding", () => {
  it("a user of A cannot sign in on B's host → 401", async () => {
    const user = a.users.learner;
    const res = await call(b.subdomain, "/auth/login", { json: { email: user.email, password: user.password } });
    expect(res.status).toBe(401);
  });

  it("A's bearer token is refused on B's host and on the apex", async () => {
    const user = a.users.admin;
    const { json } = await call(a.subdomain, "/auth/login", { json: { email: user.email, password: user.password } });
    expect((await call(a.subdomain, "/auth/profile", { bearer: json.token })).status).toBe(200);
    expect((await call(b.subdomain, "/auth/profile", { bearer: json.token })).status).toBe(401);
    expect((await call(null, "/auth/profile", { bearer: json.token })).status).toBe(401);
    expect((await call(b.subdomain, "/api/messages/unread-count", { bearer: json.token })).status).toBe(401);
  });

  it("A's session cookie is refused on B's host", async () => {
    const user = a.users.learner;
    const { json } = await call(a.subdomain, "/auth/login", { json: { email: user.email, password: user.password } });
    const cookie = `next-auth.session-token=${json.token}`;
    expect((await call(a.subdomain, "/auth/profile", { headers: { cookie } })).status).toBe(200);
    expect((await call(b.subdomain, "/auth/profile", { headers: { cookie } })).status).toBe(401);
  });

  it("a token stops working when its organization is suspended", async () => {
    const c = await createTenant();
    const user = c.users.learner;
    const { json } = await call(c.subdomain, "/auth/login", { json: { email: user.email, password: user.password } });
    await testDb().organization.update({ where: { id: c.id }, data: { status: "suspended" } });
    // A suspended organization's host refuses every call, saying why.
    const res = await call(c.subdomain, "/auth/profile", { bearer: json.token });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe("This organization is suspended. Contact the platform administrator.");
  });

  it("the database refuses a cross-tenant link (composite foreign keys)", async () => {
    const course = await testDb().course.create({ data: { organizationId: a.id, title: "A's course" } });
    await expect(
      testDb().enrollment.create({ data: { organizationId: b.id, courseId: course.id, userId: b.users.learner.id } }),
    ).rejects.toThrow();
    await expect(
      testDb().module.create({ data: { organizationId: b.id, courseId: course.id, title: "intruder", position: 0 } }),
    ).rejects.toThrow();
  });
});

describe("cross-site writes with a session cookie", () => {
  it("PUT /auth/profile from a sibling tenant's page → 403; from the own host → 200; bearer clients unaffected", async () => {
    const user = a.users.learner;
    const { json } = await call(a.subdomain, "/auth/login", { json: { email: user.email, password: user.password } });
    const cookie = `next-auth.session-token=${json.token}`;
    const body = { first_name: "Still" };
    const foreign = await call(a.subdomain, "/auth/profile", {
      method: "PUT",
      json: body,
      headers: { cookie, origin: `http://${b.subdomain}.localhost:${process.env.TEST_PORT ?? 3100}` },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error.message).toMatch(/Cross-site request refused/);
    const own = await call(a.subdomain, "/auth/profile", {
      method: "PUT",
      json: body,
      headers: { cookie, origin: `http://${a.subdomain}.localhost:${process.env.TEST_PORT ?? 3100}` },
    });
    expect(own.status).toBe(200);
    const api = await call(a.subdomain, "/auth/profile", {
      method: "PUT",
      json: body,
      bearer: json.token,
      headers: { origin: "http://elsewhere.example" },
    });
    expect(api.status).toBe(200);
  });
});
