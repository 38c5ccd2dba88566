import { expect, test, type Page } from "@playwright/test";
import { DEFAULT_DESIGN } from "@/lib/schemas/certificates";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, createUser, testDb, type TestTenant, type TestUser } from "@/test/factories";
import { callAs } from "@/test/session";
import { expectNoClippedColumns, origin, signIn, waitForForm, waitForShell } from "../support";

// What people see of certificates, in Chromium: an expiring certificate says so in words wherever it is
// listed; the report shows every column at 1280 px and asks before revoking, naming what is revoked; the
// verification pages work at 390 px, light and dark; the template editor flags a clash, keeps its preview in
// view and warns before unsaved edits are lost.

const DAY = 86_400_000;
let tenant: TestTenant;
let learner: TestUser;
let templateId: string;
let code: string;

test.beforeAll(async () => {
  tenant = await createTenant();
  const template = await callAs(tenant.subdomain, tenant.users.instructor, "/api/certificate-templates", {
    method: "POST",
    json: { name: "Crane licence", design: DEFAULT_DESIGN },
  });
  expect(template.status).toBe(201);
  templateId = template.json.id;
  const course = await createCourse(tenant.id, {
    title: "Crane operation",
    instructorIds: [tenant.users.instructor.id],
    modules: [{ lessons: [{}] }],
  });
  const settings = await callAs(tenant.subdomain, tenant.users.instructor, `/api/courses/${course.id}/certificate`, {
    method: "PUT",
    json: { template_id: templateId, validity_months: 12, reminder_days: 30, recertify_automatically: false },
  });
  expect(settings.status).toBe(200);
  learner = await createUser(tenant.id, "learner", { firstName: "Imani" });
  await enroll(tenant.id, course.id, learner.id);
  const done = await callAs(
    tenant.subdomain,
    learner,
    `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}/progress`,
    { method: "PUT", json: { completed: true } },
  );
  expect(done.status).toBe(200);
  // Fifteen days left (less a minute, so the count does not tip over while the test runs).
  const row = await testDb().certificate.findFirstOrThrow({ where: { organizationId: tenant.id, userId: learner.id } });
  await testDb().certificate.update({
    where: { id: row.id },
    data: { expiresAt: new Date(Date.now() + 15 * DAY - 60_000) },
  });
  code = row.code;
});

