import { BENCH_ACCOUNT, BENCH_SEARCH_TERM, BENCH_USER_SEARCH, REPORT_BENCH } from "../db/large/plan";

// The requests measured, as a signed-in learner of the bench organization: the catalogue search, the course outline and the dashboard; the
// user administration's list as its org admin (50,000 people); and
// the framework's floor (a route that does no work), which bounds the ratio any request can reach; and
// the SCORM player's commit, measured on its own database by commit-bench.ts; and a class answering and
// submitting a quiz, on its own database by quiz-bench.ts.

export interface BenchSession {
  token: string;
  /** The largest outline among the courses the learner is enrolled in. */
  outlineCourseId: string;
  /** That course's first lesson's page. */
  lessonPath: string;
  /** The big organization's org admin (the user administration's rows). */
  adminToken: string;
  /** The group the users list is filtered by (2,000 of the 50,000 people). */
  regionGroupId: string;
  /** Tokens of the reports' callers, by `subdomain/username` (reportCaller). */
  reportTokens: Map<string, string>;
  /** Per organization of REPORT_BENCH: the course with the most enrollments the instructor teaches. */
  reportCourseIds: Map<string, string>;
}

/** The reports' rows sign in as the org admin or an instructor of the 25,000- or the 250,000-enrollment organization. */
export interface ReportCaller {
  subdomain: string;
  username: string;
}

export interface Scenario {
  key: string;
  label: string;
  path(session: BenchSession): string;
  /** A reference measurement, not held to the targets. */
  reference?: true;
  /**
   * Where its latency target is judged when not at the load of its throughput (measured into the app's
   * `quiet`): the quiz submissions "at the class's pace". Pages say their PAGE_QUIET_CONNECTIONS.
   */
  latencyAt?: string;
  /** Targets of its own, instead of the reads' (scripts/bench/report.ts TARGETS). */
  targets?: { minRps: number; minRatio: number; maxP95Ms: number };
  /** Measured on a database of its own: the SCORM commits by commit-bench.ts, the quizzes by quiz-bench.ts. */
  ownDatabase?: "commits" | "quizzes";
  /** An xAPI row: measured by xapi-bench.ts with its own requests (an LRS client's Basic auth, a list of paths or bodies). */
  xapiRow?: true;
  /** Answered before Next.js (server/app-server.ts), so the framework's floor does not bound it. */
  outsideNext?: true;
  /** Signed in as the org admin instead of the learner. */
  asAdmin?: true;
  /**
   * A page: the browser's session cookie instead of the bearer token, and measured against the page floor
   * (scripts/bench/page-floor.ts) instead of a ceiling; also at PAGE_QUIET_CONNECTIONS for its p95.
   */
  page?: true;
  /** A page asked for signed out (no cookie). */
  signedOut?: true;
  /** Signed in as this person of that organization (the reports' rows, System Settings) instead of the learner or the org admin of bench-01. */
  caller?: ReportCaller;
  method?: "POST";
  /** Fields of the answer that differ between any two calls (times): left out when app and ceiling are compared. */
  volatile?: string[];
  /** The reports' rows: which report, organization and role, for the 250,000 : 25,000 comparison. */
  report?: { name: string; size: "small" | "large"; role: "admin" | "instructor" };
}

/**
 * Every page row: at least 0.4 of the page floor's throughput at the run's connections (32), and p95 < 150 ms
 * at PAGE_QUIET_CONNECTIONS.
 */
export const PAGE_TARGETS = { minRps: 0, minRatio: 0.4, maxP95Ms: 150 };
/** The signed-out 404 is the root layout and the theme alone: what every page costs before its own work. */
const NOT_FOUND_TARGETS = { ...PAGE_TARGETS, minRatio: 0.7 };
export const PAGE_QUIET_CONNECTIONS = 8;

