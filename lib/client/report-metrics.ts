// The browser's report reader (docs/specification.md "Reports"). A report's metrics may arrive camelCased or
// snake_cased, at the top level or in a nested `metrics` object; whichever way they come, the page gets
// one shape, with the completion rate worked out again from the counts: completed / total × 100,
// rounded to a whole percent, 0 when there are no enrollments.

export interface ReportMetrics {
  totalEnrollments: number;
  completedEnrollments: number;
  /** A whole percent. */
  completionRate: number;
}

const EMPTY: ReportMetrics = { totalEnrollments: 0, completedEnrollments: 0, completionRate: 0 };

/**
 * completed / total × 100 rounded half up to a whole percent, 0 when total is 0. Worked in integers
 * (⌊(200·c + t) / 2t⌋), so 29 of 200 is 15, where floating point would give 14.4999… → 14.
 */
export function completionRate(completed: number, total: number): number {
  if (!(total > 0) || !(completed > 0)) return 0;
  return Math.floor((200 * completed + total) / (2 * total));
}

/** The metrics of a report (or of one row of it), from any of the shapes the spec allows. */
export function readReportMetrics(source: unknown): ReportMetrics {
  if (!isRecord(source)) return { ...EMPTY };
  // The nested object is the server's documented shape; top-level fields fill in whatever it lacks.
  const nested = isRecord(source.metrics) ? source.metrics : {};
  const pick = (camel: string, snake: string): number | undefined =>
    count(nested[camel]) ?? count(nested[snake]) ?? count(source[camel]) ?? count(source[snake]);
  const total = pick("totalEnrollments", "total_enrollments");
  const completed = pick("completedEnrollments", "completed_enrollments");
  const givenRate = pick("completionRate", "completion_rate");
  const totalEnrollments = total ?? 0;
  const completedEnrollments = completed ?? 0;
  // The counts decide; a rate alone (a report that sends no counts) is only rounded.
  const rate =
    total !== undefined ? completionRate(completedEnrollments, totalEnrollments) : Math.round(givenRate ?? 0);
  return { totalEnrollments, completedEnrollments, completionRate: rate };
}

/**
 * A report row with its metrics read: the row as it came, plus `metrics` in the one shape. The API's
 * breakdown rows count their enrollments as `enrolled` and `completed` (beside in_progress, withdrawn, …);
 * those are read when the row carries none of the spec's names.
 */
export function withReportMetrics<T extends object>(row: T): Omit<T, "metrics"> & { metrics: ReportMetrics } {
  const r = row as Record<string, unknown>;
  const specShaped = [
    "metrics",
    "total_enrollments",
    "totalEnrollments",
    "completed_enrollments",
    "completedEnrollments",
  ].some((key) => key in r);
  return {
    ...row,
    metrics: readReportMetrics(specShaped ? r : { total_enrollments: r.enrolled, completed_enrollments: r.completed }),
  };
}

/** A number, or a numeric string (PostgreSQL's bigint counts may come as text); anything else is absent. */
function count(value: unknown): number | undefined {
  const n =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? Math.max(0, n) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
