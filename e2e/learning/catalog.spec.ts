import { expect, test } from "@playwright/test";
import { createCourse } from "@/test/course-factories";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { origin, signIn } from "../support";

// The public catalog: 20 courses a page, the state in the URL, friendly empty states.

let tenant: TestTenant;

test.beforeAll(async () => {
  tenant = await createTenant();
  const titles = Array.from({ length: 21 }, (_, i) => `Course ${String(i + 1).padStart(2, "0")}`);
  await testDb().course.createMany({
    data: titles.map((title) => ({
      organizationId: tenant.id,
      title,
      status: "published" as const,
      publishedAt: new Date(),
    })),
  });
  await createCourse(tenant.id, { title: "Hidden draft", status: "draft" });
});

test("anonymous visitors page through the published courses", async ({ page }) => {
  await page.goto(`${origin(tenant.subdomain)}/search`);
  await expect(page.getByText("21 courses")).toBeVisible();
  await expect(page.getByRole("link", { name: "Course 20" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Course 21" })).toHaveCount(0);
  await page
    .getByRole("navigation", { name: "pagination navigation" })
    .getByRole("link", { name: "Go to page 2" })
    .click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByRole("link", { name: "Course 21" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Course 01" })).toHaveCount(0);
});

test("a search without results says so and offers all courses", async ({ page }) => {
  await page.goto(`${origin(tenant.subdomain)}/search?q=nothing-like-this`);
  await expect(page.getByRole("heading", { name: "No courses match “nothing-like-this”" })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search courses" })).toHaveValue("nothing-like-this");
  await page.getByRole("link", { name: "Show all courses" }).click();
  await expect(page.getByText("21 courses")).toBeVisible();
});

test("a visitor sees the catalog in the public frame, a signed-in learner in the app's own", async ({ page }) => {
  await page.goto(`${origin(tenant.subdomain)}/search`);
  await expect(page.getByRole("heading", { name: "Course catalog" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);

  await signIn(page, tenant.subdomain, tenant.users.learner);
  await page.goto(`${origin(tenant.subdomain)}/search`);
  await expect(page.getByRole("heading", { name: "Course catalog" })).toBeVisible();
  const navigation = page.getByRole("navigation", { name: "Main navigation" });
  await expect(navigation.getByRole("link", { name: "Course Catalog" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);
});
