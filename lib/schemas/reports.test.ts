import { describe, expect, it } from "vitest";
import { completionRate, courseReportQuerySchema, reportDetailQuerySchema } from "@/lib/schemas/reports";

describe("completionRate", () => {
  it("rounds to a whole percent: 1 of 3 → 33, 2 of 3 → 67, 0 of 0 → 0", () => {
    expect(completionRate(1, 3)).toBe(33);
    expect(completionRate(2, 3)).toBe(67);
    expect(completionRate(0, 0)).toBe(0);
    expect(completionRate(1, 8)).toBe(13);
    expect(completionRate(5, 5)).toBe(100);
  });
});

describe("report filters", () => {
  it("take days from 1900-01-01 to 2099-12-31, from not after to", () => {
    expect(reportDetailQuerySchema.safeParse({ from: "1900-01-01", to: "2099-12-31" }).success).toBe(true);
    expect(reportDetailQuerySchema.safeParse({ from: "1899-12-31" }).success).toBe(false);
    expect(reportDetailQuerySchema.safeParse({ to: "2100-01-01" }).success).toBe(false);
    expect(reportDetailQuerySchema.safeParse({ from: "2026-02-30" }).success).toBe(false);
    expect(reportDetailQuerySchema.safeParse({ from: "2026-11-25T00:00:00Z" }).success).toBe(false);
    expect(reportDetailQuerySchema.safeParse({ from: "2026-11-26", to: "2026-11-25" }).success).toBe(false);
    expect(reportDetailQuerySchema.safeParse({ status: "finished" }).success).toBe(false);
    expect(reportDetailQuerySchema.safeParse({ course_id: "nope" }).success).toBe(false);
  });

  it("page and sort the lists with defaults", () => {
    expect(courseReportQuerySchema.parse({})).toMatchObject({ page: 1, page_size: 20, sort: "title" });
    expect(courseReportQuerySchema.safeParse({ sort: "secret" }).success).toBe(false);
  });
});
