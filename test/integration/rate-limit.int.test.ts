import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, randomIp } from "@/test/http";
import { createTenant, testDb, type TestTenant } from "@/test/factories";

let tenant: TestTenant;
beforeAll(async () => {
  tenant = await createTenant();
});
afterAll(() => testDb().$disconnect());

describe("sign-in rate limits", () => {
  it("per account: after 5 failures even the right password gets 429 with a clear message", async () => {
    const user = tenant.users.learner;
    for (let i = 0; i < 5; i++) {
      const res = await call(tenant.subdomain, "/auth/login", { json: { email: user.email, password: `wrong-${i}` } });
      expect(res.status).toBe(401);
    }
    const blocked = await call(tenant.subdomain, "/auth/login", {
      json: { email: user.email, password: user.password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error.message).toMatch(/Too many sign-in attempts/);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("per IP: 20 failures from one address block that address, not others", async () => {
    const ip = randomIp();
    for (let i = 0; i < 20; i++) {
      await call(tenant.subdomain, "/auth/login", {
        ip,
        json: { email: `nobody${i}@example.test`, password: "wrong-password" },
      });
    }
    const user = tenant.users.instructor;
    expect(
      (await call(tenant.subdomain, "/auth/login", { ip, json: { email: user.email, password: user.password } }))
        .status,
    ).toBe(429);
    expect(
      (await call(tenant.subdomain, "/auth/login", { json: { email: user.email, password: user.password } })).status,
    ).toBe(200);
  });

  it("a successful sign-in clears the account's failures", async () => {
    const user = tenant.users.admin;
    for (let i = 0; i < 4; i++)
      await call(tenant.subdomain, "/auth/login", { json: { email: user.email, password: "wrong-password" } });
    expect(
      (await call(tenant.subdomain, "/auth/login", { json: { email: user.email, password: user.password } })).status,
    ).toBe(200);
    for (let i = 0; i < 4; i++)
      await call(tenant.subdomain, "/auth/login", { json: { email: user.email, password: "wrong-password" } });
    expect(
      (await call(tenant.subdomain, "/auth/login", { json: { email: user.email, password: user.password } })).status,
    ).toBe(200);
  });
});
