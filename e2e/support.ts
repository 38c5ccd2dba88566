import { expect, type Locator, type Page, type Route } from "@playwright/test";
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

/** A document of the origin that the test answers itself, so no page of the app is rendered for it. */
const BLANK_DOCUMENT = "<!doctype html><title>Signing in</title>";

/**
 * Signs in through the same next-auth endpoints the form posts to, from the browser, without rendering
 * the sign-in page and the landing page: for tests about what comes after signing in (the form has its
 * own tests in e2e/auth). Node cannot resolve *.localhost, so the requests go from a page of the origin:
 * a blank one the test serves (JSON answers forbid scripts any connection by their Content-Security-Policy,
 * and an app page costs a render and its scripts, a second of the two shared cores per sign-in).
 */
export async function signIn(
  page: Page,
  subdomain: string | null,
  user: Pick<TestUser, "email" | "password">,
): Promise<void> {
  const blank = `${origin(subdomain)}/e2e-sign-in`;
  const serveBlank = (route: Route) => route.fulfill({ contentType: "text/html", body: BLANK_DOCUMENT });
  await page.route(blank, serveBlank);
  try {
    await page.goto(blank);
  } finally {
    await page.unroute(blank, serveBlank);
  }
  const status = await page.evaluate(
    async ({ email, password }) => {
      const { csrfToken } = (await (await fetch("/api/auth/csrf")).json()) as { csrfToken: string };
      const form = new URLSearchParams({ email, password, csrfToken, json: "true" });
      const answer = await fetch("/api/auth/callback/credentials", { method: "POST", body: form, redirect: "manual" });
      return answer.status;
    },
    { email: user.email, password: user.password },
  );
  const cookies = await page.context().cookies(origin(subdomain));
  expect(
    cookies.some((c) => c.name.endsWith("next-auth.session-token")),
    `signed in as ${user.email} (${status})`,
  ).toBe(true);
}

/**
 * Forgets the browser's session. The app's page is left first: a script of it still running (a poll
 * answered 401 once the cookie is gone) would go to the sign-in page and abort the test's next navigation.
 */
export async function forgetSession(page: Page): Promise<void> {
  await page.goto("about:blank");
  await page.context().clearCookies();
}

/**
 * Waits until a form is hydrated (its submit button turns enabled): typing into the server-rendered
 * inputs before that would be reset by React, as it would for a very quick person.
 */
export async function waitForForm(page: Page, submitLabel: string): Promise<void> {
  // Exact: a page may hold other buttons that start the same way ("Save certificate settings", "Sign in with …").
  await expect(page.getByRole("button", { name: submitLabel, exact: true })).toBeEnabled({ timeout: 30_000 });
}

/**
 * Waits until the app shell is hydrated: the top bar's colour mode switch is enabled once React runs it.
 * Hovering or clicking the server's HTML before that does nothing, as it would for a very quick person.
 */
export async function waitForShell(page: Page): Promise<void> {
  await expect(page.getByRole("button", { name: /^Switch to (dark|light) mode$/ })).toBeEnabled({ timeout: 30_000 });
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

/**
 * Types `text` into a picker of many that searches the server as one types (components/forms/search-multi-select.tsx)
 * and picks the option named `option` once every offer matches the text: until the server answers, the offers
 * of the text before stay, and one of them can move under the pointer as the list changes.
 */
export async function pickFromSearch(field: Locator, text: string, option: RegExp): Promise<void> {
  const page = field.page();
  await field.fill(text);
  await expect(page.getByRole("option").filter({ hasNotText: text })).toHaveCount(0);
  await page.getByRole("option", { name: option }).click();
}

/**
 * No column of a Data Grid is clipped (docs/ui.md "No table clips a column at 1280 px or wider"): every
 * header ends inside the grid's box. Returns the headers' names, in order, for the caller to check.
 */
export async function expectNoClippedColumns(grid: Locator): Promise<string[]> {
  await expect(grid.getByRole("columnheader").first()).toBeVisible();
  const box = (await grid.boundingBox())!;
  const headers = await grid
    .getByRole("columnheader")
    .evaluateAll((cells) =>
      cells.map((cell) => ({ name: cell.textContent?.trim() ?? "", right: cell.getBoundingClientRect().right })),
    );
  for (const header of headers)
    expect(header.right, `${header.name} ends inside the grid`).toBeLessThanOrEqual(box.x + box.width);
  return headers.map((header) => header.name);
}
