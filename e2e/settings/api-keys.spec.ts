import { expect, test } from "@playwright/test";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { origin, signIn, waitForShell } from "../support";

// An organization's admin creates an API key in System Settings → API keys, sees its secret once and
// copies it, the key works on the API, and the admin revokes it after a confirmation that names it.

let tenant: TestTenant;
test.beforeAll(async () => {
  tenant = await createTenant();
});
test.afterAll(() => testDb().$disconnect());

test("an admin creates a key, copies its secret once, and revokes it with a confirmation naming it", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: origin(tenant.subdomain) });
  await signIn(page, tenant.subdomain, tenant.users.admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/settings/api-keys`);
  await waitForShell(page);
  await expect(page.getByRole("tab", { name: "API keys" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("No API key yet.")).toBeVisible();

  await page.getByRole("button", { name: "Create API key" }).click();
  const form = page.getByRole("form", { name: "New API key" });
  await form.getByLabel("Name").fill("HR sync");
  await form.getByLabel("users:manage", { exact: true }).check();
  await form.getByRole("button", { name: "Create key" }).click();

  const dialog = page.getByRole("dialog", { name: "Copy the key 'HR sync' now" });
  await expect(dialog).toBeVisible();
  const secret = await dialog.getByLabel("API key").inputValue();
  expect(secret).toMatch(/^lmsk_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole("button", { name: "Copy key" }).click();
  await expect(dialog.getByText("Key copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  // Listed with its hint, never its secret.
  const row = page.getByRole("row", { name: /HR sync/ });
  await expect(row).toContainText(secret.slice(0, 9));
  await expect(page.getByText(secret)).toHaveCount(0);
  expect((await call(tenant.subdomain, "/api/admin/users", { bearer: secret })).status).toBe(200);

  // After a reload the secret is nowhere, and the last use shows.
  await page.reload();
  await waitForShell(page);
  // The columns: name, key, scopes, last used, expires, status.
  const cells = page.getByRole("row", { name: /HR sync/ }).getByRole("cell");
  await expect(cells.nth(3)).not.toHaveText("Never");
  await expect(cells.nth(4)).toHaveText("Never");
  expect(await page.content()).not.toContain(secret);

  await page.getByRole("button", { name: "Revoke HR sync" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke the API key 'HR sync'?" });
  await expect(confirm).toContainText("Programs that use 'HR sync'");
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("row", { name: /HR sync/ })).toContainText("Revoked");
  expect((await call(tenant.subdomain, "/api/admin/users", { bearer: secret })).status).toBe(401);
});

test("an org admin finds no API keys section ('Page Not Found')", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.org_admin);
  const res = await page.goto(`${origin(tenant.subdomain)}/admin/settings/api-keys`);
  expect(res?.status()).toBe(404);
  await expect(page.getByText("Page Not Found")).toBeVisible();
});
