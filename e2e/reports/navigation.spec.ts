import { expect, test } from "@playwright/test";
import { createTenant, type TestTenant } from "@/test/factories";
import { origin, signIn } from "../support";

// The spec (docs/specification.md "Routes and navigation"): clicking Reports in the side navigation first refreshes the report data; while that
// runs the entry is disabled and reads 'Refreshing Reports...' with a spinner; the reports open whether
// the refresh worked or not. The refresh answers fast, so the tests hold its answer back a moment to
// look at the entry meanwhile (the request itself reaches the real server).

let tenant: TestTenant;
test.beforeAll(async () => {
  tenant = await createTenant();
});

const REFRESH = "**/api/reports/refresh";

test("clicking Reports refreshes first: the entry is disabled and reads 'Refreshing Reports...', then the reports open", async ({
  page,
}) => {
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/profile`);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let refreshes = 0;
  await page.route(REFRESH, async (route) => {
    expect(route.request().method()).toBe("POST");
    refreshes += 1;
    await held;
    await route.continue();
  });
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await nav.getByRole("link", { name: "Reports", exact: true }).click();

  const busy = nav.getByRole("link", { name: "Refreshing Reports..." });
  await expect(busy).toBeVisible();
  await expect(busy).toHaveText("Refreshing Reports...");
  await expect(busy).toBeDisabled();
  await expect(busy.getByTestId("nav-spinner")).toBeVisible(); // decorative: the label says it
  await expect(page).toHaveURL(`${origin(tenant.subdomain)}/profile`); // not before the refresh ends

  release();
  await expect(page).toHaveURL(`${origin(tenant.subdomain)}/admin/reports`);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Reports", exact: true })).toBeEnabled();
  expect(refreshes).toBe(1);
});

test("the reports open even when the refresh fails", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.admin);
  await page.goto(`${origin(tenant.subdomain)}/profile`);
  await page.route(REFRESH, (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "UNAVAILABLE", message: "Down for a moment" } }),
    }),
  );
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "Reports", exact: true })
    .click();
  await expect(page).toHaveURL(`${origin(tenant.subdomain)}/admin/reports`);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
});
