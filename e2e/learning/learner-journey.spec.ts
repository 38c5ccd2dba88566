import { copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createCategory, createCourse, type TestCourse } from "@/test/course-factories";
import { createTenant, createUser, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { origin, signIn } from "../support";

// The learner's whole path through a course: find it in the catalog, enroll, read, watch, finish.

let tenant: TestTenant;
let course: TestCourse;
let decoy: TestCourse;
let category: { id: string; name: string };
const word = uniqueName("Quasar");

/** Puts the committed 2-second WebM where the app's storage serves it and points the lesson at it. */
async function attachVideo(organizationId: string, lessonId: string) {
  const uploadDir = process.env.UPLOAD_DIR;
  if (!uploadDir) throw new Error("UPLOAD_DIR is not set: run the e2e suite through `npm test`.");
  const key = `lessons/${organizationId}/${lessonId}-e2e.webm`;
  await mkdir(path.join(uploadDir, "lessons", organizationId), { recursive: true });
  await copyFile(path.join(import.meta.dirname, "fixtures", "short.webm"), path.join(uploadDir, key));
  await testDb().lesson.update({
    where: { id: lessonId },
    data: { storageKey: key, mimeType: "video/webm", fileName: "short.webm", fileSize: 12957n, durationSeconds: 2 },
  });
}

test.beforeAll(async () => {
  tenant = await createTenant();
  category = await createCategory(tenant.id, uniqueName("Astronomy "));
  const other = await createCategory(tenant.id, uniqueName("Cooking "));
  course = await createCourse(tenant.id, {
    title: `${word} basics`,
    description: "<p>Everything about <strong>quasars</strong>.</p>",
    categoryId: category.id,
    modules: [
      { title: "Getting started", lessons: [{ title: "What is a quasar" }, { title: "Where to look" }] },
      { title: "Watching", lessons: [{ title: "A short film", kind: "video" }] },
    ],
  });
  decoy = await createCourse(tenant.id, { title: `${word} recipes`, categoryId: other.id });
  await createCourse(tenant.id, { title: `${word} draft`, categoryId: category.id, status: "draft" });
  await attachVideo(tenant.id, course.lessons[2]!.id);
});

test("a learner finds a course, enrolls, completes its lessons and sees 100% on the dashboard", async ({ page }) => {
  test.slow(); // a whole journey of page loads, on a 2-core machine shared with the other specs
  const learner = tenant.users.learner;
  await signIn(page, tenant.subdomain, learner);

  await page.goto(`${origin(tenant.subdomain)}/search`);
  await page.getByRole("searchbox", { name: "Search courses" }).fill(word);
  await page.getByLabel("Category").selectOption({ label: category.name });
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]category=/);
  await expect(page.getByRole("link", { name: course.title })).toBeVisible();
  await expect(page.getByRole("link", { name: decoy.title })).toHaveCount(0);
  await expect(page.getByRole("link", { name: `${word} draft` })).toHaveCount(0);

  await page.getByRole("link", { name: course.title }).click();
  await expect(page.getByRole("heading", { level: 1, name: course.title })).toBeVisible();
  await page.getByRole("button", { name: "Enroll" }).click();
  await expect(page.getByText("0% complete")).toBeVisible();
  await page.getByRole("link", { name: "Start course" }).click();

  const nav = page.getByRole("navigation", { name: "Course navigation" });
  await expect(page.getByRole("heading", { level: 1, name: "What is a quasar" })).toBeVisible();
  await page.getByRole("button", { name: "Mark complete" }).click();
  await expect(nav.getByRole("link", { name: "What is a quasar (completed)" })).toBeVisible();
  await expect(nav.getByText("33% complete")).toBeVisible();

  await page.getByRole("link", { name: "Next lesson" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Where to look" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Where to look" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("button", { name: "Mark complete" }).click();
  await expect(nav.getByText("66% complete")).toBeVisible();

  await nav.getByRole("link", { name: "A short film" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "A short film" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark complete" })).toHaveCount(0);
  const video = page.locator("video");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect(nav.getByRole("link", { name: "A short film (completed)" })).toBeVisible({ timeout: 15_000 });
  await expect(nav.getByText("100% complete")).toBeVisible();

  await page.goto(`${origin(tenant.subdomain)}/dashboard`);
  const completed = page.getByRole("region", { name: "Recently completed" });
  await expect(page.getByRole("heading", { name: "My courses" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Continue where you left off" })).toBeVisible();
  await expect(completed.getByRole("link", { name: course.title })).toBeVisible();
  await expect(completed.getByText("100% complete")).toBeVisible();
  // Shown once: "My courses" holds the courses still to finish.
  const mine = page.getByRole("region", { name: "My courses" });
  await expect(mine.getByRole("link", { name: course.title })).toHaveCount(0);
  await expect(page.getByRole("link", { name: course.title })).toHaveCount(1);
});

test("a learner who is not enrolled opening a lesson URL gets the 403 page", async ({ page }) => {
  const learner = await createUser(tenant.id, "learner");
  await signIn(page, tenant.subdomain, learner);
  const lesson = course.lessons[0]!;
  const response = await page.goto(
    `${origin(tenant.subdomain)}/courses/${course.id}/modules/${lesson.moduleId}/lessons/${lesson.id}`,
  );
  expect(response?.status()).toBe(403);
  await expect(page.getByText("You do not have permission to view this course modules.")).toBeVisible();
  await page.getByRole("link", { name: "View course" }).click();
  await expect(page.getByRole("button", { name: "Enroll" })).toBeVisible();
});

test("a lesson under the wrong module is a 404", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.admin);
  const response = await page.goto(
    `${origin(tenant.subdomain)}/courses/${course.id}/modules/${course.modules[1]!.id}/lessons/${course.lessons[0]!.id}`,
  );
  expect(response?.status()).toBe(404);
});
