import { expect, test, type Page } from "@playwright/test";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant } from "@/test/factories";
import { origin, signIn } from "../support";
import { expectAllSaved, ownPackageCourse, scoFrame } from "../scorm/support";

// A lesson's content gets the page's width one click away: "Hide navigation" hides the app's side navigation
// and the course outline on a wide screen; they are shown again by the next click, by the top bar's menu
// button (the app's navigation), and on the next lesson (the specification shows every sidebar after a
// route change). On a phone there is no toggle, and the content comes before the outline and the package's
// list of parts.

const WIDE = { width: 1440, height: 900 };

function sideNavigation(page: Page) {
  return page.getByRole("navigation", { name: "Main navigation" });
}

function courseNavigation(page: Page) {
  return page.getByRole("navigation", { name: "Course navigation" });
}

async function articleWidth(page: Page): Promise<number> {
  return (await page.locator("article").boundingBox())!.width;
}

test("Hide navigation gives the lesson the page's width; the next lesson shows the navigation again", async ({
  page,
}) => {
  const tenant = await createTenant();
  const course = await createCourse(tenant.id, {
    modules: [{ title: "Basics", lessons: [{ title: "First steps" }, { title: "Second steps" }] }],
  });
  await enroll(tenant.id, course.id, tenant.users.learner.id);
  await page.setViewportSize(WIDE);
  await signIn(page, tenant.subdomain, tenant.users.learner);
  const [first] = course.lessons;
  await page.goto(`${origin(tenant.subdomain)}/courses/${course.id}/modules/${first!.moduleId}/lessons/${first!.id}`);

  await expect(sideNavigation(page)).toBeVisible();
  await expect(courseNavigation(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Open navigation" })).toBeHidden();
  const besideBoth = await articleWidth(page);

  await page.getByRole("button", { name: "Hide navigation" }).click();
  await expect(sideNavigation(page)).toBeHidden();
  await expect(courseNavigation(page)).toBeHidden();
  // 1440 less main's padding (24 each side) and the scroll bar, if any: the side navigation's 240 px, the
  // outline's 260 px and the gap between them and the lesson went to the content.
  expect(await articleWidth(page)).toBeGreaterThanOrEqual(besideBoth + 240 + 260 + 24);
  expect(await articleWidth(page)).toBeGreaterThan(1440 - 48 - 20);

  // The app's navigation is still one click away, in the top bar, without showing the outline again.
  await page.getByRole("button", { name: "Open navigation" }).click();
  await expect(page.getByRole("dialog", { name: "Navigation" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Navigation" })).toBeHidden();
  await expect(courseNavigation(page)).toBeHidden();

  await page.getByRole("button", { name: "Show navigation" }).click();
  await expect(sideNavigation(page)).toBeVisible();
  await expect(courseNavigation(page)).toBeVisible();
  expect(await articleWidth(page)).toBe(besideBoth);

  await page.getByRole("button", { name: "Hide navigation" }).click();
  await expect(courseNavigation(page)).toBeHidden();
  await page.getByRole("link", { name: "Next lesson" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Second steps" })).toBeVisible();
  await expect(sideNavigation(page)).toBeVisible();
  await expect(courseNavigation(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Hide navigation" })).toBeVisible();
});

test("on a phone there is nothing to hide: no toggle, the content first", async ({ page }) => {
  const tenant = await createTenant();
  const course = await createCourse(tenant.id, { modules: [{ title: "Basics", lessons: [{ title: "On the go" }] }] });
  await enroll(tenant.id, course.id, tenant.users.learner.id);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, tenant.subdomain, tenant.users.learner);
  const [lesson] = course.lessons;
  await page.goto(`${origin(tenant.subdomain)}/courses/${course.id}/modules/${lesson!.moduleId}/lessons/${lesson!.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "On the go" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Hide navigation" })).toBeHidden();
  const outline = (await courseNavigation(page).boundingBox())!;
  const title = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
  expect(outline.y).toBeGreaterThan(title.y);
});

test("a SCORM lesson keeps the navigation hidden while its content runs, and the content gets the width", async ({
  page,
}) => {
  test.slow();
  const setup = await ownPackageCourse("progress-2004", { module: "Reading", lesson: "Five pages" });
  await page.setViewportSize(WIDE);
  await signIn(page, setup.tenant.subdomain, setup.tenant.users.learner);
  await page.goto(setup.lessonUrl);
  const sco = scoFrame(page, "Five pages");
  await expect(sco.locator("#page")).toHaveText("1", { timeout: 30_000 });
  const frame = page.locator('iframe[title="Lesson content"]');
  const before = (await frame.boundingBox())!.width;

  await page.getByRole("button", { name: "Hide navigation" }).click();
  await sco.getByRole("button", { name: "Next page" }).click();
  await expect(sco.locator("#page")).toHaveText("2");
  await expectAllSaved(page);
  // The player's visibility guard puts back what content or scripts hide; the learner's own choice stays.
  await expect(sideNavigation(page)).toBeHidden();
  await expect(courseNavigation(page)).toBeHidden();
  expect((await frame.boundingBox())!.width).toBeGreaterThanOrEqual(before + 240 + 260 + 24);
});

test("on a phone a SCORM lesson's content comes first, starting on the first screen, its parts' list after it", async ({
  page,
}) => {
  test.slow();
  const setup = await ownPackageCourse("sequential-2004", { module: "Safety", lesson: "Forced order" });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, setup.tenant.subdomain, setup.tenant.users.learner);
  await page.goto(setup.lessonUrl);
  await expect(scoFrame(page, "Step one").locator("h1")).toHaveText("Step 1", { timeout: 30_000 });
  const content = (await page.locator('iframe[title="Lesson content"]').boundingBox())!;
  const parts = (await page.getByRole("navigation", { name: "Lesson contents" }).boundingBox())!;
  expect(content.y).toBeLessThan(844);
  expect(parts.y).toBeGreaterThan(content.y + content.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
