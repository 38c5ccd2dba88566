import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { createCourse } from "@/test/course-factories";
import { createTenant, uniqueName, type TestTenant } from "@/test/factories";
import { latestMailTo, setPasswordLinkFor } from "@/test/outbox";
import { origin, signIn, waitForForm } from "../support";
import { seriousAxeViolations } from "../accessibility";

// The CSV user import from the page: an admin uploads a file with a few bad rows, maps a column, reads
// the dry run, runs it and watches the progress bar finish, downloads the report, finds the new people
// in /admin/users; one of them sets a password from the invitation and finds the course the file named.

let tenant: TestTenant;
let courseTitle: string;
test.beforeAll(async () => {
  tenant = await createTenant();
  courseTitle = `Welcome course ${uniqueName("")}`;
  await createCourse(tenant.id, { title: courseTitle, status: "published" });
});

async function expectNoSeriousViolations(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

test("an admin imports users from a CSV and one of them signs in through the invitation", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const prefix = uniqueName("imp");
  const [ada, ben, cy] = ["ada", "ben", "cy"].map((n) => `${prefix}-${n}@example.test`) as [string, string, string];
  const csv = [
    "E-mail;First name;Surname;Kurs",
    `${ada};Ada;Import;${courseTitle}`,
    `${ben};Ben;Import;`,
    "nobody;No;Email;",
    `${cy};Cy;Import;No such course`,
    `${ben.toUpperCase()};Ben;Again;`,
  ].join("\r\n");

  await signIn(page, tenant.subdomain, tenant.users.admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/import-export/import`);
  await expect(page.getByRole("tab", { name: "Import", selected: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload CSV" })).toBeEnabled();
  await page
    .getByTestId("import-file-input")
    .setInputFiles({ name: "new-people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page).toHaveURL(/\/admin\/import-export\/import\?id=/);
  await expect(page.getByRole("heading", { name: "new-people.csv" })).toBeVisible();
  await expect(page.getByText("5 rows · UTF-8 · separated by semicolons")).toBeVisible();
  await expect(page.getByRole("table", { name: "The file's first rows" }).getByRole("row")).toHaveCount(6);

  // E-mail, First name and Surname are recognised; the course column is ours to map.
  await page.getByRole("combobox", { name: "Courses" }).click();
  await page.getByRole("option", { name: "Kurs" }).click();
  await page.getByRole("button", { name: "Dry run" }).click();
  const summary = page.getByTestId("import-summary");
  await expect(summary).toHaveText(
    "Dry run: 2 to create, 0 to update, 0 unchanged, 3 rejected; nothing is applied until you run the import",
  );
  const grid = page.getByRole("grid", { name: "Rows and their outcome" });
  await page.getByRole("combobox", { name: "Outcome" }).click();
  await page.getByRole("option", { name: "Rejected" }).click();
  await expect(grid.getByRole("row").filter({ hasText: "Invalid email address 'nobody'" })).toBeVisible();
  await expect(grid.getByRole("row").filter({ hasText: "Unknown course 'No such course'" })).toBeVisible();
  await expect(
    grid.getByRole("row").filter({ hasText: `Duplicate email in the file: row 2 has ${ben} too` }),
  ).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole("button", { name: "Run import" }).click();
  await expect(summary).toHaveText("Imported 5 rows: 2 created, 0 updated, 0 unchanged, 3 rejected, 0 failed", {
    timeout: 60_000,
  });
  const bar = page.getByRole("progressbar", { name: "Import" });
  await expect(bar).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByTestId("import-progress-text")).toHaveText("5 / 5 rows");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download report (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("new-people-report.csv");
  const report = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "").split("\r\n");
  expect(report[0]).toBe("row,email,outcome,reason,applied,E-mail,First name,Surname,Kurs");
  expect(report[1]).toBe(`1,${ada},created,,yes,${ada},Ada,Import,${courseTitle}`);
  expect(report[3]).toBe("3,nobody,rejected,Invalid email address 'nobody',yes,nobody,No,Email,");

  // The history lists it; the users list has the new people.
  await page.getByRole("link", { name: "← All imports" }).click();
  await expect(
    page.getByRole("table", { name: "Import history" }).getByRole("row").filter({ hasText: "new-people.csv" }),
  ).toContainText("Completed");
  await expectNoSeriousViolations(page);
  await page.goto(`${origin(tenant.subdomain)}/admin/users`);
  await page.getByRole("searchbox", { name: "Search users" }).fill(prefix);
  const users = page.getByRole("grid", { name: "Users" });
  await expect(users.getByRole("row").filter({ hasText: ada })).toBeVisible();
  await expect(users.getByRole("row").filter({ hasText: ben })).toBeVisible();

  // Ada sets her password from the invitation and finds the course the file named.
  await expect.poll(() => latestMailTo(ada), { timeout: 30_000 }).toContain("You are invited to");
  const link = await setPasswordLinkFor(ada);
  const invited = await browser.newPage();
  await invited.goto(link.url);
  await waitForForm(invited, "Set password");
  await invited.getByLabel("Password", { exact: true }).fill("imported-pass-42");
  await invited.getByRole("button", { name: "Set password" }).click();
  await expect(invited.getByText("Your password is set. You can sign in now.")).toBeVisible();
  await signIn(invited, tenant.subdomain, { ...tenant.users.learner, email: ada, password: "imported-pass-42" });
  await invited.goto(`${origin(tenant.subdomain)}/dashboard`);
  await expect(invited.getByText(courseTitle).first()).toBeVisible();
  await invited.close();
});

test("an instructor opening the import reads why they cannot use it, and gets no controls", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/import-export/import`);
  await expect(page.getByTestId("read-only-notice")).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload CSV" })).toHaveCount(0);
});
