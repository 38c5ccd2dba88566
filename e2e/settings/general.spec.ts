import { expect, test, type Locator } from "@playwright/test";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { seriousAxeViolations } from "../accessibility";
import { forgetSession, origin, signIn } from "../support";

// System Settings → General, drawn without MUI (docs/architecture.md "Styles"): its switches, select and
// number field keep their roles and labels, save their own section, and show the server's refusals.

let tenant: TestTenant;
test.beforeAll(async () => {
  tenant = await createTenant();
});
test.afterAll(() => testDb().$disconnect());

/** A section's Save turns enabled once React has hydrated its form. */
const waitForSave = (form: Locator) =>
  expect(form.getByRole("button", { name: "Save" })).toBeEnabled({ timeout: 30_000 });

test("an admin changes self-registration and the session lifetime, each section saved on its own", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.admin);
  await page.goto(`${origin(tenant.subdomain)}/admin/settings`);
  const registration = page.getByRole("form", { name: "Self-registration" });
  await waitForSave(registration);
  await expect(page.getByRole("tab", { name: "General" })).toHaveAttribute("aria-selected", "true");
  expect(await seriousAxeViolations(page)).toEqual([]);

  const anyone = registration.getByRole("switch", { name: "Anyone may register" });
  await expect(anyone).toBeChecked();
  await anyone.uncheck();
  const role = registration.getByRole("combobox", { name: "Role of a new account" });
  await expect(role).toHaveValue("learner");
  await role.selectOption({ label: "Instructor" });
  await registration.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved. It applies from the next page or request.")).toBeVisible();

  const sessions = page.getByRole("form", { name: "Sessions" });
  const lifetime = sessions.getByRole("spinbutton", { name: "Session lifetime (hours)" });
  await lifetime.fill("0");
  await sessions.getByRole("button", { name: "Save" }).click();
  await expect(sessions.getByText("Session lifetime must be at least 1 hour")).toBeVisible();
  await expect(lifetime).toHaveAttribute("aria-invalid", "true");
  await lifetime.fill("24");
  await sessions.getByRole("button", { name: "Save" }).click();
  await expect(lifetime).toHaveAttribute("aria-invalid", "false");

  const courses = page.getByRole("form", { name: "Default course settings" });
  await courses.getByRole("switch", { name: "Learners may retake a completed SCORM lesson" }).check();
  await courses.getByRole("button", { name: "Save" }).click();

  await expect
    .poll(async () => (await testDb().organization.findUniqueOrThrow({ where: { id: tenant.id } })).settings)
    .toMatchObject({
      allowSelfRegistration: false,
      selfRegistrationRole: "instructor",
      sessionLifetimeHours: 24,
      courseDefaults: { allowRetakes: true },
    });
  await page.reload();
  await waitForSave(page.getByRole("form", { name: "Self-registration" }));
  await expect(page.getByRole("switch", { name: "Anyone may register" })).not.toBeChecked();
  await expect(page.getByRole("combobox", { name: "Role of a new account" })).toHaveValue("instructor");
  await expect(page.getByRole("spinbutton", { name: "Session lifetime (hours)" })).toHaveValue("24");
  await expect(page.getByRole("switch", { name: "Learners may retake a completed SCORM lesson" })).toBeChecked();
});

test("the General section's page carries no runtime styles, for an admin or a reader", async ({ page }) => {
  for (const user of [tenant.users.admin, tenant.users.instructor]) {
    await forgetSession(page);
    await signIn(page, tenant.subdomain, user);
    const answer = await page.goto(`${origin(tenant.subdomain)}/admin/settings`);
    const html = await answer!.text();
    expect(html).toContain("System Settings");
    expect(html).not.toContain("data-emotion");
    expect(html).not.toMatch(/class="[^"]*Mui/);
  }
  await expect(page.getByTestId("read-only-notice")).toContainText("Read-only");
});
