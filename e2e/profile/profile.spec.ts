import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { createTenant, createUser, type TestTenant, type TestUser } from "@/test/factories";
import { call } from "@/test/http";
import { origin, signIn } from "../support";

// A learner picks a picture, crops it in the browser, saves it, and sees it in the top bar: the stored
// avatar is the part they chose. (axe on /profile: e2e/shell/shell.spec.ts.)

let tenant: TestTenant;
let learner: TestUser;
test.beforeAll(async () => {
  tenant = await createTenant();
  learner = await createUser(tenant.id, "learner");
});

/** 400×200: the left half red, the right half blue. */
function twoColourPicture(): Promise<Buffer> {
  const half = (r: number, b: number) =>
    sharp({ create: { width: 200, height: 200, channels: 3, background: { r, g: 0, b } } })
      .png()
      .toBuffer();
  return Promise.all([half(255, 0), half(0, 255)]).then(([red, blue]) =>
    sharp({ create: { width: 400, height: 200, channels: 3, background: "#000" } })
      .composite([
        { input: red, left: 0, top: 0 },
        { input: blue, left: 200, top: 0 },
      ])
      .png()
      .toBuffer(),
  );
}

test("a learner crops a new avatar and sees it in the top bar", async ({ page }) => {
  await signIn(page, tenant.subdomain, learner);
  await page.goto(`${origin(tenant.subdomain)}/profile`);
  const section = page.getByRole("region", { name: "Picture" });
  await page
    .getByLabel("Picture file")
    .setInputFiles({ name: "two-colours.png", mimeType: "image/png", buffer: await twoColourPicture() });

  // The crop starts centred (half red, half blue); dragging the picture right keeps its left, red, square.
  const dialog = page.getByRole("dialog", { name: "Crop your picture" });
  const area = dialog.getByRole("group", { name: /Crop area/ });
  await expect(dialog.getByRole("img", { name: "The picture to crop" })).toBeVisible();
  const box = (await area.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 300, box.y + box.height / 2, { steps: 10 });
  await page.mouse.up();
  await dialog.getByRole("button", { name: "Use this crop" }).click();

  await expect(section.getByRole("img", { name: "Preview of your new picture" })).toBeVisible();
  await section.getByRole("button", { name: "Save picture" }).click();
  await expect(section.getByRole("status")).toHaveText("Your new picture is saved.");

  const topBarAvatar = page
    .getByRole("banner")
    .getByRole("button", { name: /Account menu/ })
    .locator("img");
  await expect(topBarAvatar).toHaveAttribute("src", /\/uploads\/avatars\/.+\.webp$/);
  // Node does not resolve *.localhost: fetched over HTTP with the tenant's Host, as the browser did.
  const stored = await call(tenant.subdomain, new URL((await topBarAvatar.getAttribute("src"))!).pathname);
  expect(stored.status).toBe(200);
  const image = sharp(stored.body);
  expect(await image.metadata()).toMatchObject({ width: 256, height: 256 });
  const [red, , blue] = (await image.stats()).channels;
  expect(red!.mean).toBeGreaterThan(200);
  expect(blue!.mean).toBeLessThan(40);
});
