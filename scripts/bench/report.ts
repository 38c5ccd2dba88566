import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import type { LargeDatasetMarker } from "../db/large/database";
import type { PairResults, ScenarioResult } from "./measure-server";
import type { BenchOptions } from "./options";
import { PAGE_QUIET_CONNECTIONS, type Scenario } from "./scenarios";

// The result table (Markdown: readable in a terminal, pasted as is into docs/benchmarks.md) and the
// machine it ran on.

export const TARGETS = { minRatio: 0.5, maxP95Ms: 100 } as const;

export interface Row {
  scenario: Scenario;
  app: ScenarioResult;
  ceiling: ScenarioResult;
}

export interface Machine {
  cpus: number;
  cpuModel: string;
  memory: string;
  node: string;
  postgres: string;
  /** 1/5/15-minute load averages when the measurements started and when they ended. */
  loadAverage: { start: string; end: string };
  date: string;
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");

export function machineInfo(postgres: string, loadAtStart: string): Machine {
  let cpuModel = os.cpus()[0]?.model ?? "unknown";
  try {
    cpuModel = /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1] ?? cpuModel;
  } catch {
    // Not Linux: os.cpus() has it.
  }
  return {
    cpus: os.availableParallelism(),
    cpuModel,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    node: process.version,
    postgres,
    loadAverage: { start: loadAtStart, end: loadAverage() },
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
  };
}

/** Where the ceiling's JSON or SQL differs from the app's: then it would not be doing the same work. */
export function compareResults(pairs: PairResults, equal: (a: unknown, b: unknown) => boolean): string[] {
  const problems: string[] = [];
  for (const [key, { app, ceiling }] of pairs) {
    if (app.status !== 200 || ceiling.status !== 200) continue;
    if (!equal(app.sample, ceiling.sample)) problems.push(`${key}: the ceiling's JSON differs from the app's`);
    const missing = app.statements.filter((s) => !ceiling.statements.includes(s));
    const extra = ceiling.statements.filter((s) => !app.statements.includes(s));
    if (missing.length || extra.length || app.statements.length !== ceiling.statements.length) {
      problems.push(
        `${key}: the ceiling sends other SQL than the app (${app.statements.length} vs ${ceiling.statements.length} statements; ` +
          `first not in the ceiling: ${missing[0]?.slice(0, 160) ?? "–"}); run npm run bench -- --trace-sql and update the ceiling (scripts/bench/ceiling-*.ts)`,
      );
    }
  }
  return problems;
}

const ms = (value: number) => value.toFixed(1);

function verdict(row: Row): string {
  const app = row.app.measurement;
  const ceiling = row.ceiling.measurement;
  if (!app) return `not measured (app HTTP ${row.app.status})`;
  if (!ceiling) return `not measured (${row.scenario.page ? "page floor" : "ceiling"} HTTP ${row.ceiling.status})`;
  if (row.scenario.reference) return "reference";
  const targets = row.scenario.targets ?? { ...TARGETS, minRps: 0 };
  // Where a row has a latency a class sees (a page at PAGE_QUIET_CONNECTIONS, quiz submissions at the class's
  // pace), its latency target is judged there and its ratio at full load.
  const latency = row.app.quiet === undefined ? app : row.app.quiet;
  const where = latencyWhere(row);
  const misses = [];
  if (app.rps < targets.minRps) misses.push(`< ${targets.minRps.toLocaleString("en-US")} req/s`);
  if (app.rps / ceiling.rps < targets.minRatio) misses.push(`ratio < ${targets.minRatio}`);
  if (!latency || latency.p95 >= targets.maxP95Ms) misses.push(`p95${where} ≥ ${targets.maxP95Ms} ms`);
  const failures = app.failures + ceiling.failures + (row.app.quiet?.failures ?? 0);
  if (failures) misses.push(`${failures} failed requests`);
  if (misses.length) return `**FAIL** (${misses.join(", ")})`;
  // An API row judged elsewhere than its own columns says the figure it was judged by.
  return !row.scenario.page && row.app.quiet ? `pass (p95 ${ms(row.app.quiet.p95)} ms${where})` : "pass";
}

function latencyWhere(row: Row): string {
  if (row.scenario.page) return ` at ${PAGE_QUIET_CONNECTIONS} connections`;
  return row.scenario.latencyAt ? ` ${row.scenario.latencyAt}` : "";
}

/**
 * "Floor allows": the app's throughput on a route that does no work, over the ceiling's on this request.
 * No app request can beat its framework's empty route, so no ratio can exceed this one.
 */
