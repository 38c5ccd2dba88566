import { expect, test } from "@playwright/test";
import { call } from "@/test/http";
import { createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { startTestIdp, type TestIdp } from "@/test/oidc-idp";
import { startTestSamlIdp, type TestSamlIdp } from "@/test/saml-idp";
import { callAs } from "@/test/session";
import { origin } from "../support";
import { STANDARD_CLAIMS } from "@/test/oidc-claims";

// A learner signs in from the login page with the organization's OpenID Connect provider (a real
// oidc-provider on loopback) and lands on the dashboard, in Chromium; and with its SAML IdP (samlify),
// then logs out of both (single logout) from the user menu.

let tenant: TestTenant;
let idp: TestIdp;
let samlIdp: TestSamlIdp;
test.beforeAll(async () => {
  [tenant, idp, samlIdp] = await Promise.all([createTenant(), startTestIdp(), startTestSamlIdp()]);
  const saml = await callAs(tenant.subdomain, tenant.users.admin, "/api/admin/identity-providers", {
    method: "POST",
    json: {
      name: "Acme SAML",
      enabled: true,
      jitEnabled: true,
      protocol: "saml",
      metadataUrl: samlIdp.metadataUrl,
      ...STANDARD_CLAIMS,
      firstNameClaim: "firstName",
      lastNameClaim: "lastName",
    },
  });
  expect(saml.status, saml.text).toBe(201);
  samlIdp.trustServiceProvider((await call(tenant.subdomain, saml.json.metadataPath)).text);
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
  await Promise.all([idp?.close(), samlIdp?.close()]);
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

test("a new learner signs in with the organization's SAML IdP, and logging out ends the session there too", async ({
  page,
}) => {
  const email = `${uniqueName("saml")}@example.test`;
  samlIdp.loginAs({ nameID: `id-${email}`, email, firstName: "Sam", lastName: "Saml" });
  await page.goto(`${origin(tenant.subdomain)}/login`);
  await page.getByRole("link", { name: "Sign in with Acme SAML" }).click();
  await expect(page).toHaveURL(`${origin(tenant.subdomain)}/dashboard`);
  const trigger = page.getByRole("button", { name: /Account menu for/ });
  await expect(trigger).toContainText("Sam Saml");

  await trigger.click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${origin(tenant.subdomain)}/login`);
  expect(samlIdp.logouts).toEqual([`id-${email}`]);
  await page.goto(`${origin(tenant.subdomain)}/dashboard`);
  await expect(page).toHaveURL(/\/login/);
});
