import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { createCourse, enroll } from "@/test/course-factories";
import { createSuperadmin, createTenant, testDb, type TestTenant } from "@/test/factories";
import { origin, pickSearchedOption, signIn } from "../support";
import { seriousAxeViolations } from "../accessibility";

// The exports from the page: an admin goes from the Import / Export landing page to Export, picks
// Enrollments, downloads, and the file holds the organization's enrollments; the superadmin picks an
// organization and gets its users. An instructor finds the
// read-only explanation and no controls. The import-export pages pass axe.

let tenant: TestTenant;
let courseTitle: string;
test.beforeAll(async () => {
  tenant = await createTenant();
  const course = await createCourse(tenant.id, { title: "Export journey course" });
  courseTitle = course.title;
  const enrollment = await enroll(tenant.id, course.id, tenant.users.learner.id, { status: "completed" });
  await testDb().enrollment.update({
    where: { id: enrollment.id },
    data: {
      progressPercent: 100,
      enrolledAt: new Date("2026-04-01T09:00:00Z"),
      completedAt: new Date("2026-04-02T15:30:00Z"),
    },
  });
});

test("an admin downloads the enrollments export from the page and the file holds its rows", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/import-export`);
  await expect(page.getByRole("link", { name: /Import users/ })).toHaveAttribute("href", "/admin/import-export/import");
  await page.getByRole("link", { name: /Export data/ }).click();
  await expect(page).toHaveURL(/\/admin\/import-export\/export$/);
  await page.getByRole("radio", { name: /^Enrollments/ }).check();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(
    `${tenant.subdomain}-enrollments-${new Date().toISOString().slice(0, 10)}.csv`,
  );
  await expect(page.getByText(`Downloaded ${download.suggestedFilename()}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Download CSV" })).toBeEnabled();
  const text = await readFile((await download.path())!, "utf8");
  const learner = tenant.users.learner;
  expect(text.split("\n").filter(Boolean)).toEqual([
    "\uFEFFemail,first_name,last_name,course_id,course,status,source,progress_percent,enrolled_at,last_accessed_at,completed_at,withdrawn_at",
    expect.stringMatching(
      new RegExp(
        `^${learner.email},Learner,Tester,[0-9a-f-]{36},${courseTitle},completed,manual,100,2026-04-01 09:00:00,,2026-04-02 15:30:00,$`,
      ),
    ),
  ]);
});

test("an instructor finds the read-only explanation and no download", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/import-export/export`);
  await expect(page.getByTestId("read-only-notice")).toContainText(
    "Only administrators can change the organization's data in bulk.",
  );
  await expect(page.getByRole("button", { name: "Download CSV" })).toHaveCount(0);
});

test("the superadmin picks the organization and downloads its users", async ({ page }) => {
  const root = await createSuperadmin();
  await signIn(page, null, root);
  await page.goto(`${origin(null)}/admin/import-export/export`);
  // The organizations are searched on the server by name: any number of them can be picked from.
  const picker = page.getByRole("combobox", { name: "Organization" });
  await expect(picker).toHaveAttribute("placeholder", "All organizations");
  await pickSearchedOption(page, "Organization", tenant.name);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${tenant.subdomain}-users-${new Date().toISOString().slice(0, 10)}.csv`);
  const lines = (await readFile((await download.path())!, "utf8")).split("\n").filter(Boolean);
  expect(lines[0]).toBe("\uFEFFemail,first_name,last_name,username,role,status,groups");
  expect(
    lines
      .slice(1)
      .map((l) => l.split(",")[0])
      .sort(),
  ).toEqual(
    Object.values(tenant.users)
      .map((u) => u.email)
      .sort(),
  );
});

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

test("axe finds no serious or critical violations on the import-export pages", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.admin);
  for (const path of ["/admin/import-export", "/admin/import-export/import", "/admin/import-export/export"]) {
    await page.goto(`${origin(tenant.subdomain)}${path}`);
    await expect(page.getByRole("heading", { level: 1, name: "Import / Export" })).toBeVisible();
    await expectNoSeriousViolations(page);
  }
});
