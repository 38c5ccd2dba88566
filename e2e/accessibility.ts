import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * Lets the page's finite animations and transitions end. A button that was just enabled fades from grey
 * to its colour over MUI's 250 ms: axe reads its contrast mid-fade and reports a violation that no user
 * sees. Endless ones (spinners, skeleton pulses) are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The serious and critical axe violations on the page as it stands, one line per rule with the elements it
 * names (and the page's address when `withUrl`). `narrow` limits the scan, e.g. to a sample of a long page.
 */
export async function seriousAxeViolations(
  page: Page,
  { narrow, withUrl = false }: { narrow?: (axe: AxeBuilder) => AxeBuilder; withUrl?: boolean } = {},
): Promise<string[]> {
  await settleAnimations(page);
  const axe = new AxeBuilder({ page });
  const results = await (narrow ? narrow(axe) : axe).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${withUrl ? `${page.url()} ` : ""}${v.id}: ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(" "))
          .join(", ")}`,
    );
}
