import { expect, test } from "@playwright/test";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { origin, signIn, waitForForm } from "../support";

let tenant: TestTenant;
test.beforeAll(async () => {
  tenant = await createTenant();
});

test("an admin adds, renames and deletes categories; one still used by a course is kept with the server's reason", async ({
  page,
}) => {
  const used = await testDb().category.create({ data: { organizationId: tenant.id, name: "Used category" } });
  await testDb().course.create({ data: { organizationId: tenant.id, title: "Uses it", categoryId: used.id } });
  await signIn(page, tenant.subdomain, tenant.users.org_admin);

  await page.goto(`${origin(tenant.subdomain)}/admin/categories/add`);
  await waitForForm(page, "Create category");
  await page.getByRole("button", { name: "Create category" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await page.getByLabel("Name").fill("Science");
  await page.getByLabel("Description").fill("Physics, chemistry and biology");
  await page.getByRole("button", { name: "Create category" }).click();
  await expect(page).toHaveURL(/\/admin\/categories$/);
  const science = page.getByRole("row").filter({ hasText: "Science" });
  await expect(science).toContainText("Physics, chemistry and biology");
  await expect(page.getByRole("row").filter({ hasText: "Used category" })).toContainText("1");

  await page.getByRole("button", { name: "Edit category Science" }).click();
  await waitForForm(page, "Save category");
  await page.getByRole("dialog").getByLabel("Name").fill("Natural sciences");
  await page.getByRole("button", { name: "Save category" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Natural sciences" })).toBeVisible();

  await page.getByRole("button", { name: "Delete category Used category" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("dialog").getByRole("alert")).toContainText("still has 1 course");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("button", { name: "Delete category Natural sciences" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Category deleted")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Natural sciences" })).toHaveCount(0);
});
