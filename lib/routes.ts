// THE route table. proxy.ts, the side navigation and the server-side page guards all read it, so a
// route's audience is written down exactly once. Pure data and pure functions: safe in every runtime.

export const ROLES = ["learner", "instructor", "admin", "org_admin", "superadmin"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The four roles that belong to an organization. superadmin passes every route check anyway. */
export const TENANT_ROLES = ["learner", "instructor", "org_admin", "admin"] as const satisfies readonly Role[];
/** Staff: the roles that may teach a course and see the staff pages (instructors and both admin roles). */
export const TEACHING_ROLES = ["instructor", "org_admin", "admin"] as const satisfies readonly Role[];
/** The organization's administrators. */
export const ORG_ADMIN_ROLES = ["org_admin", "admin"] as const satisfies readonly Role[];

export type Access = "public" | readonly Role[];

export interface RouteEntry {
  /** Path pattern: `[param]` matches one segment; a trailing `/*` matches the path and everything below. */
  pattern: string;
  access: Access;
  /** Public sign-in pages send a signed-in user on to their home (see homePathFor). */
  redirectWhenSignedIn?: boolean;
}

export const ROUTES: readonly RouteEntry[] = [
  // public
  { pattern: "/", access: "public", redirectWhenSignedIn: true },
  { pattern: "/register", access: "public", redirectWhenSignedIn: true },
  { pattern: "/login", access: "public", redirectWhenSignedIn: true },
  { pattern: "/signup", access: "public", redirectWhenSignedIn: true },
  { pattern: "/forgot-password", access: "public", redirectWhenSignedIn: true },
  { pattern: "/reset-password/[token]", access: "public", redirectWhenSignedIn: true },
  { pattern: "/search", access: "public" },
  { pattern: "/unauthorized", access: "public" },
  { pattern: "/api-docs", access: "public" },
  // The link mailed to a new e-mail address: the token is the key, signed in or not.
  { pattern: "/confirm-email/[token]", access: "public" },
  // A certificate's verification page: anyone holding the code, on the organization's host.
  { pattern: "/verify/[code]", access: "public" },
  // signed in
  { pattern: "/dashboard", access: TENANT_ROLES },
  { pattern: "/messages", access: TENANT_ROLES },
  { pattern: "/messages/[threadId]", access: TENANT_ROLES },
  { pattern: "/calendar", access: TENANT_ROLES },
  { pattern: "/courses/[courseId]", access: TENANT_ROLES },
  { pattern: "/courses/[courseId]/learn", access: TENANT_ROLES },
  { pattern: "/courses/[courseId]/modules/[moduleId]/lessons/[lessonId]", access: TENANT_ROLES },
  { pattern: "/profile", access: [...TENANT_ROLES, "superadmin"] },
  // administration: staff
  { pattern: "/admin", access: TEACHING_ROLES },
  { pattern: "/admin/courses", access: TEACHING_ROLES },
  { pattern: "/admin/courses/create", access: TEACHING_ROLES },
  // Certificate templates sit under Course Management (its entry stays the active one there).
  { pattern: "/admin/courses/certificates", access: TEACHING_ROLES },
  { pattern: "/admin/courses/certificates/[templateId]", access: TEACHING_ROLES },
  { pattern: "/admin/courses/[courseId]", access: TEACHING_ROLES },
  { pattern: "/admin/groups", access: TEACHING_ROLES },
  { pattern: "/admin/groups/add", access: TEACHING_ROLES },
  { pattern: "/admin/groups/[groupId]", access: TEACHING_ROLES },
  { pattern: "/admin/reports", access: TEACHING_ROLES },
  // The reports' breakdowns and drill-downs: the same readers as the overview.
  { pattern: "/admin/reports/courses", access: TEACHING_ROLES },
  { pattern: "/admin/reports/courses/[courseId]", access: TEACHING_ROLES },
  { pattern: "/admin/reports/groups", access: TEACHING_ROLES },
  { pattern: "/admin/reports/learners", access: TEACHING_ROLES },
  { pattern: "/admin/reports/learners/[userId]", access: TEACHING_ROLES },
  { pattern: "/admin/reports/certificates", access: TEACHING_ROLES },
  { pattern: "/admin/events/*", access: TEACHING_ROLES },
  { pattern: "/admin/import-export/*", access: TEACHING_ROLES },
  // Instructors and org admins find a read-only view of the settings that concern teaching (docs/permissions.md).
  { pattern: "/admin/settings/*", access: TEACHING_ROLES },
  { pattern: "/admin/thumbnail-debug", access: TEACHING_ROLES },
  // administration: organization administrators
  { pattern: "/admin/overview", access: ORG_ADMIN_ROLES },
  { pattern: "/admin/users", access: ORG_ADMIN_ROLES },
  { pattern: "/admin/users/add", access: ORG_ADMIN_ROLES },
  { pattern: "/admin/users/edit/[userId]", access: ORG_ADMIN_ROLES },
  { pattern: "/admin/categories", access: ORG_ADMIN_ROLES },
  { pattern: "/admin/categories/add", access: ORG_ADMIN_ROLES },
  // The audit log lives inside System Settings but is the organization administrators' (not instructors').
  { pattern: "/admin/settings/audit", access: ORG_ADMIN_ROLES },
  // platform
  { pattern: "/admin/organizations", access: ["admin"] },
  { pattern: "/admin/subdomain-management", access: ["superadmin"] },
];

export type NavIcon =
  | "dashboard"
  | "catalog"
  | "overview"
  | "reports"
  | "courses"
  | "categories"
  | "users"
  | "groups"
  | "events"
  | "calendar"
  | "profile"
  | "messages"
  | "organizations"
  | "importExport"
  | "settings"
  | "subdomains";

export interface NavEntry {
  label: string;
  href: string;
  icon: NavIcon;
  /** Who sees the entry. Each must also pass the route's access (checked by a unit test). */
  roles: readonly Role[];
}

/**
 * The side navigation, in display order: first the spec's table (docs/permissions.md "Side navigation"), exactly — labels,
 * paths and who sees each — then the product's additions (docs/permissions.md lists them as such).
 * Shown entries are exactly those listing the user's role.
 */
export const NAVIGATION: readonly NavEntry[] = [
  // The spec's entries.
  { label: "Calendar", href: "/calendar", icon: "calendar", roles: [...TENANT_ROLES, "superadmin"] },
  { label: "My Profile", href: "/profile", icon: "profile", roles: [...TENANT_ROLES, "superadmin"] },
  { label: "Course Management", href: "/admin/courses", icon: "courses", roles: [...TEACHING_ROLES, "superadmin"] },
  { label: "Group", href: "/admin/groups", icon: "groups", roles: [...TEACHING_ROLES, "superadmin"] },
  { label: "Reports", href: "/admin/reports", icon: "reports", roles: [...TEACHING_ROLES, "superadmin"] },
  { label: "Users", href: "/admin/users", icon: "users", roles: ORG_ADMIN_ROLES },
  { label: "Organizations", href: "/admin/organizations", icon: "organizations", roles: ["admin", "superadmin"] },
  { label: "System Settings", href: "/admin/settings", icon: "settings", roles: ["admin", "superadmin"] },
  { label: "Import/Export", href: "/admin/import-export", icon: "importExport", roles: ["admin", "superadmin"] },
  { label: "Subdomain Management", href: "/admin/subdomain-management", icon: "subdomains", roles: ["superadmin"] },
  // The product's additions.
  { label: "Dashboard", href: "/dashboard", icon: "dashboard", roles: [...TENANT_ROLES, "superadmin"] },
  { label: "Course Catalog", href: "/search", icon: "catalog", roles: ["learner"] },
  { label: "Messages", href: "/messages", icon: "messages", roles: TENANT_ROLES },
  { label: "Events", href: "/admin/events", icon: "events", roles: TEACHING_ROLES },
  { label: "Overview", href: "/admin/overview", icon: "overview", roles: ORG_ADMIN_ROLES },
  { label: "Categories", href: "/admin/categories", icon: "categories", roles: ORG_ADMIN_ROLES },
];

// ───────────────────────────── matching ─────────────────────────────

function normalize(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith("/")) return pathname.slice(0, -1);
  return pathname;
}

