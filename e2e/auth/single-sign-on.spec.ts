import { expect, test } from "@playwright/test";
import { createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { startTestIdp, type TestIdp } from "@/test/oidc-idp";
import { callAs } from "@/test/session";
import { origin } from "../support";
import { STANDARD_CLAIMS } from "@/test/oidc-claims";

// A learner signs in from the login page with the organization's OpenID Connect provider (a real
// oidc-provider on loopback) and lands on the dashboard, in Chromium.

let tenant: TestTenant;
let idp: TestIdp;
test.beforeAll(async () => {
  [tenant, idp] = await Promise.all([createTenant(), startTestIdp()]);
  const res = await callAs(tenant.subdomain, tenant.users.admin, "/api/admin/identity-providers", {
    method: "POST",
    json: {
      name: "Acme ID",
      enabled: true,
      jitEnabled: true,
      protocol: "oidc",
      issuer: idp.issuer,
      clientId: "lms-e2e",
      clientSecret: "e2e-secret",
      scopes: "openid email profile",
      ...STANDARD_CLAIMS,
    },
  });
  expect(res.status, res.text).toBe(201);
  idp.addClient({
    clientId: "lms-e2e",
    clientSecret: "e2e-secret",
    redirectUri: `${origin(tenant.subdomain)}${res.json.redirectPath}`,
  });
});
test.afterAll(async () => {
  await idp?.close();
});

test("a new learner signs in with the organization's provider from the login page and lands on the dashboard", async ({
  page,
}) => {
  const email = `${uniqueName("sso")}@example.test`;
  idp.loginAs({ sub: `sub-${email}`, email, email_verified: true, given_name: "Nora", family_name: "Sso" });
  await page.goto(`${origin(tenant.subdomain)}/login`);
  await page.getByRole("link", { name: "Sign in with Acme ID" }).click();
  await expect(page).toHaveURL(`${origin(tenant.subdomain)}/dashboard`);
  await expect(page.getByText("Nora", { exact: false }).first()).toBeVisible();
  const user = await testDb().user.findFirstOrThrow({ where: { organizationId: tenant.id, email } });
  expect(user.role).toBe("learner");
});
