import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { setPasswordLinkFor } from "@/test/outbox";
import { callAs } from "@/test/session";
import { STANDARD_CLAIMS } from "@/test/oidc-claims";

// "SSO only": once an organization requires single sign-on, passwords are refused (sign-in,
// registration, reset) with a sentence that says so, except for the break-glass accounts its admin
// names; other organizations are untouched.

const SSO_ONLY = "This organization signs in with single sign-on: use the “Sign in with …” button on the login page.";

let acme: TestTenant;
let globex: TestTenant;
beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => testDb().$disconnect());

const login = (tenant: TestTenant, user: { email: string; password: string }) =>
  call(tenant.subdomain, "/auth/login", { json: { email: user.email, password: user.password } });

const policy = (json: unknown) =>
  callAs(acme.subdomain, acme.users.admin, "/api/admin/sign-in-policy", { method: "PUT", json });

describe("requiring single sign-on", () => {
  it("cannot be turned on before the organization has a provider that is on", async () => {
    const res = await policy({ ssoOnly: true, breakGlassUserIds: [] });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe("Add and turn on an identity provider before requiring single sign-on");
  });

  it("refuses break-glass accounts from another organization", async () => {
    const res = await policy({ ssoOnly: false, breakGlassUserIds: [globex.users.admin.id] });
    expect(res.status).toBe(400);
    expect(res.json.error.fieldErrors.breakGlassUserIds).toEqual([
      "Break-glass accounts must be active users of this organization",
    ]);
  });

  it("refuses passwords to everyone but the break-glass accounts, in this organization only", async () => {
    // The admin signs in before the switch; that session goes on (only new password sign-ins are refused).
    await testDb().identityProvider.create({
      data: {
        organizationId: acme.id,
        protocol: "oidc",
        name: "Acme ID",
        config: {
          issuer: "http://127.0.0.2:9",
          clientId: "x",
          scopes: "openid",
          ...STANDARD_CLAIMS,
        },
      },
    });
    const on = await policy({ ssoOnly: true, breakGlassUserIds: [acme.users.admin.id] });
    expect(on.status, on.text).toBe(200);
    expect(on.json).toEqual({
      ssoOnly: true,
      breakGlassUsers: [
        {
          id: acme.users.admin.id,
          first_name: acme.users.admin.firstName,
          last_name: acme.users.admin.lastName,
          email: acme.users.admin.email,
        },
      ],
    });

    const learner = await login(acme, acme.users.learner);
    expect(learner.status).toBe(403);
    expect(learner.json.error.message).toBe(SSO_ONLY);
    // A wrong password is still just a wrong password: the policy says nothing about who has an account.
    const wrong = await login(acme, { email: acme.users.learner.email, password: "not-the-password" });
    expect(wrong.status).toBe(401);

    expect((await login(acme, acme.users.admin)).status).toBe(200);
    expect((await login(globex, globex.users.learner)).status).toBe(200);

    const register = await call(acme.subdomain, "/auth/register", {
      json: {
        first_name: "Rita",
        last_name: "Register",
        email: `${uniqueName("rita")}@example.test`,
        password: "long-enough-1",
      },
    });
    expect(register.status).toBe(403);
    expect(register.json.error.message).toBe(SSO_ONLY);

    const forgot = await call(acme.subdomain, "/auth/forgot-password", {
      json: { email: acme.users.instructor.email },
    });
    expect(forgot.status).toBe(403);
    expect(forgot.json.error.message).toBe(SSO_ONLY);

    // A break-glass account can still reset its password.
    const breakGlassReset = await call(acme.subdomain, "/auth/forgot-password", {
      json: { email: acme.users.admin.email },
    });
    expect(breakGlassReset.status).toBe(200);
    const { token } = await setPasswordLinkFor(acme.users.admin.email);
    const reset = await call(acme.subdomain, `/auth/reset-password/${token}`, {
      json: { password: "a-brand-new-password-7" },
    });
    expect(reset.status, reset.text).toBe(200);

    const audit = await testDb().auditLog.findFirst({
      where: { organizationId: acme.id, action: "sso.policy.update" },
    });
    expect(audit?.data).toEqual({ ssoOnly: true, breakGlassUserIds: [acme.users.admin.id] });
  });
});
