import { readFile } from "node:fs/promises";
import { expect, test, type Download, type Locator, type Page } from "@playwright/test";
import { createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { STANDARD_CLAIMS } from "@/test/oidc-claims";
import { startTestIdp, type TestIdp } from "@/test/oidc-idp";
import { startTestSamlIdp, type TestSamlIdp } from "@/test/saml-idp";
import { callAs } from "@/test/session";
import { origin, signIn, waitForShell } from "../support";

// System Settings → Sign-in as an administrator meets it: everything the identity provider needs from us
// is on the form before anything is saved (and the same once saved), each value with its copy button, the
// SP certificate and metadata downloadable; Remove asks first; the form warns before edits are lost.

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

let idp: TestIdp;
let samlIdp: TestSamlIdp;
test.beforeAll(async () => {
  [idp, samlIdp] = await Promise.all([startTestIdp(), startTestSamlIdp()]);
});
test.afterAll(async () => {
  await Promise.all([idp?.close(), samlIdp?.close()]);
});

async function openSignIn(page: Page, tenant: TestTenant): Promise<void> {
  await signIn(page, tenant.subdomain, tenant.users.admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/settings/sign-in`);
  await waitForShell(page);
}

const field = (form: Locator, label: string) => form.getByRole("textbox", { name: label, exact: true });

/** Each value's copy button puts exactly that value on the clipboard. */
async function expectCopies(page: Page, form: Locator, label: string, value: string): Promise<void> {
  await form.getByRole("button", { name: `Copy ${label}`, exact: true }).click();
  await expect(form.getByRole("status").filter({ hasText: `${label}: Copied` })).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
}

async function downloaded(page: Page, link: Locator): Promise<{ name: string; text: string }> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, "utf8") };
}

/** The SP metadata without its random document ID, the one part that differs from answer to answer. */
const withoutId = (xml: string) => xml.replace(/ ID="[^"]*"/, "");

test("SAML: every value for the IdP is shown, copied and downloadable before saving, and the same once saved", async ({
  page,
  browser,
}) => {
  // Two IdP set-ups, two downloads and a sign-in in a second browser: three times a test's usual time.
  test.slow();
  const tenant = await createTenant();
  await openSignIn(page, tenant);
  await page.getByRole("button", { name: "Add a SAML provider" }).click();
  const form = page.getByRole("form", { name: "Add a SAML provider" });
  await expect(form).toContainText("Give the IdP our SP metadata (or the values below), then give its metadata here");

  const base = origin(tenant.subdomain);
  const metadataUrl = field(form, "SP metadata URL");
  await expect(metadataUrl).toHaveValue(new RegExp(`^${base}/auth/sso/[0-9a-f-]{36}/metadata$`));
  const id = /\/auth\/sso\/([0-9a-f-]{36})\//.exec(await metadataUrl.inputValue())![1]!;
  const before = {
    "SP metadata URL": `${base}/auth/sso/${id}/metadata`,
    "Entity ID (audience)": `${base}/auth/sso/${id}/metadata`,
    "ACS URL (reply URL, HTTP-POST)": `${base}/auth/sso/${id}/acs`,
    "Single logout URL (HTTP-Redirect)": `${base}/auth/sso/${id}/slo`,
  };
  for (const [label, value] of Object.entries(before)) {
    await expect(field(form, label)).toHaveValue(value);
    await expectCopies(page, form, label, value);
  }
  const certificate = await field(form, "SP signing certificate").inputValue();
  expect(certificate).toMatch(/^-----BEGIN CERTIFICATE-----\r?\n[\s\S]+-----END CERTIFICATE-----\s*$/);
  await expectCopies(page, form, "SP signing certificate", certificate);

  // The downloads: the certificate as shown, and metadata naming our entity ID, ACS and that certificate.
  const pem = await downloaded(page, form.getByRole("link", { name: "Download certificate" }));
  expect(pem).toEqual({ name: "sp-certificate.pem", text: certificate });
  const draftMetadata = await downloaded(page, form.getByRole("link", { name: "Download SP metadata" }));
  expect(draftMetadata.name).toBe("sp-metadata.xml");
  expect(draftMetadata.text).toContain(`entityID="${base}/auth/sso/${id}/metadata"`);
  expect(draftMetadata.text).toContain(`Location="${base}/auth/sso/${id}/acs"`);
  const certificateBody = certificate.replace(/-----[A-Z ]+-----|\s/g, "");
  expect(draftMetadata.text.replace(/\s/g, "")).toContain(certificateBody);

  // The IdP is set up from the file alone, then its metadata is given and the provider saved.
  samlIdp.trustServiceProvider(draftMetadata.text);
  await form.getByLabel("Button name").fill("Contoso SAML");
  await form.getByLabel("IdP metadata URL").fill(samlIdp.metadataUrl);
  await form.getByRole("switch", { name: "Make an account on first sign-in" }).check();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Contoso SAML saved.")).toBeVisible();

  const edit = page.getByRole("form", { name: "Edit Contoso SAML" });
  for (const [label, value] of Object.entries(before)) await expect(field(edit, label)).toHaveValue(value);
  await expect(field(edit, "SP signing certificate")).toHaveValue(certificate);
  const stored = await testDb().identityProvider.findFirstOrThrow({ where: { organizationId: tenant.id } });
  expect(stored.id).toBe(id);
  const savedMetadata = await downloaded(page, edit.getByRole("link", { name: "Download SP metadata" }));
  expect(withoutId(savedMetadata.text)).toBe(withoutId(draftMetadata.text));

  // The key pair given to the IdP before saving is the one that signs: someone signs in through it.
  const email = `${uniqueName("saml")}@example.test`;
  samlIdp.loginAs({ nameID: `id-${email}`, email, firstName: "Dana", lastName: "Draft" });
  const visitor = await browser.newContext();
  const login = await visitor.newPage();
  await login.goto(`${base}/login`);
  await login.getByRole("link", { name: "Sign in with Contoso SAML" }).click();
  await expect(login).toHaveURL(`${base}/dashboard`);
  await visitor.close();
});

test("OpenID Connect: the redirect URI is shown and copied before saving, and is the one the saved provider has", async ({
  page,
}) => {
  const tenant = await createTenant();
  await openSignIn(page, tenant);
  await page.getByRole("button", { name: "Add an OpenID Connect provider" }).click();
  const form = page.getByRole("form", { name: "Add an OpenID Connect provider" });
  await expect(form).toContainText("Register this site at your identity provider with the redirect URI below");
  const base = origin(tenant.subdomain);
  const redirect = field(form, "Redirect URI");
  await expect(redirect).toHaveValue(new RegExp(`^${base}/auth/sso/[0-9a-f-]{36}/callback$`));
  const redirectUri = await redirect.inputValue();
  await expectCopies(page, form, "Redirect URI", redirectUri);

  await form.getByLabel("Button name").fill("Contoso ID");
  await form.getByLabel("Issuer").fill(idp.issuer);
  await form.getByLabel("Client ID").fill("contoso-lms");
  await form.getByLabel("Client secret").fill("contoso-secret");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Contoso ID saved.")).toBeVisible();
  await expect(field(page.getByRole("form", { name: "Edit Contoso ID" }), "Redirect URI")).toHaveValue(redirectUri);
  const stored = await testDb().identityProvider.findFirstOrThrow({ where: { organizationId: tenant.id } });
  expect(redirectUri).toBe(`${base}/auth/sso/${stored.id}/callback`);
});

test("Remove asks first, naming the provider; cancelling sends nothing, confirming removes it", async ({ page }) => {
  const tenant = await createTenant();
  const res = await callAs(tenant.subdomain, tenant.users.admin, "/api/admin/identity-providers", {
    method: "POST",
    json: {
      name: "Okta",
      enabled: true,
      jitEnabled: false,
      protocol: "oidc",
      issuer: idp.issuer,
      clientId: "okta-lms",
      clientSecret: "okta-secret",
      scopes: "openid email profile",
      ...STANDARD_CLAIMS,
    },
  });
  expect(res.status, res.text).toBe(201);
  await openSignIn(page, tenant);
  const deletes: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "DELETE") deletes.push(request.url());
  });

  const row = page.getByRole("listitem").filter({ hasText: "Okta" });
  await row.getByRole("button", { name: "Remove" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove the identity provider 'Okta'?" });
  await expect(dialog).toContainText("People who sign in only through it will not be able to sign in.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(deletes).toEqual([]);
  expect(await testDb().identityProvider.count({ where: { organizationId: tenant.id } })).toBe(1);

  await row.getByRole("button", { name: "Remove" }).click();
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Okta removed.")).toBeVisible();
  expect(deletes).toEqual([`${origin(tenant.subdomain)}/api/admin/identity-providers/${res.json.id}`]);
  expect(await testDb().identityProvider.count({ where: { organizationId: tenant.id } })).toBe(0);
});

test("the first-sign-in hint stands under its own switch, and unsaved edits are not lost silently", async ({
  page,
}) => {
  const tenant = await createTenant();
  await openSignIn(page, tenant);
  await page.getByRole("button", { name: "Add an OpenID Connect provider" }).click();
  const form = page.getByRole("form", { name: "Add an OpenID Connect provider" });

  const jit = form.getByRole("switch", { name: "Make an account on first sign-in" });
  const hint = "Off: only people who already have an account here can sign in";
  await expect(jit).toHaveAccessibleDescription(hint);
  const shown = form.getByRole("switch", { name: "Show “Sign in with …” on the login page" });
  await expect(shown).not.toHaveAccessibleDescription(hint);
  // Under it on the page: below its switch, and below the other one too (not beside it under the first).
  const hintBox = (await form.getByText(hint).boundingBox())!;
  const jitBox = (await jit.boundingBox())!;
  const shownBox = (await shown.boundingBox())!;
  expect(hintBox.y).toBeGreaterThanOrEqual(jitBox.y + jitBox.height - 1);
  expect(jitBox.y).toBeGreaterThanOrEqual(shownBox.y + shownBox.height - 1);

  // Edits made: another form, Cancel and the app's links all ask; declining keeps the edits.
  await form.getByLabel("Button name").fill("Half done");
  const asked: string[] = [];
  page.on("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("button", { name: "Add a SAML provider" }).click();
  await form.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  expect(asked).toEqual(Array(3).fill("You have unsaved changes. Leave this page and lose them?"));
  await expect(page).toHaveURL(`${origin(tenant.subdomain)}/admin/settings/sign-in`);
  await expect(form.getByLabel("Button name")).toHaveValue("Half done");
});
