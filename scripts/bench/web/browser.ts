import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { ensureChromium } from "../../lib/chromium";

// The Chromium `npm test` drives (found, or installed when there is none), driven here by Lighthouse
// through Puppeteer; signed in through the app's own next-auth endpoints, so the browser holds the session
// cookie the app set, as a person's would.

export async function launchBrowser(): Promise<{ browser: Browser; page: Page }> {
  const executablePath = await ensureChromium();
  const browser = await puppeteer.launch({
    executablePath,
    headless: "shell",
    // Lighthouse sets the screen of each preset itself.
    defaultViewport: null,
    // Chromium refuses to start its sandbox as root (containers, CI).
    args: process.getuid?.() === 0 ? ["--no-sandbox"] : [],
  });
  return { browser, page: await browser.newPage() };
}

/**
 * Signs in as `email` on `origin`, replacing any session the browser held there. The requests go from a
 * light page of the origin, as the e2e tests' signIn does (e2e/support.ts).
 */
export async function signIn(page: Page, origin: string, email: string, password: string): Promise<void> {
  const browser = page.browser();
  // Else a failed sign-in would go unnoticed behind the previous session.
  await browser.deleteCookie(...(await browser.cookies()));
  await page.goto(`${origin}/unauthorized`);
  const status = await page.evaluate(
    async (email: string, password: string) => {
      const { csrfToken } = (await (await fetch("/api/auth/csrf")).json()) as { csrfToken: string };
      const form = new URLSearchParams({ email, password, csrfToken, json: "true" });
      const answer = await fetch("/api/auth/callback/credentials", { method: "POST", body: form, redirect: "manual" });
      return answer.status;
    },
    email,
    password,
  );
  const cookies = await browser.cookies();
  const host = new URL(origin).hostname;
  if (!cookies.some((c) => c.domain === host && c.name.endsWith("next-auth.session-token")))
    throw new Error(`Sign-in as ${email} on ${origin} failed (HTTP ${status})`);
}
