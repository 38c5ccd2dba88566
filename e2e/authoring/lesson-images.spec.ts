import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { enroll } from "@/test/course-factories";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { seriousAxeViolations } from "../accessibility";
import { forgetSession, origin, signIn, waitForForm, waitForShell } from "../support";
import { createOutlinedCourse } from "./fixtures";

// An instructor puts an image in a text lesson from the lesson dialog (its alternative text asked for), and
// an enrolled learner sees it on the lesson's page, loaded from the organization's store. The lesson dialog
// with its Insert image button passes axe.

let tenant: TestTenant;
test.beforeAll(async () => {
  tenant = await createTenant();
});

test("an instructor inserts an image in a text lesson and an enrolled learner sees it", async ({ page }) => {
  test.setTimeout(120_000);
  const courseId = await createOutlinedCourse(tenant.id, tenant.users.instructor.id, "Astronomy", {
    Planets: ["Mars"],
  });
  const db = testDb();
  await db.course.update({ where: { id: courseId }, data: { status: "published" } });
  await enroll(tenant.id, courseId, tenant.users.learner.id);
  const lesson = await db.lesson.findFirstOrThrow({ where: { courseId }, select: { id: true, moduleId: true } });

  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/courses/${courseId}?tab=outline`);
  await waitForShell(page);
  await page.getByRole("button", { name: "Edit lesson Mars" }).click();
  const edit = page.getByRole("dialog", { name: "Edit lesson" });
  await waitForForm(page, "Save lesson");
  await edit.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("The red planet: ");
  await page.waitForLoadState("networkidle");
  expect(await seriousAxeViolations(page)).toEqual([]);

  await edit.getByRole("toolbar", { name: "Content formatting" }).getByRole("button", { name: "Insert image" }).click();
  const insert = page.getByRole("dialog", { name: "Insert image" });
  const jpeg = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#C1440E" } })
    .jpeg()
    .toBuffer();
  await insert.getByLabel("Choose image").setInputFiles({ name: "mars.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await insert.getByLabel("Alternative text").fill("Mars seen from orbit");
  await insert.getByRole("button", { name: "Insert" }).click();
  await expect(insert).toBeHidden();
  await expect(edit.getByRole("img", { name: "Mars seen from orbit" })).toBeVisible();
  await edit.getByRole("button", { name: "Save lesson" }).click();
  await expect(edit).toBeHidden();

  await forgetSession(page);
  await signIn(page, tenant.subdomain, tenant.users.learner);
  await page.goto(`${origin(tenant.subdomain)}/courses/${courseId}/modules/${lesson.moduleId}/lessons/${lesson.id}`);
  const image = page.getByRole("img", { name: "Mars seen from orbit" });
  await expect(image).toBeVisible();
  // Stored at most 1600 px wide, and drawn no wider than the text.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(1600);
  const [drawn, column] = await image.evaluate((img: HTMLImageElement) => [
    img.getBoundingClientRect().width,
    img.parentElement!.getBoundingClientRect().width,
  ]);
  expect(drawn).toBeLessThanOrEqual(column!);
});

test("a pasted page's image from elsewhere is left out with a notice; a pasted image file goes through Insert image", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const courseId = await createOutlinedCourse(tenant.id, tenant.users.instructor.id, "Geology", {
    Rocks: ["Basalt"],
  });
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/courses/${courseId}?tab=outline`);
  await waitForShell(page);
  await page.getByRole("button", { name: "Edit lesson Basalt" }).click();
  const edit = page.getByRole("dialog", { name: "Edit lesson" });
  await waitForForm(page, "Save lesson");
  const content = edit.getByRole("textbox", { name: "Content" });
  await content.click();

  // Copied from another site: its text arrives, its image does not, and the person is told why.
  await content.evaluate((element) => {
    const data = new DataTransfer();
    data.setData("text/html", '<p>Cooled lava <img src="https://images.example/basalt.jpg" alt="Basalt columns"></p>');
    data.setData("text/plain", "Cooled lava");
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(content).toContainText("Cooled lava");
  await expect(content.locator("img")).toHaveCount(0);
  await expect(edit.getByRole("status")).toHaveText(
    "An image from elsewhere was left out: only images uploaded here are kept. Save it to your computer, then use Insert image.",
  );

  // A screenshot pasted as a file: Insert image opens with it chosen and asks what it shows.
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#333333" } })
    .png()
    .toBuffer();
  await content.evaluate((element, bytes) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], "screenshot.png", { type: "image/png" }));
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, Array.from(png));
  const insert = page.getByRole("dialog", { name: "Insert image" });
  await expect(insert.getByText("screenshot.png")).toBeVisible();
  await expect(insert.getByRole("button", { name: "Insert" })).toBeDisabled();
  await insert.getByLabel("Alternative text").fill("A basalt sample");
  await insert.getByRole("button", { name: "Insert" }).click();
  await expect(insert).toBeHidden();
  await expect(edit.getByRole("img", { name: "A basalt sample" })).toBeVisible();
});
