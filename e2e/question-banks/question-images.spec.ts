import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { createTenant, testDb, uniqueName, type TestTenant } from "@/test/factories";
import { seriousAxeViolations } from "../accessibility";
import { origin, signIn } from "../support";

// An instructor puts an image in a question's text from the editor: Insert image uploads it to the
// organization's store with its alternative text (an SVG is refused with the server's reason), the saved
// question shows it, loaded from /uploads/ like any member would load it. The insert dialog passes axe.

let tenant: TestTenant;
let bankId: string;
test.beforeAll(async () => {
  tenant = await createTenant();
  const bank = await testDb().questionBank.create({
    data: { organizationId: tenant.id, name: uniqueName("Pictures "), createdById: tenant.users.instructor.id },
  });
  bankId = bank.id;
});

test("an instructor inserts an image in a question's text and sees it in the saved question", async ({ page }) => {
  test.setTimeout(120_000);
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#C1440E" } })
    .png()
    .toBuffer();
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/question-banks/${bankId}`);
  await page.getByRole("button", { name: "New question" }).click();
  const editor = page.getByRole("dialog", { name: "New question" });
  await editor.getByLabel("Name").fill("Which planet");
  await editor.getByRole("textbox", { name: "Question text" }).click();
  await page.keyboard.type("Which planet is this? ");

  await editor
    .getByRole("toolbar", { name: "Question text formatting" })
    .getByRole("button", { name: "Insert image" })
    .click();
  const insert = page.getByRole("dialog", { name: "Insert image" });
  await expect(insert.getByRole("button", { name: "Insert" })).toBeDisabled();
  await page.waitForLoadState("networkidle");
  expect(await seriousAxeViolations(page)).toEqual([]);

  // An SVG is refused with the server's reason, and nothing is inserted.
  await insert.getByLabel("Choose image").setInputFiles({
    name: "planet.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="5"/></svg>'),
  });
  await insert.getByLabel("Alternative text").fill("A red planet");
  await insert.getByRole("button", { name: "Insert" }).click();
  await expect(insert.getByRole("alert")).toHaveText("The image must be a JPEG, PNG, WebP or GIF image");

  await insert.getByLabel("Choose image").setInputFiles({ name: "mars.png", mimeType: "image/png", buffer: png });
  await expect(insert.getByText("mars.png")).toBeVisible();
  await insert.getByRole("button", { name: "Insert" }).click();
  await expect(insert).toBeHidden();
  await expect(
    editor.getByRole("textbox", { name: "Question text" }).getByRole("img", { name: "A red planet" }),
  ).toBeVisible();

  await editor.getByLabel("Choice 1", { exact: true }).fill("Mars");
  await editor.getByLabel("Choice 2", { exact: true }).fill("Venus");
  await editor.getByRole("button", { name: "Create question" }).click();
  await expect(editor).toBeHidden();

  // The saved version shows the image, served from the organization's store.
  const grid = page.getByRole("grid", { name: "Questions" });
  await grid.getByRole("button", { name: "Versions of Which planet" }).click();
  const versions = page.getByRole("dialog", { name: "Versions of 'Which planet'" });
  await versions.getByRole("button", { name: /^Version 1/ }).click();
  const image = versions.getByRole("region", { name: "Version 1" }).getByRole("img", { name: "A red planet" });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("src", new RegExp(`^/uploads/content-images/${tenant.id}/[0-9a-f-]{36}\\.webp$`));
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(320);
});
