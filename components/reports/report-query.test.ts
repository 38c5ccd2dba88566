import { describe, expect, it } from "vitest";
import { readReportFilters, reportHref, reportQuery } from "./report-query";

describe("report filters in the address", () => {
  it("reads only the shared filters, skipping empty ones, from either kind of source", () => {
    const search = new URLSearchParams("from=2026-01-01&to=&course_id=c1&page=3&q=x&status=completed");
    expect(readReportFilters(search)).toEqual({ from: "2026-01-01", course_id: "c1", status: "completed" });
    expect(
      readReportFilters({ group_id: ["g1", "g2"], category_id: " ", organization_id: "o1", sort: "name" }),
    ).toEqual({ group_id: "g1", organization_id: "o1" });
  });

  it("writes a query string with extra parameters, or nothing at all", () => {
    expect(reportQuery({ from: "2026-01-01", group_id: "g1" }, { page: 2, q: "", sort: "title" })).toBe(
      "?from=2026-01-01&group_id=g1&page=2&sort=title",
    );
    expect(reportQuery({})).toBe("");
  });

  it("keeps the filters on links between report pages, dropping the ones asked", () => {
    expect(reportHref("/admin/reports/courses/c1", { course_id: "c9", from: "2026-02-01" }, ["course_id"])).toBe(
      "/admin/reports/courses/c1?from=2026-02-01",
    );
    expect(reportHref("/admin/reports", {})).toBe("/admin/reports");
  });
});