/** The reports' rows: p95 < 150 ms at 32 connections, ≥ 0.5 of the ceiling; the refresh with nothing new p95 < 200 ms. */
const REPORT_TARGETS = { minRps: 0, minRatio: 0.5, maxP95Ms: 150 };
const REFRESH_TARGETS = { minRps: 0, minRatio: 0.5, maxP95Ms: 200 };

const REPORT_VIEWS = [
  { name: "overview", label: "GET /api/reports/overview", path: () => "/api/reports/overview" },
  { name: "courses", label: "GET /api/reports/courses", path: () => "/api/reports/courses?page=1&page_size=20" },
  { name: "learners", label: "GET /api/reports/learners", path: () => "/api/reports/learners?page=1&page_size=20" },
  { name: "groups", label: "GET /api/reports/groups", path: () => "/api/reports/groups?page=1&page_size=20" },
  {
    name: "lessons",
    label: "GET /api/reports/courses/{id}/lessons",
    path: (s: BenchSession, subdomain: string) => `/api/reports/courses/${s.reportCourseIds.get(subdomain)}/lessons`,
  },
  { name: "refresh", label: "POST /api/reports/refresh (nothing new)", path: () => "/api/reports/refresh" },
] as const;

/** reportsOverviewSmallAdmin, …: every report view × the two organizations × org admin and instructor. */
function reportScenarios(): Scenario[] {
  const out: Scenario[] = [];
  for (const view of REPORT_VIEWS) {
    for (const size of ["small", "large"] as const) {
      for (const role of ["admin", "instructor"] as const) {
        const subdomain = REPORT_BENCH.organizations[size];
        const username = role === "admin" ? REPORT_BENCH.adminUser : REPORT_BENCH.instructorUser;
        const refresh = view.name === "refresh";
        out.push({
          key: `reports${view.name[0]!.toUpperCase()}${view.name.slice(1)}${size === "small" ? "Small" : "Large"}${role === "admin" ? "Admin" : "Instructor"}`,
          label: `${view.label} (${size === "small" ? "25,000" : "250,000"} enrollments, ${role === "admin" ? "org admin" : "instructor"})`,
          path: (s) => view.path(s, subdomain),
          caller: { subdomain, username },
          targets: refresh ? REFRESH_TARGETS : REPORT_TARGETS,
          report: { name: view.name, size, role },
          ...(refresh ? { method: "POST" as const, volatile: ["refreshed_at", "duration_ms"] } : {}),
        });
      }
    }
  }
  // The page a browser gets at /admin/reports, as each of the four callers.
  for (const size of ["small", "large"] as const) {
    for (const role of ["admin", "instructor"] as const) {
      const subdomain = REPORT_BENCH.organizations[size];
      out.push({
        key: `reportsPage${size === "small" ? "Small" : "Large"}${role === "admin" ? "Admin" : "Instructor"}`,
        label: `/admin/reports (${size === "small" ? "25,000" : "250,000"} enrollments, ${role === "admin" ? "org admin" : "instructor"})`,
        path: () => "/admin/reports",
        caller: { subdomain, username: role === "admin" ? REPORT_BENCH.adminUser : REPORT_BENCH.instructorUser },
        page: true,
        targets: PAGE_TARGETS,
        report: { name: "page", size, role },
      });
    }
  }
  return out;
}

/**
 * The pages a browser asks for: the learner's, the org admin's (the 50,000-person organization), System
 * Settings as the organization's administrator (the role it is for), and a signed-out 404.
 */
