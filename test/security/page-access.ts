// Who may open which page, written out from the spec (docs/specification.md "Routes and navigation":
// the route lists, "superadmin passes every route check", the landing after sign-in; the table itself is
// docs/permissions.md "Pages", which also lists the pages the spec does not). Not computed from lib/routes.ts: this is what
// the route table is checked against.

export const WHO = ["anonymous", "learner", "instructor", "org_admin", "admin", "superadmin"] as const;
export type Who = (typeof WHO)[number];

/**
 * ok: the page (200). login: → /login. denied: → /unauthorized. dashboard / reports: a signed-in user is
 * sent on to /dashboard or /admin/reports. lesson: /learn sends on to the lesson to continue. absent: the
 * apex has no tenant data, so a page about a course of an organization is 'Page Not Found' (404) for the
 * superadmin, who signs in on the apex.
 */
export type Outcome = "ok" | "login" | "denied" | "dashboard" | "reports" | "lesson" | "absent";

type Row = readonly [
  anonymous: Outcome,
  learner: Outcome,
  instructor: Outcome,
  org_admin: Outcome,
  admin: Outcome,
  superadmin: Outcome,
];

// The spec: '/register, /login, /signup, /forgot-password and /reset-password/{token} all redirect to
// /dashboard when signed in'; 'On login or at the root, admin and instructor are sent to /admin/reports'.
const SIGN_IN_PAGE: Row = ["ok", "dashboard", "dashboard", "dashboard", "dashboard", "dashboard"];
const LANDING: Row = ["ok", "dashboard", "reports", "dashboard", "reports", "dashboard"];
const OPEN: Row = ["ok", "ok", "ok", "ok", "ok", "ok"];
// The spec: signed-in routes for admin, instructor, learner, org_admin; superadmin bypasses route role checks.
const SIGNED_IN: Row = ["login", "ok", "ok", "ok", "ok", "ok"];
const COURSE_PAGE: Row = ["login", "ok", "ok", "ok", "ok", "absent"];
// The spec: the admin area is for admin, instructor, org_admin, superadmin.
const ADMIN_AREA: Row = ["login", "denied", "ok", "ok", "ok", "ok"];
const ADMIN_AREA_TENANT_DATA: Row = ["login", "denied", "ok", "ok", "ok", "absent"];
// The spec: 'Only admin, org_admin and superadmin also get: overview, users, users/add, users/edit/{userId}, categories, categories/add'.
const ORG_ADMIN_AREA: Row = ["login", "denied", "denied", "ok", "ok", "ok"];
const ORG_ADMIN_AREA_TENANT_DATA: Row = ["login", "denied", "denied", "ok", "ok", "absent"];

/** Every page of the app with a concrete path (ids filled by the test) and its expected outcomes. */
export const PAGE_ACCESS: Record<string, Row> = {
  "/": LANDING,
  "/register": SIGN_IN_PAGE,
  "/login": LANDING,
  "/signup": SIGN_IN_PAGE,
  "/forgot-password": SIGN_IN_PAGE,
  "/reset-password/[token]": SIGN_IN_PAGE,
  "/search": OPEN,
  "/unauthorized": OPEN,
  "/api-docs": OPEN, // docs/permissions.md: the API reference is public
  "/confirm-email/[token]": OPEN, // the link mailed to a new address: the token is the key
  // A conversation's page: its participants (the world's: the learner and the instructor); for anyone else it does not exist.
  "/messages/[threadId]": ["login", "ok", "ok", "absent", "absent", "absent"],
  "/dashboard": SIGNED_IN,
  "/profile": SIGNED_IN,
  "/messages": SIGNED_IN,
  "/calendar": SIGNED_IN,
  "/courses/[courseId]": COURSE_PAGE,
  "/courses/[courseId]/learn": ["login", "lesson", "lesson", "lesson", "lesson", "absent"],
  "/courses/[courseId]/modules/[moduleId]/lessons/[lessonId]": COURSE_PAGE,
  "/admin": ADMIN_AREA,
  "/admin/courses": ADMIN_AREA_TENANT_DATA,
  "/admin/courses/create": ADMIN_AREA_TENANT_DATA,
  "/admin/courses/[courseId]": ADMIN_AREA_TENANT_DATA,
  "/admin/courses/[courseId]/grading": ADMIN_AREA_TENANT_DATA,
  "/admin/courses/[courseId]/grading/[attemptId]": ADMIN_AREA_TENANT_DATA,
  "/admin/courses/[courseId]/lessons/[lessonId]/quiz": ADMIN_AREA_TENANT_DATA,
  "/admin/courses/[courseId]/lessons/[lessonId]/quiz/statistics": ADMIN_AREA_TENANT_DATA,
  // Banks belong to an organization; the bank of the suites is the instructor's (org admins manage every bank).
  "/admin/question-banks": ADMIN_AREA_TENANT_DATA,
  "/admin/question-banks/[bankId]": ADMIN_AREA_TENANT_DATA,
  "/admin/groups": ADMIN_AREA,
  "/admin/groups/add": ADMIN_AREA,
  "/admin/groups/[groupId]": ADMIN_AREA_TENANT_DATA,
  "/admin/reports": ADMIN_AREA,
  // The reports' breakdowns and drill-downs, for every report reader; the superadmin's scope is the
  // platform, so another organization's course or learner is there for them (their own API says so too).
  "/admin/reports/courses": ADMIN_AREA,
  "/admin/reports/courses/[courseId]": ADMIN_AREA,
  "/admin/reports/groups": ADMIN_AREA,
  "/admin/reports/learners": ADMIN_AREA,
  "/admin/reports/learners/[userId]": ADMIN_AREA,
  "/admin/reports/certificates": ADMIN_AREA,
  "/admin/events/*": ADMIN_AREA,
  "/admin/import-export/*": ADMIN_AREA,
  "/admin/settings/*": ADMIN_AREA,
  "/admin/thumbnail-debug": ADMIN_AREA_TENANT_DATA,
  "/admin/courses/certificates": ADMIN_AREA_TENANT_DATA,
  "/admin/courses/certificates/[templateId]": ADMIN_AREA_TENANT_DATA,
  // Public on an organization's host; the apex issues no certificates, so it has no form to check them.
  "/verify": ["ok", "ok", "ok", "ok", "ok", "absent"],
  // Public, but a code no organization issued is unknown to everyone (the apex knows no codes at all).
  "/verify/[code]": ["absent", "absent", "absent", "absent", "absent", "absent"],
  "/admin/overview": ORG_ADMIN_AREA_TENANT_DATA,
  "/admin/users": ORG_ADMIN_AREA_TENANT_DATA,
  // Users belong to an organization: the superadmin on the apex has none to add or edit.
  "/admin/users/add": ORG_ADMIN_AREA_TENANT_DATA,
  "/admin/users/edit/[userId]": ORG_ADMIN_AREA_TENANT_DATA,
  "/admin/categories": ORG_ADMIN_AREA_TENANT_DATA,
  "/admin/categories/add": ORG_ADMIN_AREA,
  // The audit log, inside System Settings, for admin and org_admin (their organization) and the superadmin (all).
  "/admin/settings/audit": ORG_ADMIN_AREA,
  // The spec's side navigation: Organizations for admin and superadmin; Subdomain Management superadmin only.
  "/admin/organizations": ["login", "denied", "denied", "denied", "ok", "ok"],
  "/admin/subdomain-management": ["login", "denied", "denied", "denied", "denied", "ok"],
};

export function expectedOutcome(pattern: string, who: Who): Outcome | undefined {
  return PAGE_ACCESS[pattern]?.[WHO.indexOf(who)];
}
