import { BENCH_SEARCH_TERM } from "../db/large/plan";

// The requests measured, as a signed-in learner of the bench organization: the three of the issue, and
// the framework's floor (a route that does no work), which bounds the ratio any request can reach.

export interface BenchSession {
  token: string;
  /** The largest outline among the courses the learner is enrolled in. */
  outlineCourseId: string;
}

export interface Scenario {
  key: "courses" | "dashboard" | "outline" | "floor";
  label: string;
  path(session: BenchSession): string;
  /** A reference measurement, not held to the targets. */
  reference?: true;
}

export const SCENARIOS: readonly Scenario[] = [
  { key: "courses", label: `GET /api/courses?q=${BENCH_SEARCH_TERM}&page_size=20`, path: () => `/api/courses?q=${BENCH_SEARCH_TERM}&page=1&page_size=20` },
  { key: "dashboard", label: "GET /api/dashboard", path: () => "/api/dashboard" },
  { key: "outline", label: "GET /api/courses/{id}/outline", path: (s) => `/api/courses/${s.outlineCourseId}/outline` },
  { key: "floor", label: "GET /api/health (no SQL: the floor)", path: () => "/api/health", reference: true },
];