function matches(pattern: string, pathname: string): boolean {
  const path = normalize(pathname).split("/").filter(Boolean);
  const wildcard = pattern.endsWith("/*");
  const parts = (wildcard ? pattern.slice(0, -2) : pattern).split("/").filter(Boolean);
  if (wildcard ? path.length < parts.length : path.length !== parts.length) return false;
  return parts.every((part, i) => {
    const segment = path[i];
    if (segment === undefined) return false;
    return (part.startsWith("[") && part.endsWith("]")) || part === segment;
  });
}

/** The route entry for a path, or undefined for a path the app does not have (→ 'Page Not Found'). */
export function findRoute(pathname: string): RouteEntry | undefined {
  // An exact pattern wins over a wildcard above it; otherwise the table order decides.
  return (
    ROUTES.find((r) => !r.pattern.endsWith("/*") && matches(r.pattern, pathname)) ??
    ROUTES.find((r) => matches(r.pattern, pathname))
  );
}

export function roleAllowed(access: Access, role: Role | null | undefined): boolean {
  if (access === "public") return true;
  if (!role) return false;
  return role === "superadmin" || access.includes(role);
}

export type RouteDecision =
  | { kind: "allow" }
  | { kind: "login" }
  | { kind: "unauthorized" }
  | { kind: "redirect"; to: string }
  /** The token carries no role we know yet: the client waits for the profile. */
  | { kind: "pending" }
  /** Not in the table: let the app render 'Page Not Found'. */
  | { kind: "unknown" };