export function printTable(rows: Row[]): string {
  const floor = rows.find((r) => r.scenario.reference)?.app.measurement;
  const lines = [
    "| Request | App req/s | App p50 / p95 / p99 (ms) | Ceiling req/s | Ceiling p50 / p95 / p99 (ms) | Ratio | Floor allows | Result |",
    "|---|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const row of rows) {
    const a = row.app.measurement;
    const c = row.ceiling.measurement;
    const ratio = a && c ? (a.rps / c.rps).toFixed(2) : "–";
    const allowed =
      floor && c && !row.scenario.reference && !row.scenario.outsideNext
        ? Math.min(1, floor.rps / c.rps).toFixed(2)
        : "–";
    lines.push(
      `| \`${row.scenario.label}\` | ${a ? a.rps.toFixed(0) : "–"} | ${a ? `${ms(a.p50)} / ${ms(a.p95)} / ${ms(a.p99)}` : "–"} | ` +
        `${c ? c.rps.toFixed(0) : "–"} | ${c ? `${ms(c.p50)} / ${ms(c.p95)} / ${ms(c.p99)}` : "–"} | ${ratio} | ${allowed} | ${verdict(row)} |`,
    );
  }
  return lines.join("\n");
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * The page rows: each against the page floor measured beside it (the ratio of pages per second at the run's
 * connections), its p95 at PAGE_QUIET_CONNECTIONS, and its HTML as sent and unpacked.
 */
export function printPageTable(rows: Row[], connections: number): string {
  const lines = [
    `| Page | Pages/s at ${connections} | p50 / p95 at ${connections} (ms) | Page floor pages/s | Ratio | p95 at ${PAGE_QUIET_CONNECTIONS} (ms) | HTML sent / unpacked (KB) | Result |`,
    "|---|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const row of rows) {
    const a = row.app.measurement;
    const f = row.ceiling.measurement;
    const html = row.app.html;
    lines.push(
      `| ${row.scenario.label} | ${a ? a.rps.toFixed(0) : "–"} | ${a ? `${ms(a.p50)} / ${ms(a.p95)}` : "–"} | ${f ? f.rps.toFixed(0) : "–"} | ` +
        `${a && f ? (a.rps / f.rps).toFixed(2) : "–"} | ${row.app.quiet ? ms(row.app.quiet.p95) : "–"} | ` +
        `${html ? `${kb(html.wireBytes)} ${html.encoding ?? "plain"} / ${kb(html.bytes)}` : "–"} | ${verdict(row)} |`,
    );
  }
  return lines.join("\n");
}

const START = "<!-- bench:results:start -->";
const END = "<!-- bench:results:end -->";
const DOC = "docs/benchmarks.md";

/** Replaces the generated section of docs/benchmarks.md (the prose around it is kept). */
export function writeBenchmarksDoc(run: {
  table: string;
  machine: Machine;
  marker: LargeDatasetMarker;
  options: BenchOptions;
  mismatches: string[];
  pool: number;
}): void {
  const { machine, marker, options } = run;
  const rows = marker.rows;
  const count = (table: string) => (rows[table] ?? 0).toLocaleString("en-US");
  const section = [
    START,
    `_Written by \`npm run bench\` on ${machine.date}._`,
    "",
    `- Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memory} RAM; load average (1/5/15 min) ${machine.loadAverage.start} when the measurements started, ${machine.loadAverage.end} when they ended`,
    `- Software: Node ${machine.node}, PostgreSQL ${machine.postgres}`,
    `- Dataset: ${count("Organization")} organizations, ${count("User")} users, ${count("Course")} courses, ${count("Module")} modules, ` +
      `${count("Lesson")} lessons, ${count("Enrollment")} enrollments, ${count("LessonProgress")} lesson progress rows (seeded ${marker.seededAt} in ${marker.seconds.toFixed(1)} s)`,
    `- Load: autocannon, ${options.connections} connections (the commits: 64); per request ${options.warmup} s warm-up on each server, then ${options.seconds} s measured per server, ` +
      "in two halves ordered app, ceiling, ceiling, app",
    `- Pool: ${run.pool} connections (\`DB_POOL_MAX\`) in the app and in each ceiling`,
    "",
    run.table,
    ...(run.mismatches.length ? ["", ...run.mismatches.map((m) => `- ⚠ ${m}`)] : []),
    END,
  ].join("\n");
  writeDocSection({ start: START, end: END, heading: "Latest results" }, section);
}

/**
 * Replaces a generated section of docs/benchmarks.md, from its start marker to its end marker, with
 * `section` (which begins and ends with those markers); the prose around it is kept. A section not in the
 * document yet is appended under `heading`.
 */
export function writeDocSection(markers: { start: string; end: string; heading: string }, section: string): void {
  const current = existsSync(DOC) ? readFileSync(DOC, "utf8") : "# Benchmarks\n";
  const start = current.indexOf(markers.start);
  const end = current.indexOf(markers.end);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + section + current.slice(end + markers.end.length)
      : `${current.trimEnd()}\n\n## ${markers.heading}\n\n${section}\n`;
  writeFileSync(DOC, next);
  console.log(`Results written to ${DOC}.`);
}
