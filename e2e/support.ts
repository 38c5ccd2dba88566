import { expect, type Page } from "@playwright/test";
import type { TestUser } from "@/test/factories";

export const port = () => Number(process.env.TEST_PORT ?? 3100);

/** The origin of a tenant (or of the apex, for null): Chromium resolves *.localhost to loopback. */
export const origin = (subdomain: string | null) => `http://${subdomain ? `${subdomain}.` : ""}localhost:${port()}`;

/** Signs in through the real form, as a person would. */
export async function signInWithForm(page: Page, subdomain: string | null, user: TestUser): Promise<void> {
  await page.goto(`${origin(subdomain)}/login`);
  await waitForForm(page, "Sign in");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Waits until a form is hydrated (its submit button turns enabled): typing into the server-rendered
 * inputs before that would be reset by React, as it would for a very quick person.
 */
export async function waitForForm(page: Page, submitLabel: string): Promise<void> {
  await expect(page.getByRole("button", { name: submitLabel })).toBeEnabled({ timeout: 30_000 });
}

/**
 * Picks `name` in a picker that searches the server as one types (components/forms/search-select.tsx).
 * It first waits for the picker's list to open on a click, which needs React: text typed into the
 * server-rendered input before that would be reset.
 */
export async function pickSearchedOption(page: Page, label: string, name: string): Promise<void> {
  const picker = page.getByRole("combobox", { name: label });
  await picker.click();
  await expect(page.getByRole("listbox", { name: label }).getByRole("option").first()).toBeVisible();
  await picker.fill(name);
  await page.getByRole("option", { name, exact: true }).click();
  await expect(picker).toHaveValue(name);
}
