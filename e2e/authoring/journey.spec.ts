import { expect, test, type Browser, type Page } from "@playwright/test";
import { createTenant, createUser, type TestTenant } from "@/test/factories";
import { origin, pickFromSearch, signIn, waitForForm } from "../support";
import { addLesson, addModule, createOutlinedCourse } from "./fixtures";

// From authoring to learning: what an instructor builds in the editor, a learner finds, takes and
// finishes; and the editor's Enrollments tab over the enrollment API.

let tenant: TestTenant;
test.beforeAll(async () => {
  tenant = await createTenant();
});

async function signedInPage(browser: Browser, user: TestTenant["users"]["learner"]): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, tenant.subdomain, user);
  return page;
}

test("an instructor publishes a course; a learner finds it, enrolls, completes it and sees 100% on the dashboard", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const title = `Astronomy ${Date.now()}`;

  const instructor = await signedInPage(browser, tenant.users.instructor);
  await instructor.goto(`${origin(tenant.subdomain)}/admin/courses/create`);
  await waitForForm(instructor, "Create course");
  await instructor.getByLabel("Title").fill(title);
  await instructor.getByRole("combobox", { name: "Status" }).click();
  await instructor.getByRole("option", { name: "Published" }).click();
  await instructor.getByRole("button", { name: "Create course" }).click();
  await expect(instructor).toHaveURL(/tab=outline/);
  await addModule(instructor, "Night sky");
  await addLesson(instructor, "Night sky", "Constellations");
  await addLesson(instructor, "Night sky", "Planets");

  const page = await signedInPage(browser, tenant.users.learner);
  await page.goto(`${origin(tenant.subdomain)}/search`);
  await page.getByRole("searchbox", { name: "Search courses" }).fill(title);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("button", { name: "Enroll" }).click();
  await expect(page.getByText("0% complete")).toBeVisible();
  await page.getByRole("link", { name: "Start course" }).click();

  const nav = page.getByRole("navigation", { name: "Course navigation" });
  await expect(page.getByRole("heading", { level: 1, name: "Constellations" })).toBeVisible();
  await expect(page.getByText("The content of Constellations.")).toBeVisible();
  await page.getByRole("button", { name: "Mark complete" }).click();
  await expect(nav.getByText("50% complete")).toBeVisible();
  await page.getByRole("link", { name: "Next lesson" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Planets" })).toBeVisible();
  await page.getByRole("button", { name: "Mark complete" }).click();
  await expect(nav.getByText("100% complete")).toBeVisible();

  await page.goto(`${origin(tenant.subdomain)}/dashboard`);
  const completed = page.getByRole("region", { name: "Recently completed" });
  await expect(completed.getByRole("link", { name: title })).toBeVisible();
  await expect(completed.getByText("100% complete")).toBeVisible();
});

test("staff enroll learners from the Enrollments tab, withdraw one and reactivate them", async ({ page }) => {
  const courseId = await createOutlinedCourse(tenant.id, tenant.users.instructor.id, "Enrolled by staff", {
    One: ["Only lesson"],
  });
  const learner = await createUser(tenant.id, "learner", { firstName: "Zelda" });
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/courses/${courseId}?tab=enrollments`);
  await expect(page.getByText("Nobody is enrolled yet.")).toBeVisible();

  await pickFromSearch(page.getByLabel("Learners to enroll"), "Zelda", new RegExp(`Zelda Tester.*${learner.email}`));
  await page.getByRole("button", { name: "Enroll selected" }).click();
  await expect(page.getByText("1 learner enrolled")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: learner.email });
  await expect(row).toContainText("active");

  await row.getByRole("button", { name: "Withdraw Zelda Tester" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Withdraw" }).click();
  await expect(row).toContainText("withdrawn");
  await row.getByRole("button", { name: "Reactivate Zelda Tester" }).click();
  await expect(row).toContainText("active");
});
