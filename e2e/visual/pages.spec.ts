import { expect, test as base, type Browser, type Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_SUPERADMIN, demoEmail } from "@/prisma/seed/demo-data";
import { origin, signIn } from "../support";
import { fillPath, loadDemoRecords, type DemoRecords } from "./demo-records";
import { VISUAL_PAGES, type Audience, type Host, type Scheme } from "./pages";

// Screenshots of every page of pages.ts against the committed baselines (screenshots/), on the demo data
// served by scripts/visual/visual-app.ts. Run through `npm run test:visual` (or npm test), which starts that
// app and sets the environment read here. docs/visual-tests.md: what it covers, updating the baselines.

const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the visual suite through npm run test:visual`);
  return value;
}

const test = base.extend<object, { records: DemoRecords; pageFor: (audience: Audience) => Promise<Page> }>({
  records: [async ({}, use) => use(await loadDemoRecords(required("VISUAL_DATABASE_URL"))), { scope: "worker" }],
  // One browser context per audience and worker, signed in on first use and reused by all its pages.
  pageFor: [
    async ({ browser }, use) => {
      const pages = new Map<Audience, Promise<Page>>();
      await use((audience) => {
        let page = pages.get(audience);
        if (!page) pages.set(audience, (page = openAudiencePage(browser, audience)));
        return page;
      });
      for (const page of pages.values()) await (await page).context().close();
    },
    { scope: "worker" },
  ],
});

async function openAudiencePage(browser: Browser, audience: Audience): Promise<Page> {
  const context = await browser.newContext({ viewport: SIZES.desktop, timezoneId: "UTC", locale: "en-GB" });
  // The colour scheme as a person picks it (the top bar's switch stores it under `mui-mode`), taken from
  // the emulated media so that each test can choose it with page.emulateMedia, whatever the host.
  await context.addInitScript(() => {
    try {
      localStorage.setItem("mui-mode", matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
    } catch {
      // about:blank and other opaque origins have no storage, and no page to colour.
    }
  });
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date(required("VISUAL_NOW")));
  if (audience === "superadmin") await signIn(page, null, { email: DEMO_SUPERADMIN.email, password: DEMO_PASSWORD });
  else if (audience !== "visitor")
    await signIn(page, "acme", { email: demoEmail(audience.replace("_", ""), "acme"), password: DEMO_PASSWORD });
  return page;
}

/** Waits until the page shows what it will show: its data requests answered and its fonts loaded. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready);
}

/** admin/admin-courses-course-desktop-light.png: a folder per audience, the path as the file's name. */
function screenshotName(audience: Audience, host: Host, path: string, size: keyof typeof SIZES, scheme: Scheme) {
  const slug = path.replace(/[{}]/g, "").split("/").filter(Boolean).join("-") || "home";
  // Visitors see both hosts: the apex's pages are told apart.
  const prefix = audience === "visitor" && host === "apex" ? "apex-" : "";
  return [audience, `${prefix}${slug}-${size}-${scheme}.png`];
}

for (const { audience, host, path, schemes, masks } of VISUAL_PAGES) {
  for (const scheme of schemes) {
    test(`${audience}: ${host === "apex" ? "apex " : ""}${path} (${scheme})`, async ({ pageFor, records }) => {
      const page = await pageFor(audience);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(SIZES.desktop);
      await page.goto(`${origin(host === "apex" ? null : "acme")}${fillPath(path, records)}`);
      await settle(page);
      const mask = masks.map((selector) => page.locator(selector));
      await expect.soft(page).toHaveScreenshot(screenshotName(audience, host, path, "desktop", scheme), { mask });
      // The same page narrowed to a phone's width: its layout follows (media queries, the side navigation's
      // drawer) without a second load.
      await page.setViewportSize(SIZES.phone);
      await expect.soft(page).toHaveScreenshot(screenshotName(audience, host, path, "phone", scheme), { mask });
    });
  }
}
