import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { createSuperadmin, createTenant, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { setPasswordLinkFor } from "@/test/outbox";
import { origin, pickSearchedOption, signIn, signInWithForm, waitForForm, waitForShell } from "../support";
import { seriousAxeViolations } from "../accessibility";

// Organizations in a browser: the superadmin provisions a tenant (its first org_admin accepts the invitation
// and signs in on the new subdomain), suspends and reactivates it and moves it to another subdomain; an
// admin brands their organization, turns on a maintenance notice and finds it all in the audit log.

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  expect(await seriousAxeViolations(page, { withUrl: true })).toEqual([]);
}

let root: TestUser;
let tenant: TestTenant;
test.beforeAll(async () => {
  [root, tenant] = await Promise.all([createSuperadmin(), createTenant()]);
});

test("the superadmin creates, suspends, reactivates and moves an organization whose first admin was invited", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000); // two people's sessions and three changes of the tenant in one journey
  const name = uniqueName("Provisioned ");
  const subdomain = uniqueName("prov");
  const email = `${uniqueName("founder")}@example.test`;
  await signIn(page, null, root);
  await page.goto(`${origin(null)}/admin/organizations`);
  await waitForShell(page);
  await page.getByRole("button", { name: "Create organization" }).click();
  const dialog = page.getByRole("dialog", { name: "Create organization" });
  await dialog.getByLabel("Organization name").fill(name);
  await dialog.getByLabel("Subdomain").fill(subdomain);
  await expect(dialog.getByText(`Its address: ${origin(subdomain)}`)).toBeVisible();
  await dialog.getByLabel("First name").fill("Faye");
  await dialog.getByLabel("Last name").fill("Founder");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText(`${name} created; ${email} was invited.`)).toBeVisible();
  // Other tests make organizations too: find this one by its name.
  await page.getByRole("searchbox", { name: "Search organizations" }).fill(name);
  await expect(page.getByRole("row")).toHaveCount(2);
  await expectNoSeriousAxeViolations(page);

  // The first org_admin opens the link from the e-mail, sets a password and signs in on the new address.
  const founder = await (await browser.newContext()).newPage();
  const { url } = await setPasswordLinkFor(email);
  expect(url.startsWith(`${origin(subdomain)}/reset-password/`)).toBe(true);
  await founder.goto(url);
  await waitForForm(founder, "Set password");
  await founder.getByLabel("Password", { exact: true }).fill("violet-anchor-tundra-42");
  await founder.getByRole("button", { name: "Set password" }).click();
  await expect(founder.getByText("Your password is set.")).toBeVisible();
  await signInWithForm(founder, subdomain, { email, password: "violet-anchor-tundra-42" } as TestUser);
  await expect(founder).toHaveURL(`${origin(subdomain)}/dashboard`);
  await expect(founder.getByRole("button", { name: /Account menu for Faye Founder/ })).toContainText("Admin");

  // Suspended: its people see the suspension page; reactivated: they sign in again.
  const row = page.getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: `Suspend ${name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Suspend" }).click();
  await expect(row.getByText("Suspended")).toBeVisible();
  await founder.reload();
  await expect(founder.getByRole("heading", { name: "This organization is suspended" })).toBeVisible();
  await row.getByRole("button", { name: `Reactivate ${name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Reactivate" }).click();
  await expect(row.getByText("Active")).toBeVisible();
  await signInWithForm(founder, subdomain, { email, password: "violet-anchor-tundra-42" } as TestUser);

  // Moved: the old address answers 'Page Not Found', the new one works.
  const moved = uniqueName("moved");
  await page.goto(`${origin(null)}/admin/subdomain-management?q=${encodeURIComponent(name)}`);
  await waitForShell(page);
  await page.getByRole("button", { name: `Change the subdomain of ${name}` }).click();
  const change = page.getByRole("dialog", { name: `Change the subdomain of ${name}` });
  await change.getByLabel("New subdomain").fill("www");
  await expect(change.getByText("The subdomain 'www' is reserved; please choose another")).toBeVisible();
  await change.getByLabel("New subdomain").fill(moved);
  await expect(change.getByTestId("subdomain-preview")).toHaveText(`New address: ${origin(moved)}`);
  await expectNoSeriousAxeViolations(page);
  await change.getByRole("button", { name: "Change subdomain" }).click();
  await expect(page.getByText(`${name} now lives at ${origin(moved)}.`)).toBeVisible();
  await expect(page.getByRole("link", { name: origin(moved) })).toBeVisible();
  await founder.goto(`${origin(subdomain)}/dashboard`);
  await expect(founder.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await founder.goto(`${origin(moved)}/dashboard`);
  await expect(founder).toHaveURL(/\/login/);

  // The audit log narrows to this organization, picked by name from however many there are.
  await page.goto(`${origin(null)}/admin/settings/audit`);
  const picker = page.getByRole("combobox", { name: "Organization" });
  await expect(picker).toHaveAttribute("placeholder", "Every organization");
  await pickSearchedOption(page, "Organization", name);
  await expect(page).toHaveURL(/organization_id=[0-9a-f-]{36}/);
  const log = page.getByRole("grid", { name: "Audit log" });
  await expect(log.getByRole("row").filter({ hasText: "Suspended the organization" })).toHaveCount(1);
  await expect(log.getByRole("row").filter({ hasText: "Reactivated the organization" })).toHaveCount(1);
  await expect(log.getByRole("row").filter({ hasText: "Changed the subdomain" })).toHaveCount(1);
});

