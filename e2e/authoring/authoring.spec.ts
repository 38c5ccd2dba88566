import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { createTenant, type TestTenant } from "@/test/factories";
import { origin, pickFromSearch, signIn, waitForForm, waitForShell } from "../support";
import {
  addLesson,
  addModule,
  announcements,
  createOutlinedCourse,
  expectLessonOrder,
  firstMoveDown,
  keyboardMoveDown,
  lessonsOf,
  mouseDragBelow,
  nextOutlineSave,
} from "./fixtures";
import { seriousAxeViolations } from "../accessibility";

let tenant: TestTenant;
test.beforeAll(async () => {
  tenant = await createTenant();
});

test("an instructor creates a course, builds and reorders its outline, uploads a thumbnail and publishes it", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const title = `Photography ${Date.now()}`;
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/courses`);
  await page.getByRole("link", { name: "Create course" }).click();

  await waitForForm(page, "Create course");
  await page.getByLabel("Title").fill(title);
  await page.getByRole("textbox", { name: "Description" }).click();
  await page.keyboard.type("Light, composition and editing.");
  await expect(page.getByText("You will teach this course.")).toBeVisible();
  await page.getByRole("button", { name: "Create course" }).click();
  await expect(page).toHaveURL(/\/admin\/courses\/[0-9a-f-]{36}\?tab=outline$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await addModule(page, "Basics");
  await addModule(page, "Advanced");
  await addLesson(page, "Basics", "Welcome");
  await addLesson(page, "Basics", "Setup");
  await addLesson(page, "Advanced", "Deep dive");
  await addLesson(page, "Advanced", "Intro video", "https://videos.example.com/intro.mp4");

  // Mouse: Welcome dragged below Setup.
  await mouseDragBelow(page, "Welcome", lessonsOf(page, "Basics").filter({ hasText: "Setup" }));
  await expectLessonOrder(page, "Basics", ["Setup", "Welcome"]);
  await expect(page.getByText("New order saved")).toBeVisible();

  // Keyboard: Deep dive moved one place down (focus the handle, Space, ArrowDown, Space).
  const saved = nextOutlineSave(page);
  await keyboardMoveDown(page, "Deep dive", "position 2 of 2 in module Advanced");
  await expectLessonOrder(page, "Advanced", ["Intro video", "Deep dive"]);
  expect(await saved).toBe(200);
  await expect(page.getByText("New order saved")).toBeVisible();

  await page.reload();
  await expectLessonOrder(page, "Basics", ["Setup", "Welcome"]);
  await expectLessonOrder(page, "Advanced", ["Intro video", "Deep dive"]);

  // Details: thumbnail and publishing.
  await page.getByRole("tab", { name: "Details" }).click();
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#2E7D32" } })
    .png()
    .toBuffer();
  await page.getByLabel("Upload thumbnail").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: png });
  await expect(page.getByRole("img", { name: `Thumbnail of ${title}` })).toBeVisible();
  await expect(page.getByText("Thumbnail saved")).toBeVisible();

  await waitForForm(page, "Save");
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Published" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Course saved")).toBeVisible();

  await page.goto(`${origin(tenant.subdomain)}/admin/courses?status=published`);
  const listed = page.getByRole("row").filter({ hasText: title });
  await expect(listed).toContainText("Published");

  await page.goto(`${origin(tenant.subdomain)}/admin/thumbnail-debug`);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Uploaded");
  await expect(row).toContainText(/\/uploads\/thumbnails\/.+\.webp/);
  await expect(row.getByRole("status")).toHaveText("Loads");
});

test("a failed save of the new order puts the outline back and says so", async ({ page }) => {
  const courseId = await createOutlinedCourse(tenant.id, tenant.users.instructor.id, "Reorder failure", {
    Intro: ["First", "Second"],
  });
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.route(
    "**/api/courses/*/outline",
    (route) =>
      route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "Failed to save the outline" } } }),
    { times: 1 },
  );
  await page.goto(`${origin(tenant.subdomain)}/admin/courses/${courseId}?tab=outline`);
  await expectLessonOrder(page, "Intro", ["First", "Second"]);

  await keyboardMoveDown(page, "First", "position 2 of 2 in module Intro");
  await expect(page.getByRole("alert").filter({ hasText: "Could not save the new order" })).toBeVisible();
  await expectLessonOrder(page, "Intro", ["First", "Second"]);

  // The next attempt reaches the server and sticks.
  await mouseDragBelow(page, "First", lessonsOf(page, "Intro").filter({ hasText: "Second" }));
  await expect(page.getByText("New order saved")).toBeVisible();
  await page.reload();
  await expectLessonOrder(page, "Intro", ["Second", "First"]);
});

test("a learner opening the course editor is sent to /unauthorized", async ({ page }) => {
  const courseId = await createOutlinedCourse(tenant.id, tenant.users.instructor.id, "Not for learners", {
    Only: ["One"],
  });
  await signIn(page, tenant.subdomain, tenant.users.learner);
  await page.goto(`${origin(tenant.subdomain)}/admin/courses/${courseId}`);
  await expect(page).toHaveURL(/\/unauthorized$/);
});

test("lessons dragged into another module, even an empty one, stay there after a reload", async ({ page }) => {
  const courseId = await createOutlinedCourse(tenant.id, tenant.users.instructor.id, "Moving lessons", {
    Alpha: ["One", "Two"],
    Beta: ["Three"],
    Gamma: [],
  });
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/courses/${courseId}?tab=outline`);

  await mouseDragBelow(page, "Two", lessonsOf(page, "Beta").filter({ hasText: "Three" }));
  await expectLessonOrder(page, "Beta", ["Three", "Two"]);
  await expect(page.getByText("New order saved")).toBeVisible();

  const gamma = page.getByRole("region", { name: "Gamma" }).getByText("No lessons yet");
  const saved = nextOutlineSave(page);
  await mouseDragBelow(page, "One", gamma);
  await expectLessonOrder(page, "Gamma", ["One"]);
  await expect(page.getByRole("region", { name: "Alpha" }).getByText("No lessons yet")).toBeVisible();
  expect(await saved).toBe(200);

  await expect(async () => {
    await page.reload();
    await expectLessonOrder(page, "Beta", ["Three", "Two"]);
    await expectLessonOrder(page, "Gamma", ["One"]);
  }).toPass({ timeout: 15_000 });
});

