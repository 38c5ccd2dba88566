import { expect, test } from "@playwright/test";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { origin, signIn, signInWithForm, waitForShell } from "../support";
import { seriousAxeViolations } from "../accessibility";

let tenant: TestTenant;
test.beforeAll(async () => {
  tenant = await createTenant();
});

test("the user menu opens on hover, shows name and role, and logs out to /login", async ({ page }) => {
  const user = tenant.users.learner;
  await signInWithForm(page, tenant.subdomain, user);
  const trigger = page.getByRole("button", { name: /Account menu for/ });
  await expect(trigger).toContainText(`${user.firstName} ${user.lastName}`);
  await expect(trigger).toContainText("Learner");
  await waitForShell(page);
  await trigger.hover();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Profile Settings" })).toBeVisible();
  await menu.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${origin(tenant.subdomain)}/login`);
  await page.goto(`${origin(tenant.subdomain)}/dashboard`);
  await expect(page).toHaveURL(/\/login/);
});

test("dark mode is kept after a reload", async ({ page }) => {
  await signInWithForm(page, tenant.subdomain, tenant.users.instructor);
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(page.getByRole("button", { name: "Switch to light mode" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("mui-mode"))).toBe("dark");
  await page.reload();
  await expect(page.getByRole("button", { name: "Switch to light mode" })).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe("rgb(255, 255, 255)");
});

test("an unknown path shows 'Page Not Found'", async ({ page }) => {
  const response = await page.goto(`${origin(tenant.subdomain)}/no/such/page`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});

test("a course that does not exist is 'Page Not Found' inside the shell, with its navigation and one main region", async ({
  page,
}) => {
  await signIn(page, tenant.subdomain, tenant.users.learner);
  const response = await page.goto(`${origin(tenant.subdomain)}/courses/00000000-0000-4000-8000-000000000000`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
  await expect(page.getByRole("main")).toHaveCount(1);
});

test("an unknown organization's address shows 'Page Not Found'", async ({ page }) => {
  await page.goto(`${origin("nosuchorganization")}/login`);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});

test("the messages badge shows how many conversations have unread messages, from the server", async ({ page }) => {
  const db = testDb();
  const admin = tenant.users.admin;
  const thread = await db.messageThread.create({
    data: { organizationId: tenant.id, subject: "Hello", createdById: tenant.users.learner.id },
  });
  await db.messageParticipant.createMany({
    data: [
      { organizationId: tenant.id, threadId: thread.id, userId: admin.id },
      { organizationId: tenant.id, threadId: thread.id, userId: tenant.users.learner.id, lastReadAt: new Date() },
    ],
  });
  await db.message.createMany({
    data: [
      { organizationId: tenant.id, threadId: thread.id, senderId: tenant.users.learner.id, body: "One" },
      { organizationId: tenant.id, threadId: thread.id, senderId: tenant.users.learner.id, body: "Two" },
      { organizationId: tenant.id, threadId: thread.id, senderId: admin.id, body: "My own reply is not unread" },
    ],
  });
  await signInWithForm(page, tenant.subdomain, admin);
  const messages = page.getByRole("link", { name: "Messages", exact: true }).first();
  // Two unread messages in one conversation: one unread conversation.
  await expect(messages).toContainText("1");
  await expect(page.getByText("1 unread")).toBeAttached();
});

const SHELL_PAGES: [string, keyof TestTenant["users"] | null, string][] = [
  ["landing", null, "/"],
  ["login", null, "/login"],
  ["dashboard", "learner", "/dashboard"],
  ["admin courses", "org_admin", "/admin/courses"],
  ["profile", "instructor", "/profile"],
];
for (const [name, role, path] of SHELL_PAGES) {
  test(`axe finds no serious or critical violations on ${name}`, async ({ page }) => {
    if (role) await signIn(page, tenant.subdomain, tenant.users[role]);
    await page.goto(`${origin(tenant.subdomain)}${path}`);
    await page.waitForLoadState("networkidle");
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}

test("axe finds no serious or critical violations on profile while its calendar sections load", async ({ page }) => {
  // The calendar settings arrive after the page: held back here, so axe reads the loading placeholder
  // (a named Skeleton without a role failed axe once in CI, when that request was slow).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/calendar/settings", async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/profile`);
  await expect(page.getByRole("status", { name: "Loading the calendar settings" })).toBeVisible();
  const serious = await seriousAxeViolations(page);
  release();
  expect(serious).toEqual([]);
  await expect(page.getByRole("status", { name: "Loading the calendar settings" })).toBeHidden();
});
