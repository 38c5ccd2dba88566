import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

const SERIOUS = new Set(["serious", "critical"]);
const IMPACTS = ["minor", "moderate", "serious", "critical"];

interface AxeAudit {
  rules: { id: string; impact?: string; enabled?: boolean; any: unknown[]; all: unknown[]; none: unknown[] }[];
  data: { checks: Record<string, { impact?: string } | undefined> };
}

/**
 * The rules that can never report a serious or critical violation, so the scan below, which keeps only those,
 * need not run them (`region` alone walks the whole page). A violation's impact is the rule's own when it
 * declares one, else the highest of its failed checks': a rule whose every possible impact is below serious
 * only costs time. Read from the copy of axe-core that @axe-core/playwright injects; should its shape change,
 * every rule runs.
 */
const rulesBelowSerious: string[] = (() => {
  try {
    const fromAxeBuilder = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
    const audit = (fromAxeBuilder("axe-core") as { _audit?: AxeAudit })._audit;
    if (!audit?.rules.length) return [];
    const rank = (impact: string | undefined) => (impact ? IMPACTS.indexOf(impact) : -1);
    return audit.rules
      .filter((rule) => {
        if (rule.impact) return !SERIOUS.has(rule.impact);
        const checks = [...rule.any, ...rule.all, ...rule.none].map((check) =>
          typeof check === "string" ? check : (check as { id: string }).id,
        );
        const highest = Math.max(...checks.map((id) => rank(audit.data.checks[id]?.impact)));
        // A check without a known impact could be anything: the rule runs.
        return checks.length > 0 && checks.every((id) => audit.data.checks[id]?.impact) && highest < 2;
      })
      .map((rule) => rule.id);
  } catch {
    return [];
  }
})();

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
  const axe = new AxeBuilder({ page }).disableRules(rulesBelowSerious);
  // A page without frames is scanned in one axe.run: the default (a partial run per frame, merged in a blank
  // page of its own) is there to reach cross-origin frames, and takes twice as long. Pages with frames (a
  // SCORM lesson's content host, an authored embed) keep it, so their frames are still scanned.
  if (page.frames().length === 1) axe.setLegacyMode(true);
  const results = await (narrow ? narrow(axe) : axe).analyze();
  return results.violations
    .filter((v) => SERIOUS.has(v.impact ?? ""))
    .map(
      (v) =>
        `${withUrl ? `${page.url()} ` : ""}${v.id}: ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(" "))
          .join(", ")}`,
    );
}
