import { decideRoute, type Role } from "@/lib/routes";

// What the visual suite photographs: every page of the specification's route table and side navigation
// (docs/specification.md, "Screens and routes") for each role that can open it, at both sizes in the light
// colour scheme; the dark scheme for the subset below (docs/visual-tests.md says why). Paths name the demo's
// records by placeholder (demo-records.ts): {course} is Acme's "Workplace Safety Essentials", {module} and
// {lesson} its lesson "Reporting incidents", {user} the learner Maya Patel.

export type Audience = "visitor" | Role;
export type Host = "apex" | "acme";
export type Scheme = "light" | "dark";

export interface VisualPage {
  audience: Audience;
  host: Host;
  path: string;
  schemes: Scheme[];
  /** Selectors of what is painted over (its box still counts): what differs from one seed to the next. */
  masks: string[];
}

/**
 * The only parts that are not the same on every run: what is derived from the records' ids, which are
 * random UUIDs made anew by each seed. A course's placeholder picture takes its colour from the course's id;
 * the thumbnail debug page prints the stored value and the address of each course's picture, ids included;
 * a certificate's verification code is random.
 */
const MASKS = {
  everywhere: ['img[src*="/placeholder"]'],
  "/admin/thumbnail-debug": ["tbody td:nth-child(3)", "tbody td:nth-child(4)"],
  // Verification codes are random at issue.
  "/admin/reports/certificates": ['.MuiDataGrid-cell[data-field="code"]'],
};

/** The learner side, which every role of an organization opens. */
const SIGNED_IN = [
  "/dashboard",
  "/profile",
  "/messages",
  "/calendar",
  "/courses/{course}",
  "/courses/{course}/learn",
  "/courses/{course}/modules/{module}/lessons/{lesson}",
];

/** The admin area as instructors, org admins and admins share it. */
const STAFF = [
  "/admin",
  "/admin/courses",
  "/admin/courses/create",
  "/admin/courses/{course}",
  "/admin/groups",
  "/admin/groups/add",
  "/admin/reports",
  "/admin/events",
  "/admin/import-export",
  "/admin/settings",
  "/admin/thumbnail-debug",
];

/** System Settings' sections beyond General: the editors' (an organization's admin, on its own host). */
const SETTINGS_SECTIONS = [
  "/admin/settings/sign-in",
  "/admin/settings/password-policy",
  "/admin/settings/mail",
  "/admin/settings/maintenance",
  "/admin/settings/api-keys",
  "/admin/settings/webhooks",
  "/admin/settings/lrs-clients",
];

/** The reports' drill-downs, whose tables keep every column in view (docs/ui.md). */
const REPORT_DRILL_DOWNS = ["/admin/reports/courses/{course}", "/admin/reports/learners/{user}"];

/** Certificates: the report (its actions in view at 1280 px) and the templates under Course Management. */
const CERTIFICATES = ["/admin/reports/certificates", "/admin/courses/certificates"];

/** What an organization's admin and org_admin get beyond it. */
const ORGANIZATION_ADMIN = [
  "/admin/overview",
  "/admin/users",
  "/admin/users/add",
  "/admin/users/edit/{user}",
  "/admin/categories",
  "/admin/categories/add",
];

/**
 * `dark`: each audience's own shell (top bar and side navigation differ by role) on one or two of its
 * busiest pages, so every variant of the shell is seen in both schemes.
 */
const TABLE: { audience: Audience; host: Host; paths: string[]; dark: string[] }[] = [
  { audience: "visitor", host: "apex", paths: ["/", "/signup"], dark: ["/"] },
  {
    audience: "visitor",
    host: "acme",
    paths: [
      "/",
      "/login",
      "/register",
      "/forgot-password",
      "/reset-password/an-unknown-token",
      "/search",
      "/unauthorized",
      "/no-such-page",
      "/verify",
    ],
    dark: ["/login", "/verify"],
  },
  {
    audience: "learner",
    host: "acme",
    paths: [...SIGNED_IN, "/search"],
    dark: [
      "/dashboard",
      "/profile",
      "/courses/{course}",
      "/courses/{course}/modules/{module}/lessons/{lesson}",
      "/search",
    ],
  },
  { audience: "instructor", host: "acme", paths: [...SIGNED_IN, ...STAFF], dark: ["/admin/reports"] },
  {
    audience: "org_admin",
    host: "acme",
    paths: [...SIGNED_IN, ...STAFF, ...ORGANIZATION_ADMIN],
    dark: ["/admin/users"],
  },
  {
    audience: "admin",
    host: "acme",
    paths: [
      ...SIGNED_IN,
      ...STAFF,
      ...ORGANIZATION_ADMIN,
      ...SETTINGS_SECTIONS,
      ...REPORT_DRILL_DOWNS,
      ...CERTIFICATES,
      "/admin/organizations",
    ],
    dark: [
      "/admin/courses/{course}",
      "/admin/settings/sign-in",
      "/admin/reports/courses/{course}",
      "/admin/reports/learners/{user}",
      "/admin/reports/certificates",
      "/admin/courses/certificates",
      "/admin/settings/api-keys",
      "/admin/settings/webhooks",
    ],
  },
  {
    // The platform's own pages on the apex; an organization's pages there are 'Page Not Found'.
    audience: "superadmin",
    host: "apex",
    paths: [
      "/dashboard",
      "/profile",
      "/admin",
      "/admin/groups",
      "/admin/reports",
      "/admin/events",
      "/admin/import-export",
      "/admin/settings",
      "/admin/organizations",
      "/admin/subdomain-management",
    ],
    dark: ["/dashboard", "/admin/subdomain-management"],
  },
];

export const VISUAL_PAGES: VisualPage[] = TABLE.flatMap(({ audience, host, paths, dark }) => {
  const unknownDark = dark.filter((path) => !paths.includes(path));
  if (unknownDark.length) throw new Error(`${audience}: dark pages not in its list: ${unknownDark.join(", ")}`);
  return paths.map((path) => {
    assertOpens(audience, path);
    const schemes: Scheme[] = dark.includes(path) ? ["light", "dark"] : ["light"];
    const masks = [...MASKS.everywhere, ...(path in MASKS ? MASKS[path as keyof typeof MASKS] : [])];
    return { audience, host, path, schemes, masks };
  });
});

/** The table cannot list a page its audience is refused or sent away from (lib/routes.ts decides). */
function assertOpens(audience: Audience, path: string): void {
  const decision = decideRoute(path.replace(/\{\w+\}/g, "x"), audience === "visitor" ? undefined : audience);
  const expected = path === "/no-such-page" ? "unknown" : "allow";
  if (decision.kind !== expected) throw new Error(`${audience} cannot open ${path}: ${JSON.stringify(decision)}`);
}
