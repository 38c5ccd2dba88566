import type AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { createTenant, type TestTenant } from "@/test/factories";
import { origin } from "../support";
import { seriousAxeViolations } from "../accessibility";

let tenant: TestTenant;
test.beforeAll(async () => {
  tenant = await createTenant();
});

test("the API reference lists operations by tag and links types to their schemas", async ({ page }) => {
  await page.goto(`${origin(tenant.subdomain)}/api-docs`);
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Courses" })).toBeVisible();
  const login = page.getByRole("region", { name: "POST /auth/login" });
  await expect(login).toContainText("Sign in with email and password");
  await expect(login.getByRole("table", { name: "Request body of POST /auth/login (application/json)" })).toContainText(
    "password",
  );
  await login.getByRole("link", { name: "User", exact: true }).click();
  await expect(page).toHaveURL(/#schema-User$/);
  await expect(page.getByRole("table", { name: "Fields of User", exact: true })).toContainText("avatar_url");
});

// A sample of each kind of block (header, contents, an operation, a schema): the whole page has
// hundreds of table rows and takes axe longer than a test may on a busy machine.
test("axe finds no serious or critical violations on the API reference", async ({ page }) => {
  // The page lists every operation (over a hundred): on a loaded machine its load alone took 36 s.
  test.setTimeout(240_000);
  await page.goto(`${origin(tenant.subdomain)}/api-docs`);
  const narrow = (axe: AxeBuilder) =>
    axe
      .include("main h1")
      .include("nav[aria-label='API sections']")
      .include("#op-updateProfile")
      .include("#schema-User");
  expect(await seriousAxeViolations(page, { narrow })).toEqual([]);
});
