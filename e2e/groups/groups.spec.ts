import { expect, test } from "@playwright/test";
import { createCourse } from "@/test/course-factories";
import { createTenant, createUser, uniqueName, type TestTenant, type TestUser } from "@/test/factories";
import { origin, pickFromSearch, signIn } from "../support";
import { seriousAxeViolations } from "../accessibility";

// An org admin makes a group, puts people in it and gives it a course; a member then finds the course on
// their dashboard. The groups pages pass axe.

let tenant: TestTenant;
let member: TestUser;
let courseTitle: string;
test.beforeAll(async () => {
  tenant = await createTenant();
  member = await createUser(tenant.id, "learner", { firstName: uniqueName("Mia") });
  courseTitle = uniqueName("Forklift safety ");
  await createCourse(tenant.id, {
    title: courseTitle,
    status: "published",
    modules: [{ lessons: [{ kind: "text", title: "Welcome" }] }],
  });
});

test("an org admin puts a learner in a group with a course, and the learner finds it on the dashboard", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // two people's sessions in one journey
  await signIn(page, tenant.subdomain, tenant.users.org_admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/groups`);
  await page.getByRole("link", { name: "Add group" }).first().click();
  const name = uniqueName("Night shift ");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Description").fill("Warehouse, 22:00–06:00");
  await page.getByRole("button", { name: "Create group" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // A course for the group.
  await page.getByLabel("Assign a course").fill(courseTitle.slice(0, 20));
  await page.getByRole("option", { name: courseTitle }).click();
  await page.getByRole("button", { name: "Assign course" }).click();
  await expect(page.getByRole("list", { name: "Courses of the group" }).getByRole("listitem")).toHaveText([
    courseTitle,
  ]);

  // A member, found by typing.
  await pickFromSearch(page.getByLabel("Add people"), member.firstName, new RegExp(member.firstName));
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByText("1 member added and enrolled in the group's courses.")).toBeVisible();
  const members = page.getByRole("grid", { name: "Members" });
  await expect(members.getByRole("row").filter({ hasText: member.email })).toContainText("0%");

  // The list shows the counts.
  await page.goto(`${origin(tenant.subdomain)}/admin/groups?q=${encodeURIComponent(name)}`);
  const row = page.getByRole("grid", { name: "Groups" }).getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Warehouse");
  await expect(row.getByRole("gridcell").nth(2)).toHaveText("1");
  await expect(row.getByRole("gridcell").nth(3)).toHaveText("1");

  // The learner was enrolled by the group.
  const learnerPage = await browser.newPage();
  await signIn(learnerPage, tenant.subdomain, member);
  await learnerPage.goto(`${origin(tenant.subdomain)}/dashboard`);
  await expect(
    learnerPage.getByRole("list", { name: "My courses" }).getByRole("link", { name: new RegExp(courseTitle) }),
  ).toBeVisible();
  await learnerPage.close();
});

for (const path of ["/admin/groups", "/admin/groups/add"]) {
  test(`axe finds no serious or critical violations on ${path}`, async ({ page }) => {
    await signIn(page, tenant.subdomain, tenant.users.org_admin);
    await page.goto(`${origin(tenant.subdomain)}${path}`);
    await page.waitForLoadState("networkidle");
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