test("a lesson moves into another module by keyboard, and the screen reader is told where", async ({ page }) => {
  const courseId = await createOutlinedCourse(tenant.id, tenant.users.instructor.id, "Keyboard moves", {
    Alpha: ["One", "Two"],
    Beta: ["Three"],
    Gamma: [],
  });
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/courses/${courseId}?tab=outline`);
  await page.getByRole("button", { name: "Drag Two" }).focus();
  await page.keyboard.press("Space");
  await expect(announcements(page)).toContainText("Two picked up. It is in position 2 of 2 in module Alpha");
  await firstMoveDown(page, /Two moved to position \d of 2 in module Beta/);
  await page.keyboard.press("ArrowDown");
  await expect(announcements(page)).toContainText("Two moved to position 1 of 1 in module Gamma");
  await page.keyboard.press("Space");
  await expect(announcements(page)).toContainText("Two dropped. It is now in position 1 of 1 in module Gamma");
  await expectLessonOrder(page, "Gamma", ["Two"]);
  await expect(page.getByText("New order saved")).toBeVisible();
  await page.reload();
  await expectLessonOrder(page, "Alpha", ["One"]);
  await expectLessonOrder(page, "Beta", ["Three"]);
  await expectLessonOrder(page, "Gamma", ["Two"]);

  // Escape puts it back where it was.
  await page.getByRole("button", { name: "Drag Three" }).focus();
  await page.keyboard.press("Space");
  await expect(announcements(page)).toContainText("Three picked up");
  await firstMoveDown(page, "Three moved to");
  await page.keyboard.press("Escape");
  await expect(announcements(page)).toContainText("Three was not moved. It is back in position 1 of 1 in module Beta");
  await expectLessonOrder(page, "Beta", ["Three"]);
});

test("axe finds no serious or critical violations in the outline editor", async ({ page }) => {
  const courseId = await createOutlinedCourse(tenant.id, tenant.users.instructor.id, "Accessible outline", {
    Start: ["Hello"],
    Empty: [],
  });
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/courses/${courseId}?tab=outline`);
  await expect(page.getByRole("button", { name: "Drag Hello" })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test("modules and lessons are edited, given a file and deleted through their dialogs", async ({ page }) => {
  const courseId = await createOutlinedCourse(tenant.id, tenant.users.instructor.id, "Dialogs", { Start: ["Hello"] });
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/courses/${courseId}?tab=outline`);

  await waitForShell(page);
  await page.getByRole("button", { name: "Edit lesson Hello" }).click();
  const edit = page.getByRole("dialog", { name: "Edit lesson" });
  await waitForForm(page, "Save lesson");
  await expect(edit.getByRole("combobox", { name: "Lesson type" })).toHaveAttribute("aria-disabled", "true");
  await edit.getByLabel("Lesson title").fill("Hello again");
  await edit.getByRole("button", { name: "Save lesson" }).click();
  await expect(edit).toBeHidden();
  await expect(lessonsOf(page, "Start")).toHaveText([/^Hello again/]);

  await page.getByRole("region", { name: "Start" }).getByRole("button", { name: "Add lesson" }).click();
  const add = page.getByRole("dialog", { name: "Add lesson" });
  await waitForForm(page, "Create lesson");
  await add.getByLabel("Lesson title").fill("Handout");
  await add.getByRole("combobox", { name: "Lesson type" }).click();
  await page.getByRole("option", { name: "File" }).click();
  await add
    .getByLabel("Upload file")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Bring a notebook.") });
  await expect(add.getByText(/Selected: notes\.txt/)).toBeVisible();
  await add.getByRole("button", { name: "Create lesson" }).click();
  await expect(add).toBeHidden();
  await page.getByRole("button", { name: "Edit lesson Handout" }).click();
  await expect(page.getByRole("dialog", { name: "Edit lesson" }).getByText(/Current file: notes\.txt/)).toBeVisible();
  await page.getByRole("dialog", { name: "Edit lesson" }).getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("button", { name: "Edit module Start" }).click();
  await waitForForm(page, "Save module");
  await page.getByRole("dialog", { name: "Edit module" }).getByLabel("Module title").fill("Beginning");
  await page.getByRole("button", { name: "Save module" }).click();
  await expect(page.getByRole("heading", { name: "Beginning" })).toBeVisible();

  await page.getByRole("button", { name: "Delete lesson Hello again" }).click();
  await page.getByRole("dialog", { name: "Delete lesson?" }).getByRole("button", { name: "Delete" }).click();
  await expect(lessonsOf(page, "Beginning")).toHaveText([/^Handout/]);
  await page.getByRole("button", { name: "Delete module Beginning" }).click();
  await page.getByRole("dialog", { name: "Delete module?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No modules yet.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("No modules yet.")).toBeVisible();
});

test("an admin creates a course taught by an instructor they pick, and that instructor can edit it", async ({
  browser,
  page,
}) => {
  const title = `Chosen instructor ${Date.now()}`;
  const instructor = tenant.users.instructor;
  await signIn(page, tenant.subdomain, tenant.users.org_admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/courses/create`);
  await waitForForm(page, "Create course");
  await page.getByLabel("Title").fill(title);
  await pickFromSearch(page.getByLabel("Instructors"), instructor.email.slice(0, 12), new RegExp(instructor.email));
  await expect(page.getByRole("button", { name: `${instructor.firstName} ${instructor.lastName}` })).toBeVisible();
  await page.getByRole("button", { name: "Create course" }).click();
  await expect(page).toHaveURL(/tab=outline/);

  const other = await (await browser.newContext()).newPage();
  await signIn(other, tenant.subdomain, instructor);
  await other.goto(`${origin(tenant.subdomain)}/admin/courses?q=${encodeURIComponent(title)}`);
  await other.getByRole("link", { name: title }).click();
  await expect(other.getByText(`Instructors: ${instructor.firstName} ${instructor.lastName}`)).toBeVisible();
  await other.context().close();
});
