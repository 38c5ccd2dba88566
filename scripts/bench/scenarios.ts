import { BENCH_SEARCH_TERM, BENCH_USER_SEARCH } from "../db/large/plan";

// The requests measured, as a signed-in learner of the bench organization: the three of the issue; the
// user administration's list as its org admin (50,000 people: issue 11); and
// the framework's floor (a route that does no work), which bounds the ratio any request can reach; and
// the SCORM player's commit (issue 4), measured on its own database by commit-bench.ts.

export interface BenchSession {
  token: string;
  /** The largest outline among the courses the learner is enrolled in. */
  outlineCourseId: string;
  /** The big organization's org admin (the user administration's rows). */
  adminToken: string;
  /** The group the users list is filtered by (2,000 of the 50,000 people). */
  regionGroupId: string;
}

export interface Scenario {
  key: "courses" | "dashboard" | "outline" | "users" | "usersGroup" | "usersPage" | "floor" | "commits" | "commitsViaNext";
  label: string;
  path(session: BenchSession): string;
  /** A reference measurement, not held to the targets. */
  reference?: true;
  /** Targets of its own, instead of the reads' (scripts/bench/report.ts TARGETS). */
  targets?: { minRps: number; minRatio: number; maxP95Ms: number };
  /** A SCORM commit row: measured by commit-bench.ts on a database of its own. */
  commitRow?: true;
  /** Answered before Next.js (scripts/lib/app-server.ts), so the framework's floor does not bound it. */
  outsideNext?: true;
  /** Signed in as the org admin instead of the learner. */
  asAdmin?: true;
  /** A page: the session cookie instead of the bearer token, and no ceiling (its work is React's rendering). */
  page?: true;
}

/** The target for the user administration's rows (docs/benchmarks.md). */
const USERS_TARGETS = { minRps: 0, minRatio: 0.5, maxP95Ms: 150 };

export const SCENARIOS: readonly Scenario[] = [
  { key: "courses", label: `GET /api/courses?q=${BENCH_SEARCH_TERM}&page_size=20`, path: () => `/api/courses?q=${BENCH_SEARCH_TERM}&page=1&page_size=20` },
  { key: "dashboard", label: "GET /api/dashboard", path: () => "/api/dashboard" },
  { key: "outline", label: "GET /api/courses/{id}/outline", path: (s) => `/api/courses/${s.outlineCourseId}/outline` },
  {
    key: "users",
    label: `GET /api/admin/users?q=${BENCH_USER_SEARCH}&sort=name (50,000 users)`,
    path: () => `/api/admin/users?q=${BENCH_USER_SEARCH}&sort=name&order=asc&page=1&page_size=20`,
    asAdmin: true,
    targets: USERS_TARGETS,
  },
  {
    key: "usersGroup",
    label: "GET /api/admin/users?group_id=…&sort=last_login_at&order=desc (2,000 of 50,000)",
    path: (s) => `/api/admin/users?group_id=${s.regionGroupId}&sort=last_login_at&order=desc&page=1&page_size=20`,
    asAdmin: true,
    targets: USERS_TARGETS,
  },
  {
    key: "usersPage",
    label: `GET /admin/users?q=${BENCH_USER_SEARCH} (the page's HTML; no ceiling)`,
    path: () => `/admin/users?q=${BENCH_USER_SEARCH}`,
    asAdmin: true,
    page: true,
    targets: USERS_TARGETS,
  },
  { key: "floor", label: "GET /api/health (no SQL: the floor)", path: () => "/api/health", reference: true },
  {
    key: "commits",
    label: "POST /api/scorm/commits (64 connections, applied commits)",
    path: () => "/api/scorm/commits",
    targets: { minRps: 1500, minRatio: 0.5, maxP95Ms: 50 },
    commitRow: true,
    outsideNext: true,
  },
  {
    key: "commitsViaNext",
    label: "POST /api/scorm/commits through Next's route handler (SCORM_COMMIT_FAST_PATH=false)",
    path: () => "/api/scorm/commits",
    reference: true,
    commitRow: true,
  },
];
