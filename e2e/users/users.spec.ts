import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { createTenant, createUser, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { origin, signInWithForm } from "../support";

// The users page: searched on the server, its state in the address (a reload shows the same list).

let tenant: TestTenant;
let found: TestUser;
test.beforeAll(async () => {
  tenant = await createTenant();
  found = await createUser(tenant.id, "instructor", { firstName: uniqueName("Ida") });
});

test("an org admin searches and filters the users; a reload keeps the list", async ({ page }) => {
  await signInWithForm(page, tenant.subdomain, tenant.users.org_admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/users`);
  const grid = page.getByRole("grid", { name: "Users" });
  await expect(grid.getByRole("row").filter({ hasText: tenant.users.learner.email })).toBeVisible();
  await page.getByLabel("Search users").fill(found.firstName);
  await expect(page).toHaveURL(new RegExp(`q=${found.firstName}`));
  await expect(grid.getByRole("row").filter({ hasText: found.email })).toBeVisible();
  await expect(grid.getByRole("row").filter({ hasText: tenant.users.learner.email })).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel("Search users")).toHaveValue(found.firstName);
  await expect(grid.getByRole("row").filter({ hasText: found.email })).toContainText("Instructor");
});

test("axe finds no serious or critical violations on /admin/users", async ({ page }) => {
  await signInWithForm(page, tenant.subdomain, tenant.users.org_admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/users`);
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});