const PAGES: Pick<Scenario, "key" | "label" | "path" | "asAdmin" | "signedOut" | "caller">[] = [
  { key: "pageDashboard", label: "/dashboard (learner)", path: () => "/dashboard" },
  { key: "pageCourse", label: "/courses/{id} (learner)", path: (s) => `/courses/${s.outlineCourseId}` },
  { key: "pageLesson", label: "a lesson page (learner)", path: (s) => s.lessonPath },
  { key: "pageCalendar", label: "/calendar (learner)", path: () => "/calendar" },
  { key: "pageMessages", label: "/messages (learner)", path: () => "/messages" },
  { key: "pageAdminUsers", label: "/admin/users (org admin, 50,000 users)", path: () => "/admin/users", asAdmin: true },
  { key: "pageAdminCourses", label: "/admin/courses (org admin)", path: () => "/admin/courses", asAdmin: true },
  {
    key: "pageCertificatesReport",
    label: "/admin/reports/certificates (org admin)",
    path: () => "/admin/reports/certificates",
    asAdmin: true,
  },
  {
    key: "pageSettings",
    label: "/admin/settings (administrator)",
    path: () => "/admin/settings",
    caller: { subdomain: BENCH_ACCOUNT.subdomain, username: "admin" },
  },
  { key: "pageNotFound", label: "'Page Not Found', signed out", path: () => "/no-such-page", signedOut: true },
];

/** The target for the user administration's rows (docs/benchmarks.md). */
const USERS_TARGETS = { minRps: 0, minRatio: 0.5, maxP95Ms: 150 };

export const SCENARIOS: readonly Scenario[] = [
  {
    key: "courses",
    label: `GET /api/courses?q=${BENCH_SEARCH_TERM}&page_size=20`,
    path: () => `/api/courses?q=${BENCH_SEARCH_TERM}&page=1&page_size=20`,
  },
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
  ...PAGES.map((page) => ({
    ...page,
    page: true as const,
    targets: page.signedOut ? NOT_FOUND_TARGETS : PAGE_TARGETS,
  })),
  ...reportScenarios(),
  // The LRS of the big organization, 10 million statements (docs/benchmarks.md "xAPI statements").
  {
    key: "xapiWrite",
    label: "POST /xapi/statements (batches of 50 new statements, 32 connections)",
    path: () => "/xapi/statements",
    targets: { minRps: 0, minRatio: 0.5, maxP95Ms: Number.POSITIVE_INFINITY },
    xapiRow: true,
  },
  {
    key: "xapiQuery",
    label: "GET /xapi/statements?agent=…&verb=…&since=… (10 million statements, 8 connections)",
    path: () => "/xapi/statements",
    targets: { minRps: 0, minRatio: 0, maxP95Ms: 150 },
    xapiRow: true,
  },
  {
    key: "xapiRegistration",
    label: "GET /xapi/statements?registration=… (10 million statements, 8 connections)",
    path: () => "/xapi/statements",
    targets: { minRps: 0, minRatio: 0, maxP95Ms: 50 },
    xapiRow: true,
  },
  { key: "floor", label: "GET /api/health (no SQL: the floor)", path: () => "/api/health", reference: true },
  {
    key: "commits",
    label: "POST /scorm/commits/{token} (64 connections, applied commits)",
    path: () => "/scorm/commits/{token}",
    targets: { minRps: 1500, minRatio: 0.5, maxP95Ms: 50 },
    ownDatabase: "commits",
    outsideNext: true,
  },
  {
    key: "commitsViaNext",
    label: "POST /scorm/commits/{token} through Next's route handler (SCORM_COMMIT_FAST_PATH=false)",
    path: () => "/scorm/commits/{token}",
    reference: true,
    ownDatabase: "commits",
  },
  {
    key: "quizAnswers",
    label: "PUT /api/quiz-attempts/{id}/answers/{position} (3,000 learners' attempts, 32 connections, applied saves)",
    path: () => "/api/quiz-attempts/{id}/answers/{position}",
    targets: { minRps: 0, minRatio: 0.5, maxP95Ms: 100 },
    ownDatabase: "quizzes",
  },
  {
    key: "quizSubmissions",
    label: "POST /api/quiz-attempts/{id}/submit (20 questions graded, 16 connections)",
    path: () => "/api/quiz-attempts/{id}/submit",
    targets: { minRps: 0, minRatio: 0.5, maxP95Ms: 300 },
    latencyAt: "at the class's pace (1,000 a minute)",
    ownDatabase: "quizzes",
  },
];