/** Whether the page scrolls sideways: wider content than the window. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test("a certificate expiring in 15 days says so in words on the dashboard, the profile and the report", async ({
  page,
}) => {
  await signIn(page, tenant.subdomain, learner);
  await page.goto(`${origin(tenant.subdomain)}/dashboard`);
  const mine = page.getByRole("list", { name: "My certificates" });
  await expect(mine.getByTestId("certificate-state")).toHaveText("Expiring in 15 days");
  await page.goto(`${origin(tenant.subdomain)}/profile`);
  await expect(page.getByRole("list", { name: "My certificates" }).getByTestId("certificate-state")).toHaveText(
    "Expiring in 15 days",
  );

  await signIn(page, tenant.subdomain, tenant.users.org_admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/reports/certificates`);
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row.getByText("Expiring", { exact: true })).toBeVisible();
});

test("the report at 1280 px shows every column, Revoke and Re-issue in view; Revoke asks first, naming the certificate", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, tenant.subdomain, tenant.users.org_admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/reports/certificates`);
  await waitForShell(page);
  const grid = page.getByRole("grid", { name: "Certificates" });
  await expect(grid.getByText(code)).toBeVisible();
  // The state filter shows what it filters by and its value.
  const state = page.getByRole("combobox", { name: "Status" });
  await expect(state).toHaveValue("");
  await expect(state.locator("option:checked")).toHaveText("All certificates");

  expect(await expectNoClippedColumns(grid)).toEqual([
    "Learner",
    "Course",
    "Completed",
    "Expires",
    "Status",
    "Code",
    "Actions",
  ]);
  const gridBox = (await grid.boundingBox())!;
  const learnerName = `Imani ${learner.lastName}`;
  const revoke = page.getByRole("button", { name: `Revoke the certificate of ${learnerName} for Crane operation` });
  const reissue = page.getByRole("button", { name: `Re-issue the certificate of ${learnerName} for Crane operation` });
  for (const button of [revoke, reissue]) {
    await expect(button).toBeInViewport({ ratio: 1 });
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(gridBox.x + gridBox.width);
  }

  // A destructive button asks first: nothing is sent until it is confirmed, and the question names it.
  const revokes: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/revoke")) revokes.push(request.url());
  });
  await revoke.click();
  const dialog = page.getByRole("dialog", { name: "Revoke this certificate?" });
  await expect(dialog).toContainText(`${learnerName}'s certificate for Crane operation (code ${code})`);
  await expect(dialog).toContainText("This cannot be undone");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(revokes).toEqual([]);
  expect((await testDb().certificate.findFirstOrThrow({ where: { code } })).revokedAt).toBeNull();
});

for (const scheme of ["light", "dark"] as const) {
  test(`/verify at 390 px (${scheme}): typed code → its page with the code repeated; an unknown code is named`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript((mode) => localStorage.setItem("mui-mode", mode), scheme);
    await page.goto(`${origin(tenant.subdomain)}/verify`);
    await expect(page.getByRole("heading", { name: "Check a certificate" })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    // Typed as people copy it from paper: lower case, in groups.
    const grouped = code.toLowerCase().replace(/(.{6})(?!$)/g, "$1 ");
    await page.getByLabel("Certificate code").fill(grouped);
    await page.getByRole("button", { name: "Check", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/verify/${code}$`));
    await expect(page.getByTestId("certificate-status")).toHaveText("Expiring in 15 days");
    await expect(page.getByTestId("verified-code")).toHaveText(code);
    expect(await scrollsSideways(page)).toBe(false);
    if (scheme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);

    const unknown = await page.goto(`${origin(tenant.subdomain)}/verify/NOSUCHCODE0000000000000Z`);
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Certificate not found" })).toBeVisible();
    await expect(page.getByTestId("looked-up-code")).toHaveText("NOSUCHCODE0000000000000Z");
    await expect(page.getByLabel("Certificate code")).toHaveValue("NOSUCHCODE0000000000000Z");
    expect(await scrollsSideways(page)).toBe(false);
  });
}

test("the template editor: a clash is shown and refused, the preview stays in view, unsaved edits are not lost silently", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/courses/certificates/${templateId}`);
  await waitForShell(page);
  await waitForForm(page, "Save template");
  // The organization has no logo, and the logo is switched on: the editor says what that means.
  await expect(page.getByTestId("no-logo")).toContainText("Your organization has no logo yet");
  await expect(page.getByTestId("layout-clashes")).toHaveCount(0);

  // The code's line (Text 6) moved under the QR code.
  const block = page
    .getByRole("textbox", { name: "Text 6" })
    .locator("xpath=ancestor::div[contains(@class,'MuiPaper')][1]");
  await block.getByLabel("X %").fill("92");
  await block.getByLabel("Y %").fill("88");
  await expect(page.getByTestId("layout-clashes")).toContainText("Text 6 overlaps the QR code");
  // The preview is still on screen while the lowest block is edited.
  await expect(page.getByTestId("certificate-preview")).toBeInViewport();
  // Align reads whole.
  const align = block.getByRole("combobox", { name: "Align" });
  expect(await align.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Text 6 overlaps the QR code" }).first()).toBeVisible();
  expect(
    (
      (await testDb().certificateTemplate.findFirstOrThrow({ where: { id: templateId } }))
        .design as typeof DEFAULT_DESIGN
    ).text_blocks[5],
  ).toMatchObject({ x: 8, y: 92 });

  // Leaving through the navigation asks; declining keeps the edits on the page.
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  expect(asked).toEqual(["You have unsaved changes. Leave this page and lose them?"]);
  await expect(page).toHaveURL(new RegExp(`/admin/courses/certificates/${templateId}$`));
  await expect(block.getByLabel("X %")).toHaveValue("92");
});