test("an admin brands the organization, turns on a maintenance notice and finds both in the audit log", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, tenant.subdomain, tenant.users.admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/organizations`);
  const logo = await sharp({ create: { width: 480, height: 160, channels: 3, background: "#1B5E20" } })
    .png()
    .toBuffer();
  await page.getByLabel("Upload logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  await expect(page.getByText("Logo uploaded.")).toBeVisible();
  await page.getByLabel("Primary colour", { exact: true }).fill("#FFCC00");
  await expect(page.getByText(/WCAG AA needs at least 4.5:1/)).toBeVisible();
  await page.getByLabel("Primary colour", { exact: true }).fill("#1B5E20");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Organization saved.")).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The top bar carries the logo; the pages are in the colour (a contained button's background).
  await page.goto(`${origin(tenant.subdomain)}/dashboard`);
  const topLogo = page.getByRole("banner").getByRole("img", { name: `${tenant.name} logo` });
  await expect(topLogo).toHaveAttribute("src", new RegExp(`^/uploads/logos/${tenant.id}/`));
  await page.goto(`${origin(tenant.subdomain)}/admin/settings/maintenance`);
  const save = page.getByRole("button", { name: "Save" }).first();
  await expect(save).toHaveCSS("background-color", "rgb(27, 94, 32)");

  const notice = `Planned maintenance ${uniqueName("")} on Saturday`;
  const section = page.getByRole("form", { name: "Maintenance notice" });
  await section.getByLabel("Show the notice").check();
  await section.getByLabel("Notice", { exact: true }).fill(notice);
  await section.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved. It applies from the next page or request.")).toBeVisible();
  for (const path of ["/dashboard", "/admin/courses", "/login", "/no-such-page"]) {
    await page.goto(`${origin(tenant.subdomain)}${path}`);
    await expect(page.getByTestId("maintenance-notice"), path).toHaveText(notice);
  }
  await page.goto(`${origin(tenant.subdomain)}/admin/settings`);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("tab", { name: "Audit log" }).click();
  const grid = page.getByRole("grid", { name: "Audit log" });
  await expect(grid.getByRole("row").filter({ hasText: "Changed settings" }).first()).toBeVisible();
  await expect(grid.getByRole("row").filter({ hasText: "Uploaded a logo" })).toBeVisible();
  await expect(grid.getByRole("row").filter({ hasText: "Edited the organization" })).toBeVisible();
  await page.getByRole("combobox", { name: "Action" }).click();
  await page.getByRole("option", { name: "Uploaded a logo" }).click();
  await expect(page).toHaveURL(/action=organization\.logo\.set/);
  await expect(grid.getByRole("row").filter({ hasText: "Changed settings" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    "/api/admin/audit-log/export?action=organization.logo.set",
  );
  await expectNoSeriousAxeViolations(page);
});
