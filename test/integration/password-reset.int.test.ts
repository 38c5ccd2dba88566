import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "@/test/http";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { setPasswordLinkFor } from "@/test/outbox";

let tenant: TestTenant;
beforeAll(async () => {
  tenant = await createTenant();
});
afterAll(() => testDb().$disconnect());

const resetTokenFor = async (email: string) => (await setPasswordLinkFor(email)).token;

describe("password reset", () => {
  it("forgot-password answers the same for unknown e-mails", async () => {
    const res = await call(tenant.subdomain, "/auth/forgot-password", { json: { email: "nobody@example.test" } });
    expect(res.status).toBe(200);
    expect(res.json.message).toMatch(/If an account exists/);
  });

  it("the token resets the password once, and revokes older sessions", async () => {
    const user = tenant.users.learner;
    const login = await call(tenant.subdomain, "/auth/login", { json: { email: user.email, password: user.password } });
    expect((await call(tenant.subdomain, "/auth/forgot-password", { json: { email: user.email } })).status).toBe(200);
    const token = await resetTokenFor(user.email);

    const reset = await call(tenant.subdomain, `/auth/reset-password/${token}`, {
      json: { password: "brand-new-password" },
    });
    expect(reset.status).toBe(200);
    const again = await call(tenant.subdomain, `/auth/reset-password/${token}`, {
      json: { password: "another-password" },
    });
    expect(again.status).toBe(400);
    expect(again.json.error.message).toMatch(/invalid or has expired/);

    expect(
      (await call(tenant.subdomain, "/auth/login", { json: { email: user.email, password: "brand-new-password" } }))
        .status,
    ).toBe(200);
    expect((await call(tenant.subdomain, "/auth/profile", { bearer: login.json.token })).status).toBe(401);
  });

  it("an expired token is refused", async () => {
    const user = tenant.users.instructor;
    await call(tenant.subdomain, "/auth/forgot-password", { json: { email: user.email } });
    const token = await resetTokenFor(user.email);
    await testDb().passwordResetToken.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const res = await call(tenant.subdomain, `/auth/reset-password/${token}`, {
      json: { password: "brand-new-password" },
    });
    expect(res.status).toBe(400);
  });

  it("a token is only good on its own organization's host", async () => {
    const other = await createTenant();
    const user = tenant.users.admin;
    await call(tenant.subdomain, "/auth/forgot-password", { json: { email: user.email } });
    const token = await resetTokenFor(user.email);
    expect(
      (await call(other.subdomain, `/auth/reset-password/${token}`, { json: { password: "brand-new-password" } }))
        .status,
    ).toBe(400);
  });
});
