import { expect, test } from "@playwright/test";
import { createCourse } from "@/test/course-factories";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { origin, signIn } from "../support";

// "My courses" on the dashboard: every course in progress, twelve to a page, the most recently used first.

let tenant: TestTenant;

test.beforeAll(async () => {
  tenant = await createTenant();
  const courses = await Promise.all(
    Array.from({ length: 13 }, (_, i) => createCourse(tenant.id, { title: `Course ${String(i).padStart(2, "0")}` })),
  );
  // Course 00 was used first, 12 last.
  await testDb().enrollment.createMany({
    data: courses.map((c, i) => ({
      organizationId: tenant.id,
      courseId: c.id,
      userId: tenant.users.learner.id,
      status: "active" as const,
      lastAccessedAt: new Date(Date.UTC(2026, 0, 1 + i)),
    })),
  });
});

test("a learner with thirteen courses in progress sees twelve, and the oldest on the second page", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.learner);
  await page.goto(`${origin(tenant.subdomain)}/dashboard`);
  const myCourses = page.getByRole("list", { name: "My courses" });
  await expect(myCourses.getByRole("listitem")).toHaveCount(12);
  await expect(myCourses.getByRole("heading").first()).toHaveText("Course 12");
  await expect(myCourses.getByRole("heading").last()).toHaveText("Course 01");

  await page.getByRole("link", { name: "Go to page 2" }).click();
  await expect(page).toHaveURL(/\/dashboard\?page=2$/);
  await expect(myCourses.getByRole("listitem")).toHaveCount(1);
  await expect(myCourses.getByRole("heading")).toHaveText("Course 00");
  await expect(page.getByRole("link", { name: "page 2", exact: true })).toHaveAttribute("aria-current", "page");

  await page.getByRole("link", { name: "Go to previous page" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(myCourses.getByRole("listitem")).toHaveCount(12);
});
