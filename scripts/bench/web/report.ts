import { writeDocSection, type Machine } from "../report";
import type { HtmlFigures } from "./html";
import type { WebMeasurement } from "./lighthouse";
import { RUNS, scoreTargets, type Preset, type WebPage } from "./pages";

// The Lighthouse table (Markdown: printed, and written into its own section of docs/benchmarks.md).

export interface WebRow {
  page: WebPage;
  preset: Preset;
  median: WebMeasurement;
}

const verdict = (pass: boolean) => (pass ? "PASS" : "**FAIL**");
const score = (value: number, target: number) => `${value} (≥ ${target}: ${verdict(value >= target)})`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} KB`;

export interface HtmlRow {
  page: WebPage;
  html: HtmlFigures;
}

export function webTable(rows: WebRow[], htmlRows: HtmlRow[] = []): string {
  const lines = [
    "| Page | Signed in as | Preset | Performance | Accessibility | Best practices | LCP | TBT | Transferred | JavaScript (compressed / decoded) |",
    "|---|---|---|---|---|---|---:|---:|---:|---:|",
  ];
  for (const { page, preset, median: m } of rows) {
    const targets = page.reference ? null : scoreTargets(page.viewer, preset);
    const figure = (value: number, target: number | undefined) =>
      target === undefined ? String(value) : score(value, target);
    lines.push(
      `| ${page.reference ? page.label : `\`${page.label}\``} | ${page.viewer} | ${preset} | ` +
        `${figure(m.performance, targets?.performance)} | ${figure(m.accessibility, targets?.accessibility)} | ` +
        `${figure(m.bestPractices, targets?.bestPractices)} | ` +
        `${(m.lcpMs / 1000).toFixed(1)} s | ${m.tbtMs.toFixed(0)} ms | ${kib(m.transferredBytes)} | ` +
        `${kb(m.scriptBytes)} / ${kb(m.scriptResourceBytes)} |`,
    );
  }
  const judged = new Set<string>();
  for (const { page, median } of rows) {
    // One line per page: the bytes a cold load transfers do not depend on the preset.
    const max = page.scriptMaxBytes;
    if (max === undefined || judged.has(page.key)) continue;
    judged.add(page.key);
    const bytes = median.scriptBytes;
    lines.push(
      "",
      `JavaScript on a cold load of \`${page.label}\`: ${kb(bytes)} compressed (≤ ${kb(max)}: ${verdict(bytes <= max)}).`,
    );
  }
  for (const { page, html } of htmlRows) {
    const max = page.htmlMaxBytes;
    const size = max === undefined ? kb(html.bytes) : `${kb(html.bytes)} (≤ ${kb(max)}: ${verdict(html.bytes <= max)})`;
    const repeats =
      html.repeatedTrees.length === 0
        ? "no tree repeated in its inline data: PASS"
        : `${html.repeatedTrees.length} ${html.repeatedTrees.length === 1 ? "tree" : "trees"} repeated in its inline data (the largest ${kb(html.repeatedTrees[0]!.length)}): **FAIL**`;
    lines.push("", `HTML of \`${page.label}\`: ${size} unpacked; ${repeats}.`);
  }
  return lines.join("\n");
}

const START = "<!-- bench:web:start -->";
const END = "<!-- bench:web:end -->";

export function writeWebSection(run: {
  table: string;
  machine: Machine;
  lighthouse: string;
  chromium: string;
  benchmarkIndex: number;
}): void {
  const { machine } = run;
  const section = [
    START,
    `_Written by \`npm run bench:web\` on ${machine.date}._`,
    "",
    `- Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memory} RAM; load average (1/5/15 min) ${machine.loadAverage.start} when the runs started, ${machine.loadAverage.end} when they ended; ` +
      `Lighthouse's benchmark index ${run.benchmarkIndex.toFixed(0)} (the median of its runs; higher is faster)`,
    `- Software: Node ${machine.node}, PostgreSQL ${machine.postgres}, Lighthouse ${run.lighthouse}, ${run.chromium}`,
    "- App: the production build (`next build`) served as `npm start` serves it, on a fresh database with the demo data; " +
      "signed in through the app's sign-in endpoints (the browser's own session cookie) as the demo learner or admin of Acme",
    `- Each figure is the median of ${RUNS} cold loads (Lighthouse clears the cache, not the cookies). Mobile: Lighthouse's default ` +
      "preset (a mid-range phone, simulated slow 4G, 4× CPU slowdown); desktop: its desktop preset. LCP and TBT are Lighthouse's " +
      "simulated values, so the machine's load reaches them through the measured CPU time",
    "",
    run.table,
    END,
  ].join("\n");
  writeDocSection({ start: START, end: END, heading: "What the browser does (Lighthouse)" }, section);
}
