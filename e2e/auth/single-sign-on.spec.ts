import { expect, test } from "@playwright/test";
import { call } from "@/test/http";
import { createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { startTestIdp, type TestIdp } from "@/test/oidc-idp";
import { startTestSamlIdp, type TestSamlIdp } from "@/test/saml-idp";
import { callAs } from "@/test/session";
import { origin, signIn, waitForShell } from "../support";
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

test("an admin adds an OpenID Connect and a SAML provider from System Settings", async ({ page }) => {
  const fresh = await createTenant();
  await signIn(page, fresh.subdomain, fresh.users.admin);
  await page.goto(`${origin(fresh.subdomain)}/admin/settings/sign-in`);
  await waitForShell(page);

  await page.getByRole("button", { name: "Add an OpenID Connect provider" }).click();
  const oidc = page.getByRole("form", { name: "Add an OpenID Connect provider" });
  await oidc.getByLabel("Button name").fill("Contoso ID");
  await oidc.getByLabel("Issuer").fill(idp.issuer);
  await oidc.getByLabel("Client ID").fill("contoso-lms");
  await oidc.getByLabel("Client secret").fill("contoso-secret");
  await oidc.getByLabel("Role claim (optional)").fill("groups");
  await oidc.getByLabel("Values for Instructor").fill("teachers");
  await oidc.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Contoso ID saved.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Redirect URI", exact: true })).toHaveValue(
    new RegExp(`^${origin(fresh.subdomain)}/`),
  );

  await page.getByRole("button", { name: "Add a SAML provider" }).click();
  const saml = page.getByRole("form", { name: "Add a SAML provider" });
  await saml.getByLabel("Button name").fill("Contoso SAML");
  await saml.getByLabel("IdP metadata URL").fill(samlIdp.metadataUrl);
  await saml.getByLabel("E-mail attribute").fill("email");
  await saml.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Contoso SAML saved.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "SP metadata URL", exact: true })).toHaveValue(
    new RegExp(`^${origin(fresh.subdomain)}/auth/sso/[0-9a-f-]{36}/metadata$`),
  );

  const saved = await testDb().identityProvider.findMany({
    where: { organizationId: fresh.id },
    orderBy: { name: "asc" },
  });
  expect(saved.map((p) => [p.name, p.protocol])).toEqual([
    ["Contoso ID", "oidc"],
    ["Contoso SAML", "saml"],
  ]);
  expect(saved[0]!.config).toMatchObject({ roleClaim: "groups", instructorValues: ["teachers"] });
});
