import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import lighthouse, { desktopConfig, type Result } from "lighthouse";
import type { Page } from "puppeteer-core";
import type { Preset } from "./pages";

// One Lighthouse navigation of a page in the signed-in browser, reduced to the figures the table shows;
// and the median of several. Lighthouse clears the cache (a cold load) but not the cookies before each
// navigation, so every run is a first visit of a signed-in person.

export interface WebMeasurement {
  /** Category scores, 0–100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  /** Every response's bytes on the wire (headers and compressed bodies). */
  transferredBytes: number;
  /** The scripts' bytes on the wire, and their size once decompressed. */
  scriptBytes: number;
  scriptResourceBytes: number;
  /** Lighthouse's estimate of this machine's speed at the time (higher is faster). */
  benchmarkIndex: number;
}

interface NetworkRequestItem {
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

const CATEGORIES = ["performance", "accessibility", "best-practices"];

/** Runs Lighthouse once; keeps its whole report as JSON in `reportFile` for the diagnostics. */
export async function runLighthouse(
  page: Page,
  url: string,
  preset: Preset,
  reportFile: string,
): Promise<{ measured: WebMeasurement; lighthouseVersion: string }> {
  const flags = { output: "json" as const, logLevel: "error" as const, onlyCategories: CATEGORIES };
  const result = await lighthouse(url, flags, preset === "desktop" ? desktopConfig : undefined, page);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr;
  mkdirSync(path.dirname(reportFile), { recursive: true });
  writeFileSync(reportFile, JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A session that did not hold would measure the sign-in page instead.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}: not signed in?`);
  for (const warning of lhr.runWarnings) console.warn(`  Lighthouse warning: ${String(warning)}`);
  return { measured: measurementOf(lhr), lighthouseVersion: lhr.lighthouseVersion };
}

function measurementOf(lhr: Result): WebMeasurement {
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    if (value == null) throw new Error(`Lighthouse gave no ${id} score`);
    return Math.round(value * 100);
  };
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value == null) throw new Error(`Lighthouse gave no ${id} value`);
    return value;
  };
  const details = lhr.audits["network-requests"]?.details as { items?: NetworkRequestItem[] } | undefined;
  const scripts = (details?.items ?? []).filter((item) => item.resourceType === "Script");
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    transferredBytes: numeric("total-byte-weight"),
    scriptBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    scriptResourceBytes: scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Each figure's median over the runs, taken separately (the runs' spread is printed as they go). */
export function medianMeasurement(runs: WebMeasurement[]): WebMeasurement {
  const keys = Object.keys(runs[0]!) as (keyof WebMeasurement)[];
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as unknown as WebMeasurement;
}
