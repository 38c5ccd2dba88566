import { expect, type Locator, type Page } from "@playwright/test";
import { testDb } from "@/test/factories";
import { waitForForm } from "../support";

// Authoring e2e helpers: a course written straight to the database (for tests about one screen), and
// the outline's rows as a person sees them.

export async function createOutlinedCourse(
  organizationId: string,
  instructorId: string,
  title: string,
  modules: Record<string, string[]>,
): Promise<string> {
  const db = testDb();
  const course = await db.course.create({ data: { organizationId, title } });
  await db.courseInstructor.create({ data: { organizationId, courseId: course.id, userId: instructorId } });
  let m = 0;
  for (const [moduleTitle, lessons] of Object.entries(modules)) {
    const mod = await db.module.create({
      data: { organizationId, courseId: course.id, title: moduleTitle, position: ++m },
    });
    await db.lesson.createMany({
      data: lessons.map((lessonTitle, i) => ({
        organizationId,
        courseId: course.id,
        moduleId: mod.id,
        title: lessonTitle,
        kind: "text" as const,
        position: i + 1,
      })),
    });
  }
  return course.id;
}

export const lessonsOf = (page: Page, moduleTitle: string): Locator =>
  page.getByRole("list", { name: `Lessons of ${moduleTitle}` }).getByRole("listitem");

export async function expectLessonOrder(page: Page, moduleTitle: string, titles: string[]): Promise<void> {
  await expect(lessonsOf(page, moduleTitle)).toHaveText(titles.map((t) => new RegExp(`^${t}`)));
}

/**
 * The answer to the next save of the outline. A test that reloads after a move waits for it: reloading
 * while the save is on its way cancels it, as it would for a person.
 */
export function nextOutlineSave(page: Page): Promise<number> {
  return page
    .waitForResponse((r) => r.url().endsWith("/outline") && r.request().method() === "PUT")
    .then((r) => r.status());
}

/** dnd-kit's live region: what a screen reader hears during a drag. */
export const announcements = (page: Page): Locator => page.locator('[id^="DndLiveRegion"]');

/**
 * The first ArrowDown after a pick-up, until its move is announced: dnd-kit listens for keys from the next
 * task on and moves only once it has measured the drop targets, so a key pressed sooner is dropped (as it
 * would be for a very quick person).
 */
export async function firstMoveDown(page: Page, announced: string | RegExp): Promise<void> {
  await expect(async () => {
    await page.keyboard.press("ArrowDown");
    await expect(announcements(page)).toContainText(announced, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Space lifts, ArrowDown moves one place, Space drops; `position` is where the screen reader says it goes
 * ("position 2 of 2 in module Basics"), and must be where it lands.
 */
export async function keyboardMoveDown(page: Page, title: string, position: string): Promise<void> {
  const handle = page.getByRole("button", { name: `Drag ${title}` });
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await expect(announcements(page)).toContainText(`${title} picked up`);
  await firstMoveDown(page, `${title} moved to ${position}`);
  await page.keyboard.press("Space");
  await expect(announcements(page)).toContainText(`${title} dropped. It is now in ${position}`);
}

/** A real pointer drag: press on the handle, move in small steps (past dnd-kit's 5 px threshold), release below `target`. */
export async function mouseDragBelow(page: Page, title: string, target: Locator): Promise<void> {
  const from = await page.getByRole("button", { name: `Drag ${title}` }).boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("drag handle or target not visible");
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 10, { steps: 5 });
  await page.mouse.move(x, to.y + to.height * 0.75, { steps: 15 });
  await page.mouse.up();
}

// ───────────── the outline editor, as a person uses it ─────────────

export async function addModule(page: Page, title: string) {
  await page.getByRole("button", { name: "Add module" }).click();
  const dialog = page.getByRole("dialog", { name: "Add module" });
  await waitForForm(page, "Create module");
  await dialog.getByLabel("Module title").fill(title);
  await dialog.getByRole("button", { name: "Create module" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
}

export async function addLesson(page: Page, moduleTitle: string, title: string, video?: string) {
  await page.getByRole("region", { name: moduleTitle }).getByRole("button", { name: "Add lesson" }).click();
  const dialog = page.getByRole("dialog", { name: "Add lesson" });
  await waitForForm(page, "Create lesson");
  await dialog.getByLabel("Lesson title").fill(title);
  if (video) {
    await dialog.getByRole("combobox", { name: "Lesson type" }).click();
    await page.getByRole("option", { name: "Video" }).click();
    await dialog.getByLabel("Video URL").fill(video);
  } else {
    await dialog.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.type(`The content of ${title}.`);
  }
  await dialog.getByRole("button", { name: "Create lesson" }).click();
  await expect(dialog).toBeHidden();
  await expect(lessonsOf(page, moduleTitle).filter({ hasText: title })).toBeVisible();
}
