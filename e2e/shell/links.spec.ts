import { expect, test } from "@playwright/test";
import { createCourse } from "@/test/course-factories";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { origin, signIn } from "../support";

// The app's links are plain anchors that the app router opens in place: the page changes without the
// browser loading a new document, as Next's Link did, and a click with a modifier key is the browser's.

let tenant: TestTenant;

test.beforeAll(async () => {
  tenant = await createTenant();
  const course = await createCourse(tenant.id, { title: "Soft Links 101" });
  await testDb().enrollment.create({
    data: { organizationId: tenant.id, courseId: course.id, userId: tenant.users.learner.id, status: "active" },
  });
});

test("a click on a link opens its page in place, and Back returns", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.learner);
  await page.goto(`${origin(tenant.subdomain)}/dashboard`);
  // Set on this document: still there after a click only if no new document was loaded.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await page.getByRole("link", { name: "Soft Links 101" }).click();
  await expect(page).toHaveURL(/\/courses\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Soft Links 101" })).toBeVisible();
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

  await page.getByRole("navigation").getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("list", { name: "My courses" })).toBeVisible();
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Soft Links 101" })).toBeVisible();
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
});

test("a click with Control or Command opens the link in a new tab and leaves the page as it was", async ({
  page,
  context,
}) => {
  await signIn(page, tenant.subdomain, tenant.users.learner);
  await page.goto(`${origin(tenant.subdomain)}/dashboard`);
  const opened = context.waitForEvent("page");
  await page.getByRole("link", { name: "Soft Links 101" }).click({ modifiers: ["ControlOrMeta"] });
  const tab = await opened;
  await expect(tab).toHaveURL(/\/courses\/[^/]+$/);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("while a page is slow to come, a bar along the top says it is loading, and goes once it is in", async ({
  page,
}) => {
  await signIn(page, tenant.subdomain, tenant.users.learner);
  await page.goto(`${origin(tenant.subdomain)}/dashboard`);
  // The next page's data (the app router's request, marked by its RSC header) held back for two seconds.
  await page.route(/\/courses\//, async (route) => {
    if (route.request().headers()["rsc"]) await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  const loading = page.getByRole("progressbar", { name: "Loading the page" });
  await expect(loading).toHaveCount(0);

  await page.getByRole("link", { name: "Soft Links 101" }).click();
  await expect(loading).toBeVisible();
  // The current page stays until the next one is in.
  await expect(page.getByRole("list", { name: "My courses" })).toBeVisible();

  await expect(page.getByRole("heading", { level: 1, name: "Soft Links 101" })).toBeVisible();
  await expect(loading).toHaveCount(0);
});
