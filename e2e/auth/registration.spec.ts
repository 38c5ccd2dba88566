import { expect, test } from "@playwright/test";
import { createTenant, uniqueName } from "@/test/factories";
import { origin, waitForForm } from "../support";

test("a new organization signs up on the apex, then its admin signs in on the new subdomain", async ({ page }) => {
  const subdomain = uniqueName("signup");
  const email = `${uniqueName("founder")}@example.test`;
  await page.goto(`${origin(null)}/signup`);
  await waitForForm(page, "Create organization");
  const form = page.getByRole("form", { name: "Create an organization" });
  await form.getByLabel("Organization name").fill("Signup Test Org");
  await form.getByLabel("Subdomain").fill(subdomain);
  await form.getByLabel("First name").fill("Fiona");
  await form.getByLabel("Last name").fill("Founder");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill("founder-password");
  await form.getByRole("button", { name: "Create organization" }).click();

  await expect(page).toHaveURL(new RegExp(`^${origin(subdomain)}/login\\?registered=1`));
  await waitForForm(page, "Sign in");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("Password").fill("founder-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${origin(subdomain)}/dashboard`);
  await expect(page.getByRole("button", { name: /Account menu for Fiona Founder/ })).toContainText("Admin");
});

test("a reserved subdomain is refused on the form with a clear message", async ({ page }) => {
  await page.goto(`${origin(null)}/signup`);
  await waitForForm(page, "Create organization");
  const form = page.getByRole("form", { name: "Create an organization" });
  await form.getByLabel("Subdomain").fill("admin");
  await form.getByRole("button", { name: "Create organization" }).click();
  await expect(form.getByText("The subdomain 'admin' is reserved; please choose another")).toBeVisible();
});

test("a learner registers on an organization that allows it and lands on the dashboard", async ({ page }) => {
  const tenant = await createTenant({ allowSelfRegistration: true });
  await page.goto(`${origin(tenant.subdomain)}/register`);
  await waitForForm(page, "Create account");
  const form = page.getByRole("form", { name: "Create an account" });
  await form.getByLabel("First name").fill("Remy");
  await form.getByLabel("Last name").fill("Registrant");
  await form.getByLabel("Email").fill(`${uniqueName("remy")}@example.test`);
  await form.getByLabel("Password").fill("remy-password");
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(`${origin(tenant.subdomain)}/dashboard`);
  await expect(page.getByRole("heading", { name: "Welcome, Remy" })).toBeVisible();
});

test("the sign-in page offers registration only where it leads somewhere", async ({ page }) => {
  const open = await createTenant({ allowSelfRegistration: true });
  await page.goto(`${origin(open.subdomain)}/login`);
  await waitForForm(page, "Sign in");
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/register");

  const closed = await createTenant({ allowSelfRegistration: false });
  await page.goto(`${origin(closed.subdomain)}/login`);
  await waitForForm(page, "Sign in");
  await expect(page.getByRole("link", { name: "Forgot password?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveCount(0);

  await page.goto(`${origin(null)}/login`);
  await waitForForm(page, "Sign in");
  await expect(page.getByRole("link", { name: "Create an organization" })).toHaveAttribute("href", "/signup");
});
