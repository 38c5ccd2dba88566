import { expect, test, type Page } from "@playwright/test";
import { createTenant, createUser, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { setPasswordLinkFor } from "@/test/outbox";
import { origin, signIn, signInWithForm, waitForForm } from "../support";
import { seriousAxeViolations } from "../accessibility";

// The user administration: the list searched on the server with its state in the address; an org admin
// invites someone, who sets their password from the e-mail and signs in; a deactivated user is refused
// at once. The users pages pass axe.

let tenant: TestTenant;
let found: TestUser;
test.beforeAll(async () => {
  tenant = await createTenant();
  found = await createUser(tenant.id, "instructor", { firstName: uniqueName("Ida") });
});

test("an org admin searches and filters the users; a reload keeps the list", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.org_admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/users`);
  const grid = page.getByRole("grid", { name: "Users" });
  await expect(grid.getByRole("row").filter({ hasText: tenant.users.learner.email })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search users" }).fill(found.firstName);
  await expect(page).toHaveURL(new RegExp(`q=${found.firstName}`));
  await expect(grid.getByRole("row").filter({ hasText: found.email })).toBeVisible();
  await expect(grid.getByRole("row").filter({ hasText: tenant.users.learner.email })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Search users" })).toHaveValue(found.firstName);
  await expect(grid.getByRole("row").filter({ hasText: found.email })).toContainText("Instructor");
});

test("an org admin filters the users by role and status; the choices live in the address", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.org_admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/users`);
  const grid = page.getByRole("grid", { name: "Users" });
  await expect(grid.getByRole("row").filter({ hasText: tenant.users.learner.email })).toBeVisible();
  const role = page.getByRole("combobox", { name: "Role" });
  await expect(role.getByRole("option")).toHaveText(["All roles", "Learner", "Instructor", "Admin", "Administrator"]);
  await role.selectOption({ label: "Instructor" });
  await expect(page).toHaveURL(/role=instructor/);
  await expect(grid.getByRole("row").filter({ hasText: tenant.users.instructor.email })).toBeVisible();
  await expect(grid.getByRole("row").filter({ hasText: tenant.users.learner.email })).toHaveCount(0);
  await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Deactivated" });
  await expect(page).toHaveURL(/status=suspended/);
  await expect(grid.getByRole("row").filter({ hasText: tenant.users.instructor.email })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Role" })).toHaveValue("instructor");
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("suspended");
});

test("typing slowly in the search keeps the box's focus and every key", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.org_admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/users`);
  const grid = page.getByRole("grid", { name: "Users" });
  const search = page.getByRole("searchbox", { name: "Search users" });
  await expect(grid.getByRole("row").filter({ hasText: tenant.users.learner.email })).toBeVisible();
  // Each pause is longer than the 250 ms after which the list follows, so the address changes between keys.
  await search.click();
  await search.pressSequentially(found.firstName, { delay: 400 });
  await expect(page).toHaveURL(new RegExp(`q=${found.firstName}$`));
  await expect(search).toHaveValue(found.firstName);
  await expect(search).toBeFocused();
  await expect(grid.getByRole("row").filter({ hasText: found.email })).toBeVisible();
  await expect(grid.getByRole("row").filter({ hasText: tenant.users.learner.email })).toHaveCount(0);

  // The side navigation's Users is the bare list again, with an empty box.
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Users", exact: true })
    .click();
  await expect(page).toHaveURL(`${origin(tenant.subdomain)}/admin/users`);
  await expect(search).toHaveValue("");
  await expect(grid.getByRole("row").filter({ hasText: tenant.users.learner.email })).toBeVisible();
});

test("an org admin invites a user, who sets a password from the e-mail and signs in", async ({ page, browser }) => {
  test.setTimeout(180_000); // two people's sessions in one journey
  await signIn(page, tenant.subdomain, tenant.users.org_admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/users`);
  await page.getByRole("link", { name: "Add user" }).click();
  await waitForForm(page, "Add user");
  const email = `${uniqueName("ines")}@example.test`;
  await page.getByLabel("First name").fill("Ines");
  await page.getByLabel("Last name").fill("Invited");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role").click();
  // An org admin may not make administrators: the choice is not offered.
  await expect(page.getByRole("option")).toHaveText(["Learner", "Instructor", "Admin"]);
  await page.getByRole("option", { name: "Instructor" }).click();
  await expect(page.getByLabel("Send an invitation e-mail: they choose their own password")).toBeChecked();
  await page.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByText(`User added. An invitation to set a password was sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Ines Invited" })).toBeVisible();

  const invited = await browser.newPage();
  const link = await setPasswordLinkFor(email);
  await invited.goto(link.url);
  await expect(invited.getByRole("heading", { level: 1, name: "Set your password" })).toBeVisible();
  await waitForForm(invited, "Set password");
  await invited.getByLabel("Password", { exact: true }).fill("my-own-pass-42");
  await invited.getByRole("button", { name: "Set password" }).click();
  await expect(invited.getByText("Your password is set. You can sign in now.")).toBeVisible();
  await signInWithForm(invited, tenant.subdomain, { ...found, email, password: "my-own-pass-42" });
  await expect(invited).toHaveURL(/\/admin\/reports$/); // instructors land on the reports
  await invited.close();

  await page.reload();
  await expect(page.getByText(/Last signed in/)).toBeVisible();
});

test("an org admin deactivates a selected user, who is refused at once", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const leaver = await createUser(tenant.id, "learner", { firstName: uniqueName("Leo") });
  const theirs = await browser.newPage();
  await signIn(theirs, tenant.subdomain, leaver);
  await theirs.goto(`${origin(tenant.subdomain)}/dashboard`);
  await expect(theirs.getByRole("heading", { level: 1 })).toBeVisible();

  await signIn(page, tenant.subdomain, tenant.users.org_admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/users?q=${leaver.firstName}`);
  const row = page.getByRole("grid", { name: "Users" }).getByRole("row").filter({ hasText: leaver.email });
  await row.getByRole("checkbox").check();
  const toolbar = page.getByRole("toolbar", { name: "Selected users" });
  await expect(toolbar).toContainText("1 user selected");
  await toolbar.getByRole("button", { name: "Deactivate" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText("1 user deactivated.")).toBeVisible();
  await expect(row).toContainText("Deactivated");

  // Their open session ends at the next request, and signing in again is refused with the reason.
  await theirs.reload();
  await expect(theirs).toHaveURL(/\/login$/);
  await waitForForm(theirs, "Sign in");
  await theirs.getByLabel("Email").fill(leaver.email);
  await theirs.getByLabel("Password").fill(leaver.password);
  await theirs.getByRole("button", { name: "Sign in" }).click();
  await expect(theirs.getByText("This account has been deactivated. Contact your administrator.")).toBeVisible();
  await theirs.close();
});

async function expectNoSeriousViolations(page: Page) {
  await page.waitForLoadState("networkidle");
  expect(await seriousAxeViolations(page)).toEqual([]);
}

test("axe finds no serious or critical violations on the users pages", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.org_admin);
  for (const path of ["/admin/users", "/admin/users/add", `/admin/users/edit/${found.id}`]) {
    await page.goto(`${origin(tenant.subdomain)}${path}`);
    await expectNoSeriousViolations(page);
  }
});
