import { describe, expect, it } from "vitest";
import { medianMeasurement, type WebMeasurement } from "./lighthouse";
import { FLOOR_PAGE, WEB_PAGES } from "./pages";
import { webTable } from "./report";

const measurement = (over: Partial<WebMeasurement>): WebMeasurement => ({
  performance: 90,
  accessibility: 100,
  bestPractices: 96,
  lcpMs: 2000,
  tbtMs: 200,
  transferredBytes: 460 * 1024,
  scriptBytes: 286_000,
  scriptResourceBytes: 849_000,
  benchmarkIndex: 2000,
  ...over,
});

describe("medianMeasurement", () => {
  it("takes each figure's median on its own", () => {
    const m = medianMeasurement([
      measurement({ performance: 85, lcpMs: 1100, tbtMs: 608 }),
      measurement({ performance: 95, lcpMs: 3600, tbtMs: 149 }),
      measurement({ performance: 89, lcpMs: 1200, tbtMs: 239 }),
    ]);
    expect(m.performance).toBe(89);
    expect(m.lcpMs).toBe(1200);
    expect(m.tbtMs).toBe(239);
  });
});

describe("webTable", () => {
  const dashboard = WEB_PAGES.find((p) => p.key === "dashboard")!;
  const reports = WEB_PAGES.find((p) => p.key === "reports")!;

  it("holds each score against its page's and preset's target", () => {
    const table = webTable([
      { page: dashboard, preset: "mobile", median: measurement({ performance: 89 }) },
      { page: reports, preset: "desktop", median: measurement({ performance: 95, accessibility: 96 }) },
      { page: reports, preset: "mobile", median: measurement({ performance: 90, bestPractices: 94 }) },
    ]);
    const rows = table.split("\n");
    expect(rows[2]).toBe(
      "| `/dashboard` | learner | mobile | 89 (≥ 95: **FAIL**) | 100 (≥ 100: PASS) | 96 (≥ 95: PASS) | 2.0 s | 200 ms | 460 KiB | 286 KB / 849 KB |",
    );
    expect(rows[3]).toContain("| desktop | 95 (≥ 95: PASS) | 96 (≥ 100: **FAIL**) | 96 (≥ 95: PASS) |");
    expect(rows[4]).toContain("| mobile | 90 (≥ 90: PASS) | 100 (≥ 100: PASS) | 94 (≥ 95: **FAIL**) |");
  });

  it("prints the page floor's figures as a reference, without targets", () => {
    const table = webTable([{ page: FLOOR_PAGE, preset: "mobile", median: measurement({ performance: 88 }) }]);
    expect(table.split("\n")[2]).toBe(
      "| page floor (a minimal Next.js page) | nobody | mobile | 88 | 100 | 96 | 2.0 s | 200 ms | 460 KiB | 286 KB / 849 KB |",
    );
    expect(table).not.toContain("JavaScript on a cold load");
  });

  it("holds the dashboard's JavaScript against 200 KB and the reports page's against 400 KB, compressed", () => {
    const over = webTable([
      { page: dashboard, preset: "mobile", median: measurement({ scriptBytes: 200_400 }) },
      { page: reports, preset: "desktop", median: measurement({ scriptBytes: 399_000 }) },
      { page: reports, preset: "mobile", median: measurement({ scriptBytes: 399_000 }) },
    ]);
    expect(over).toContain("JavaScript on a cold load of `/dashboard`: 200 KB compressed (≤ 200 KB: **FAIL**).");
    expect(over).toContain("JavaScript on a cold load of `/admin/reports`: 399 KB compressed (≤ 400 KB: PASS).");
    expect(over.match(/JavaScript on a cold load of `\/admin\/reports`/g)).toHaveLength(1);
    const under = webTable([{ page: dashboard, preset: "mobile", median: measurement({ scriptBytes: 199_000 }) }]);
    expect(under).toContain("JavaScript on a cold load of `/dashboard`: 199 KB compressed (≤ 200 KB: PASS).");
  });

  it("holds the dashboard's HTML against 50 KB and every page's inline data against a repeated tree", () => {
    const tree = "x".repeat(300);
    const table = webTable(
      [],
      [
        { page: dashboard, html: { bytes: 50_600, repeatedTrees: [] } },
        { page: reports, html: { bytes: 81_000, repeatedTrees: [tree] } },
      ],
    );
    expect(table).toContain(
      "HTML of `/dashboard`: 51 KB (≤ 50 KB: **FAIL**) unpacked; no tree repeated in its inline data: PASS.",
    );
    expect(table).toContain(
      "HTML of `/admin/reports`: 81 KB unpacked; 1 tree repeated in its inline data (the largest 0 KB): **FAIL**.",
    );
  });
});
