import pg from "pg";
import { pgConfigFromUrl } from "../../server/database/pg-url";
import { rebuildEveryOrganization } from "../db/large/report-summaries";
import type { Row } from "./report";

// The reports' timed operation (every organization's summaries rebuilt from the base tables) and the
// comparison that matters: each report row of the 250,000-enrollment organization against the
// same row of the 25,000 one (at most 1.5× slower).

const RUNS = 2;
const CONNECTIONS = 2;

export interface RebuildResult {
  seconds: number[];
  organizations: number;
  enrollments: number;
}

/** A full rebuild of every organization, RUNS times, over CONNECTIONS connections (one transaction per organization). */
export async function measureReportRebuild(databaseUrl: string): Promise<RebuildResult> {
  const clients = Array.from({ length: CONNECTIONS }, () => new pg.Client(pgConfigFromUrl(databaseUrl)));
  try {
    for (const client of clients) await client.connect();
    const { rows } = await clients[0]!.query<{ n: string }>(`SELECT count(*) AS n FROM "Enrollment"`);
    const seconds: number[] = [];
    let organizations = 0;
    for (let run = 0; run < RUNS; run++) {
      const done = await rebuildEveryOrganization(clients);
      seconds.push(done.seconds);
      organizations = done.organizations;
    }
    // A rebuild deletes and inserts every summary row: vacuum them, or the rows measured next read the dead ones.
    await clients[0]!.query(
      `VACUUM (ANALYZE) "ReportCourseStats", "ReportCourseDay", "ReportLessonStats", "ReportLearnerStats", "ReportInstructorLearnerStats", "ReportGroupStats", "ReportState"`,
    );
    return { seconds, organizations, enrollments: Number(rows[0]!.n) };
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
}

export function reportRebuildTable(result: RebuildResult): string {
  const sorted = [...result.seconds].sort((a, b) => a - b);
  const slowest = sorted.at(-1)!;
  return [
    "| Operation | Runs | Fastest | Slowest | Target |",
    "|---|---:|---:|---:|---|",
    `| Every organization's report summaries rebuilt from scratch (${result.organizations} organizations, ${result.enrollments.toLocaleString("en-US")} enrollments; ${CONNECTIONS} connections) | ${sorted.length} | ${sorted[0]!.toFixed(2)} s | ${slowest.toFixed(2)} s | < 10 s: ${slowest < 10 ? "pass" : "**FAIL**"} |`,
  ].join("\n");
}

/** The 250,000-enrollment organization's p95 over the 25,000 one's, per report and role (target ≤ 1.5). */
export function reportScaleTable(rows: Row[]): string | null {
  const lines = [
    "| Report | Caller | p95 at 25,000 (ms) | p95 at 250,000 (ms) | 250,000 ÷ 25,000 | Target ≤ 1.5 |",
    "|---|---|---:|---:|---:|---|",
  ];
  let any = false;
  for (const small of rows.filter((r) => r.scenario.report?.size === "small")) {
    const { name, role } = small.scenario.report!;
    const large = rows.find(
      (r) => r.scenario.report?.size === "large" && r.scenario.report.name === name && r.scenario.report.role === role,
    );
    const a = small.app.measurement;
    const b = large?.app.measurement;
    if (!a || !b) continue;
    any = true;
    const ratio = b.p95 / a.p95;
    lines.push(
      `| ${name} | ${role === "admin" ? "org admin" : "instructor"} | ${a.p95.toFixed(1)} | ${b.p95.toFixed(1)} | ${ratio.toFixed(2)} | ${ratio <= 1.5 ? "pass" : "**FAIL**"} |`,
    );
  }
  return any ? lines.join("\n") : null;
}
