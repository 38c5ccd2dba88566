import { expect, test, type Page } from "@playwright/test";
import type { Role } from "@/lib/routes";
import { createSuperadmin, createTenant, type TestTenant } from "@/test/factories";
import { origin, signIn, signInWithForm, waitForForm } from "../support";

let tenant: TestTenant;
test.beforeAll(async () => {
  tenant = await createTenant();
});

const landing: Record<Exclude<Role, "superadmin">, string> = {
  admin: "/admin/reports",
  instructor: "/admin/reports",
  org_admin: "/dashboard",
  learner: "/dashboard",
};

// The side navigation, written out (docs/permissions.md "Side navigation"), not read from lib/routes.ts: under
// the headings Learning, Management and Organization, the spec's entries keeping the spec table's order among
// themselves, the product's additions placed in their group.
const NAVIGATION: Record<Role, string[]> = {
  learner: ["Dashboard", "Course Catalog", "Calendar", "Messages", "My Profile"],
  instructor: ["Dashboard", "Calendar", "Messages", "My Profile", "Course Management", "Group", "Events", "Reports"],
  org_admin: [
    ...["Dashboard", "Calendar", "Messages", "My Profile"],
    ...["Course Management", "Categories", "Group", "Events", "Reports"],
    ...["Overview", "Users"],
  ],
  admin: [
    ...["Dashboard", "Calendar", "Messages", "My Profile"],
    ...["Course Management", "Categories", "Group", "Events", "Reports"],
    ...["Overview", "Users", "Organizations", "System Settings", "Import/Export"],
  ],
  superadmin: [
    ...["Dashboard", "Calendar", "My Profile"],
    ...["Course Management", "Group", "Reports"],
    ...["Organizations", "System Settings", "Import/Export", "Subdomain Management"],
  ],
};
const HEADINGS: Record<Role, string[]> = {
  learner: [],
  instructor: ["Learning", "Management"],
  org_admin: ["Learning", "Management", "Organization"],
  admin: ["Learning", "Management", "Organization"],
  superadmin: ["Learning", "Management", "Organization"],
};
const SPEC_PATHS: Record<string, string> = {
  Calendar: "/calendar",
  "My Profile": "/profile",
  "Course Management": "/admin/courses",
  Group: "/admin/groups",
  Reports: "/admin/reports",
  Users: "/admin/users",
  Organizations: "/admin/organizations",
  "System Settings": "/admin/settings",
  "Import/Export": "/admin/import-export",
  "Subdomain Management": "/admin/subdomain-management",
};

async function expectNavigation(page: Page, role: Role): Promise<void> {
  const navigation = page.getByRole("navigation", { name: "Main navigation" });
  const links = navigation.getByRole("link");
  await expect(links).toHaveText(NAVIGATION[role]);
  await expect(navigation.getByRole("heading")).toHaveText(HEADINGS[role]);
  for (const label of NAVIGATION[role].filter((entry) => entry in SPEC_PATHS)) {
    await expect(links.filter({ hasText: new RegExp(`^${label}$`) }), label).toHaveAttribute(
      "href",
      SPEC_PATHS[label]!,
    );
  }
}

for (const role of ["learner", "instructor", "org_admin", "admin"] as const) {
  test(`${role} signs in through the form, lands on ${landing[role]} and sees exactly its navigation`, async ({
    page,
  }) => {
    await signInWithForm(page, tenant.subdomain, tenant.users[role]);
    await expect(page).toHaveURL(`${origin(tenant.subdomain)}${landing[role]}`);
    await expectNavigation(page, role);
  });
}

test("superadmin signs in on the apex and sees the platform navigation", async ({ page }) => {
  const superadmin = await createSuperadmin();
  await signInWithForm(page, null, superadmin);
  await expect(page).toHaveURL(`${origin(null)}/dashboard`);
  await expectNavigation(page, "superadmin");
});

test("a learner opening an admin page is sent to /unauthorized", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.learner);
  await page.goto(`${origin(tenant.subdomain)}/admin/users`);
  await expect(page).toHaveURL(`${origin(tenant.subdomain)}/unauthorized`);
  await expect(page.getByRole("heading", { name: "Unauthorized" })).toBeVisible();
});

test("an instructor opening an org-admin page is sent to /unauthorized", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/categories`);
  await expect(page).toHaveURL(`${origin(tenant.subdomain)}/unauthorized`);
});

test("a wrong password shows a clear message on the form", async ({ page }) => {
  await page.goto(`${origin(tenant.subdomain)}/login`);
  await waitForForm(page, "Sign in");
  await page.getByLabel("Email").fill(tenant.users.org_admin.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("form", { name: "Sign in" }).getByRole("alert")).toHaveText("Invalid email or password");
});

test("a user of another organization cannot sign in on this host", async ({ page }) => {
  const other = await createTenant();
  await page.goto(`${origin(tenant.subdomain)}/login`);
  await waitForForm(page, "Sign in");
  await page.getByLabel("Email").fill(other.users.learner.email);
  await page.getByLabel("Password").fill(other.users.learner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("form", { name: "Sign in" }).getByRole("alert")).toHaveText("Invalid email or password");
});

test("signed out, a protected page sends to /login", async ({ page }) => {
  await page.goto(`${origin(tenant.subdomain)}/dashboard`);
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);
});