/**
 * What the gate does for a path. `role` is undefined when nobody is signed in and null when a session
 * exists but its role is not known (yet).
 */
export function decideRoute(pathname: string, role: Role | null | undefined): RouteDecision {
  const route = findRoute(pathname);
  if (!route) return { kind: "unknown" };
  if (route.access === "public") {
    if (route.redirectWhenSignedIn && role) {
      return {
        kind: "redirect",
        to: homePathFor(role, normalize(pathname) === "/login" || normalize(pathname) === "/" ? "login" : "other"),
      };
    }
    return { kind: "allow" };
  }
  if (role === undefined) return { kind: "login" };
  if (role === null) return { kind: "pending" };
  return roleAllowed(route.access, role) ? { kind: "allow" } : { kind: "unauthorized" };
}

/**
 * Where a signed-in user goes: after login and at '/', admin and instructor go to the reports; every
 * other public sign-in page sends everybody to the dashboard.
 */
export function homePathFor(role: Role, from: "login" | "other" = "login"): string {
  if (from === "login" && (role === "admin" || role === "instructor")) return "/admin/reports";
  return "/dashboard";
}

export function navigationFor(role: Role): NavEntry[] {
  return NAVIGATION.filter((entry) => entry.roles.includes(role));
}

/** The nav entry that is active for a path: the longest href that is a prefix of it. */
export function activeNavHref(pathname: string, entries: readonly NavEntry[]): string | undefined {
  const path = normalize(pathname);
  let best: NavEntry | undefined;
  for (const entry of entries) {
    const prefixMatch = path === entry.href || path.startsWith(`${entry.href}/`);
    if (prefixMatch && (!best || entry.href.length > best.href.length)) best = entry;
  }
  return best?.href;
}

export const ROLE_LABELS: Record<string, string> = {
  org_admin: "Admin",
  systemadmin: "System Admin",
  admin: "Administrator",
  instructor: "Instructor",
  learner: "Learner",
};

export function roleLabel(role: string | null | undefined): string {
  return (role && ROLE_LABELS[role]) || "User";
}
