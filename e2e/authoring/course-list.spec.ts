import { expect, test } from "@playwright/test";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { origin, signIn } from "../support";

// The admin course list's search, status filter and pages, drawn without MUI (docs/architecture.md
// "Styles"): they keep their roles and names, and work as before.

let tenant: TestTenant;
test.beforeAll(async () => {
  tenant = await createTenant();
  // 21 courses: one more than a page. Three published "Safety" courses, the rest drafts.
  await testDb().course.createMany({
    data: Array.from({ length: 21 }, (_, i) => ({
      organizationId: tenant.id,
      title: i < 3 ? `Safety ${i + 1}` : `Course ${String(i + 1).padStart(2, "0")}`,
      status: i < 3 ? ("published" as const) : ("draft" as const),
    })),
  });
});

test("the course list searches, filters by status and pages through links", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.org_admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/courses`);
  await expect(page.getByRole("heading", { level: 1, name: "Courses" })).toBeVisible();
  await expect(page.getByText("21 courses")).toBeVisible();

  const pages = page.getByRole("navigation", { name: "pagination navigation" });
  await expect(pages.getByRole("link", { name: "page 1" })).toHaveAttribute("aria-current", "page");
  await pages.getByRole("link", { name: "Go to page 2" }).click();
  await expect(page).toHaveURL(/\/admin\/courses\?page=2$/);
  await expect(page.getByRole("table", { name: "Courses" }).getByRole("row")).toHaveCount(2);
  await expect(pages.getByRole("link", { name: "Go to next page" })).toHaveCount(0);
  await expect(pages.getByRole("link", { name: "Go to previous page" })).toHaveAttribute("href", "/admin/courses");

  await page.getByRole("searchbox", { name: "Search courses" }).fill("Safety");
  await page.getByRole("searchbox", { name: "Search courses" }).press("Enter");
  await expect(page).toHaveURL(/\/admin\/courses\?q=Safety$/);
  await expect(page.getByRole("table", { name: "Courses" }).getByRole("row")).toHaveCount(4);

  const status = page.getByRole("combobox", { name: "Status" });
  await expect(status).toHaveValue("");
  await status.selectOption({ label: "Draft" });
  await expect(page).toHaveURL(/\/admin\/courses\?q=Safety&status=draft$/);
  await expect(page.getByText("No courses match these filters.")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("draft");
  await expect(page.getByRole("searchbox", { name: "Search courses" })).toHaveValue("Safety");
});

test("the course list's page carries no runtime styles", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.admin);
  const answer = await page.goto(`${origin(tenant.subdomain)}/admin/courses`);
  const html = await answer!.text();
  expect(html).toContain("Search courses");
  expect(html).not.toContain("data-emotion");
  expect(html).not.toMatch(/class="[^"]*Mui/);
});
