import { expect, test } from "@playwright/test";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { call } from "@/test/http";
import { origin, signIn, waitForShell } from "../support";

// An organization's admin creates an LRS client in System Settings → LRS clients, sees its endpoint, key
// and secret once, the client stores a statement on the organization's xAPI endpoint, and the admin
// revokes it after a confirmation that names it.

let tenant: TestTenant;
test.beforeAll(async () => {
  tenant = await createTenant();
});
test.afterAll(() => testDb().$disconnect());

const xapi = (key: string, secret: string) =>
  call(tenant.subdomain, "/xapi/statements", {
    json: {
      actor: { mbox: "mailto:ann@example.test" },
      verb: { id: "http://adlnet.gov/expapi/verbs/completed" },
      object: { id: "http://example.test/course" },
    },
    headers: {
      authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString("base64")}`,
      "x-experience-api-version": "2.0.0",
    },
  });

test("an admin creates an LRS client, sees its secret once, and revokes it with a confirmation naming it", async ({
  page,
}) => {
  await signIn(page, tenant.subdomain, tenant.users.admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/settings/lrs-clients`);
  await waitForShell(page);
  await expect(page.getByRole("tab", { name: "LRS clients" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("No LRS client yet.")).toBeVisible();

  await page.getByRole("button", { name: "Create LRS client" }).click();
  const form = page.getByRole("form", { name: "New LRS client" });
  await form.getByLabel("Name").fill("Course player");
  await form.getByRole("combobox", { name: "xAPI version" }).click();
  await page.getByRole("option", { name: "1.0.3" }).click();
  await form.getByRole("button", { name: "Create client" }).click();

  const dialog = page.getByRole("dialog", { name: "Copy the LRS client 'Course player' now" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Endpoint")).toHaveValue(`${origin(tenant.subdomain)}/xapi/`);
  const key = await dialog.getByLabel("Key").inputValue();
  const secret = await dialog.getByLabel("Secret").inputValue();
  expect(secret).toMatch(/^lrss_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  expect((await xapi(key, secret)).status).toBe(200);

  await page.reload();
  await waitForShell(page);
  // The columns: name, key, scopes, xAPI version, last used, status.
  const cells = page.getByRole("row", { name: /Course player/ }).getByRole("cell");
  await expect(cells.nth(1)).toHaveText(key);
  await expect(cells.nth(2)).toHaveText("statements/write, statements/read/mine, state");
  await expect(cells.nth(3)).toHaveText("1.0.3");
  await expect(cells.nth(4)).not.toHaveText("Never");
  expect(await page.content()).not.toContain(secret);

  await page.getByRole("button", { name: "Revoke Course player" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke the LRS client 'Course player'?" });
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("row", { name: /Course player/ })).toContainText("Revoked");
  expect((await xapi(key, secret)).status).toBe(401);
});

test("an admin turns recording learning activity as xAPI statements off and on again, under the LRS clients", async ({
  page,
}) => {
  await signIn(page, tenant.subdomain, tenant.users.admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/settings/lrs-clients`);
  await waitForShell(page);
  const card = page.getByRole("form", { name: "Learning activity" });
  const recording = card.getByRole("switch", { name: "Record learning activity as xAPI statements" });
  await expect(recording).toBeChecked();
  await recording.uncheck();
  await card.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved. It applies from the next page or request.")).toBeVisible();
  await page.reload();
  await waitForShell(page);
  await expect(recording).not.toBeChecked();
  expect((await testDb().organization.findUniqueOrThrow({ where: { id: tenant.id } })).settings).toMatchObject({
    xapiTracking: false,
  });
  await recording.check();
  await card.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved. It applies from the next page or request.")).toBeVisible();
  await page.reload();
  await waitForShell(page);
  await expect(recording).toBeChecked();
});
