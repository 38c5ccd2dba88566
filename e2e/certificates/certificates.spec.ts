import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, createUser, testDb, type TestTenant } from "@/test/factories";
import { pdfText } from "@/test/pdf-tools";
import { forgetSession, origin, signIn, waitForForm, waitForShell } from "../support";

// The certificate journey in Chromium: an instructor designs a template under Course Management and gives
// it to a course; a learner completes the course and downloads the PDF; a stranger, signed in nowhere,
// opens the verification link; an org admin revokes it from the report and the stranger sees that too.

let tenant: TestTenant;
test.beforeAll(async () => {
  tenant = await createTenant();
});

test("an instructor's template, a learner's PDF and a stranger's verification", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const course = await createCourse(tenant.id, {
    title: "Forklift safety",
    instructorIds: [tenant.users.instructor.id],
    modules: [{ lessons: [{ title: "Loading bays" }] }],
  });
  const created = await createUser(tenant.id, "learner", { firstName: "Zoë" });
  await testDb().user.update({ where: { id: created.id }, data: { lastName: "O'Brien-Łukasz" } });
  const learner = { ...created, lastName: "O'Brien-Łukasz" };
  await enroll(tenant.id, course.id, learner.id);

  // The instructor: Course Management → Certificates → a new template, renamed and saved.
  await signIn(page, tenant.subdomain, tenant.users.instructor);
  await page.goto(`${origin(tenant.subdomain)}/admin/courses`);
  await page.getByRole("link", { name: "Certificates" }).click();
  await expect(page).toHaveURL(/\/admin\/courses\/certificates$/);
  await waitForShell(page);
  await page.getByRole("button", { name: "New template" }).click();
  await expect(page).toHaveURL(/\/admin\/courses\/certificates\/[0-9a-f-]{36}$/);
  await waitForForm(page, "Save template");
  await page.getByLabel("Name", { exact: true }).fill("Forklift licence");
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByText("Template saved")).toBeVisible();

  // The course awards it, valid for 12 months.
  await page.goto(`${origin(tenant.subdomain)}/admin/courses/${course.id}`);
  await waitForShell(page);
  // The picker opens once React runs it: a click on the server's HTML before that does nothing.
  await expect(async () => {
    await page.getByLabel("Certificate template").click();
    await expect(page.getByRole("option", { name: "Forklift licence" })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole("option", { name: "Forklift licence" }).click();
  await page.getByLabel("Valid for (months; empty: does not expire)").fill("12");
  await page.getByRole("button", { name: "Save certificate settings" }).click();
  await expect(page.getByText("Certificate settings saved")).toBeVisible();

  // The learner completes the course and downloads the PDF from the dashboard.
  const learnerContext = await browser.newContext();
  const learnerPage = await learnerContext.newPage();
  await signIn(learnerPage, tenant.subdomain, learner);
  const lesson = course.lessons[0]!;
  await learnerPage.goto(
    `${origin(tenant.subdomain)}/courses/${course.id}/modules/${lesson.moduleId}/lessons/${lesson.id}`,
  );
  await waitForShell(learnerPage);
  await learnerPage.getByRole("button", { name: "Mark complete" }).click();
  await expect(learnerPage.getByText("100% complete")).toBeVisible();
  await learnerPage.goto(`${origin(tenant.subdomain)}/dashboard`);
  const mine = learnerPage.getByRole("list", { name: "My certificates" });
  await expect(mine.getByText("Forklift safety")).toBeVisible();
  // What the learner came for comes first: the certificate before the completed course, shown once.
  await expect(learnerPage.locator("main section > h2")).toHaveText([
    "Continue where you left off",
    "My courses",
    "My certificates",
    "Recently completed",
  ]);
  await expect(learnerPage.getByRole("region", { name: "Recently completed" })).toContainText("Forklift safety");
  await expect(learnerPage.getByRole("region", { name: "My courses" })).not.toContainText("Forklift safety");
  const downloading = learnerPage.waitForEvent("download");
  await mine.getByRole("link", { name: "PDF" }).click();
  const download = await downloading;
  const text = pdfText(readFileSync((await download.path())!));
  expect(text).toContain("Zoë O'Brien-Łukasz");
  expect(text).toContain("has completed Forklift safety");
  await learnerContext.close();

  // A stranger opens the verification link.
  const certificate = await testDb().certificate.findFirstOrThrow({
    where: { organizationId: tenant.id, userId: learner.id, courseId: course.id },
  });
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(`${origin(tenant.subdomain)}/verify/${certificate.code}`);
  await expect(strangerPage.getByTestId("certificate-status")).toHaveText("Valid");
  await expect(strangerPage.getByText("Zoë O'Brien-Łukasz")).toBeVisible();
  await expect(strangerPage.getByText("Forklift safety")).toBeVisible();

  // The org admin revokes it from the certificates report, with a reason.
  await forgetSession(page);
  await signIn(page, tenant.subdomain, tenant.users.org_admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/reports/certificates`);
  const grid = page.getByRole("grid", { name: "Certificates" });
  await expect(grid.getByText(certificate.code)).toBeVisible();
  await page.getByRole("button", { name: "Revoke the certificate of Zoë O'Brien-Łukasz for Forklift safety" }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke this certificate?" });
  await dialog.getByLabel("Reason").fill("Issued to the wrong person");
  await dialog.getByRole("button", { name: "Revoke" }).click();
  await expect(dialog).toBeHidden();
  await expect(grid.getByText("Revoked")).toBeVisible();

  await strangerPage.reload();
  await expect(strangerPage.getByTestId("certificate-status")).toHaveText("Revoked");
  await stranger.close();
});
