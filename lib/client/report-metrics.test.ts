import { describe, expect, it } from "vitest";
import { completionRate, readReportMetrics, withReportMetrics } from "./report-metrics";

describe("completionRate (the spec: completed / total × 100, a whole percent, 0 when none)", () => {
  it.each([
    [1, 3, 33],
    [2, 3, 67],
    [0, 0, 0],
    [5, 0, 0],
    [0, 7, 0],
    [3, 3, 100],
    [1, 2, 50],
    [29, 200, 15], // 14.5 rounds up; floating point would say 14.4999…
    [1, 200, 1], // 0.5 rounds up
    [1, 201, 0], // 0.497…
    [999_999, 1_000_000, 100],
    [1, 1_000_000, 0],
  ])("%i of %i → %i", (completed, total, expected) => {
    expect(completionRate(completed, total)).toBe(expected);
  });
});

describe("readReportMetrics", () => {
  it("reads camelCase fields", () => {
    expect(readReportMetrics({ totalEnrollments: 3, completedEnrollments: 1, completionRate: 99 })).toEqual({
      totalEnrollments: 3,
      completedEnrollments: 1,
      completionRate: 33,
    });
  });

  it("reads snake_case fields", () => {
    expect(readReportMetrics({ total_enrollments: 3, completed_enrollments: 2, completion_rate: 66.6 })).toEqual({
      totalEnrollments: 3,
      completedEnrollments: 2,
      completionRate: 67,
    });
  });

  it("reads a nested metrics object, in either case", () => {
    expect(
      readReportMetrics({ metrics: { total_enrollments: 8, completed_enrollments: 2, completion_rate: 25 } }),
    ).toEqual({
      totalEnrollments: 8,
      completedEnrollments: 2,
      completionRate: 25,
    });
    expect(readReportMetrics({ metrics: { totalEnrollments: 4, completedEnrollments: 3 } })).toEqual({
      totalEnrollments: 4,
      completedEnrollments: 3,
      completionRate: 75,
    });
  });

  it("prefers the nested object and fills what it lacks from the top level", () => {
    expect(
      readReportMetrics({ total_enrollments: 100, completedEnrollments: 9, metrics: { total_enrollments: 10 } }),
    ).toEqual({
      totalEnrollments: 10,
      completedEnrollments: 9,
      completionRate: 90,
    });
  });

  it("recomputes the rate from the counts instead of trusting the one sent", () => {
    expect(
      readReportMetrics({ total_enrollments: 0, completed_enrollments: 0, completion_rate: 50 }).completionRate,
    ).toBe(0);
    expect(readReportMetrics({ totalEnrollments: 3, completedEnrollments: 2, completionRate: 66 }).completionRate).toBe(
      67,
    );
  });

  it("rounds a rate sent without counts", () => {
    expect(readReportMetrics({ completionRate: 42.5 })).toEqual({
      totalEnrollments: 0,
      completedEnrollments: 0,
      completionRate: 43,
    });
  });

  it("accepts counts as numeric strings (bigint as text)", () => {
    expect(readReportMetrics({ total_enrollments: "3", completed_enrollments: "1" })).toEqual({
      totalEnrollments: 3,
      completedEnrollments: 1,
      completionRate: 33,
    });
  });

  it.each([
    [null],
    [undefined],
    ["text"],
    [[1, 2]],
    [{}],
    [{ total_enrollments: "many", completed_enrollments: null }],
  ])("gives zeros for %j", (input) => {
    expect(readReportMetrics(input)).toEqual({ totalEnrollments: 0, completedEnrollments: 0, completionRate: 0 });
  });
});

describe("withReportMetrics", () => {
  it("keeps the row's other fields and puts the read metrics under `metrics`", () => {
    expect(
      withReportMetrics({
        course_id: "c1",
        title: "Safety",
        metrics: { total_enrollments: 2, completed_enrollments: 1, completion_rate: 0 },
      }),
    ).toEqual({
      course_id: "c1",
      title: "Safety",
      metrics: { totalEnrollments: 2, completedEnrollments: 1, completionRate: 50 },
    });
  });

  it("reads a breakdown row's enrolled and completed when it carries none of the spec's names", () => {
    expect(
      withReportMetrics({ group_id: "g1", enrolled: 3, completed: 2, completion_rate: 66, in_progress: 1 }).metrics,
    ).toEqual({
      totalEnrollments: 3,
      completedEnrollments: 2,
      completionRate: 67,
    });
    expect(withReportMetrics({ enrolled: 9, total_enrollments: 4, completed_enrollments: 1 }).metrics).toEqual({
      totalEnrollments: 4,
      completedEnrollments: 1,
      completionRate: 25,
    });
  });
});
