// THE route table. proxy.ts, the side navigation and the server-side page guards all read it, so a
// route's audience is written down exactly once: each route names the permission that opens it, and who
// holds that permission is the one table of lib/tenancy/role-permissions.ts (the superadmin holds them all,
// so it passes every route check). Pure data and pure functions: safe in every runtime.

import { can, type Permission, type Role } from "@/lib/tenancy/role-permissions";

export { isRole, ROLES, type Role } from "@/lib/tenancy/role-permissions";

/** Open to anyone, or to the holders of a permission. */
export type Access = "public" | Permission;

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
  // A certificate's verification page, and the form its printed address leads to: anyone holding the
  // code, on the organization's host.
  { pattern: "/verify", access: "public" },
  { pattern: "/verify/[code]", access: "public" },
  // signed in: everyone (the dashboard is the courses one takes)
  { pattern: "/dashboard", access: "courses:enroll:self" },
  { pattern: "/messages", access: "messages:use" },
  { pattern: "/messages/[threadId]", access: "messages:use" },
  { pattern: "/calendar", access: "calendar:read" },
  { pattern: "/courses/[courseId]", access: "courses:read:published" },
  { pattern: "/courses/[courseId]/learn", access: "courses:read:published" },
  { pattern: "/courses/[courseId]/modules/[moduleId]/lessons/[lessonId]", access: "courses:read:published" },
  { pattern: "/profile", access: "profile:read:own" },
  // administration: staff
  { pattern: "/admin", access: "admin-area:enter" },
  { pattern: "/admin/courses", access: "courses:update:own" },
  { pattern: "/admin/courses/create", access: "courses:create" },
  // Certificate templates sit under Course Management (its entry stays the active one there).
  { pattern: "/admin/courses/certificates", access: "certificates:manage" },
  { pattern: "/admin/courses/certificates/[templateId]", access: "certificates:manage" },
  { pattern: "/admin/courses/[courseId]", access: "courses:update:own" },
  // A course's quizzes and their grading: its editors, reached from the course editor.
  { pattern: "/admin/courses/[courseId]/grading", access: "courses:update:own" },
  { pattern: "/admin/courses/[courseId]/grading/[attemptId]", access: "courses:update:own" },
  { pattern: "/admin/courses/[courseId]/lessons/[lessonId]/quiz", access: "courses:update:own" },
  { pattern: "/admin/courses/[courseId]/lessons/[lessonId]/quiz/statistics", access: "courses:update:own" },
  // Question banks are reached from Course Management (a button on its page), not from a navigation entry.
  { pattern: "/admin/question-banks", access: "questions:manage" },
  { pattern: "/admin/question-banks/[bankId]", access: "questions:manage" },
  { pattern: "/admin/groups", access: "groups:manage" },
  { pattern: "/admin/groups/add", access: "groups:manage" },
  { pattern: "/admin/groups/[groupId]", access: "groups:manage" },
  { pattern: "/admin/reports", access: "reports:read" },
  // The reports' breakdowns and drill-downs: the same readers as the overview.
  { pattern: "/admin/reports/courses", access: "reports:read" },
  { pattern: "/admin/reports/courses/[courseId]", access: "reports:read" },
  { pattern: "/admin/reports/groups", access: "reports:read" },
  { pattern: "/admin/reports/learners", access: "reports:read" },
  { pattern: "/admin/reports/learners/[userId]", access: "reports:read" },
  { pattern: "/admin/reports/certificates", access: "reports:read" },
  { pattern: "/admin/events/*", access: "events:manage" },
  // Instructors and org admins read why they cannot import or export (docs/permissions.md "Read-only admin pages").
  { pattern: "/admin/import-export/*", access: "admin-area:enter" },
  // Instructors and org admins find a read-only view of the settings that concern teaching.
  { pattern: "/admin/settings/*", access: "settings:read:teaching" },
  // The courses the viewer edits, with their thumbnails' sources (docs/permissions.md "Thumbnail debug").
  { pattern: "/admin/thumbnail-debug", access: "courses:update:own" },
  // administration: organization administrators
  { pattern: "/admin/overview", access: "organization:read:overview" },
  { pattern: "/admin/users", access: "users:manage" },
  { pattern: "/admin/users/add", access: "users:manage" },
  { pattern: "/admin/users/edit/[userId]", access: "users:manage" },
  { pattern: "/admin/categories", access: "categories:manage" },
  { pattern: "/admin/categories/add", access: "categories:manage" },
  // The audit log lives inside System Settings but is the organization administrators' (not instructors').
  { pattern: "/admin/settings/audit", access: "audit:read" },
  // platform
  { pattern: "/admin/organizations", access: "organization:update:own" },
  { pattern: "/admin/subdomain-management", access: "subdomains:manage" },
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

/** The side navigation's headings, in display order. */
export const NAV_GROUPS = [
  { group: "learning", label: "Learning" },
  { group: "management", label: "Management" },
  { group: "organization", label: "Organization" },
] as const;

export type NavGroup = (typeof NAV_GROUPS)[number]["group"];

export interface NavEntry {
  label: string;
  href: string;
  icon: NavIcon;
  group: NavGroup;
  /** Shown to the holders of this permission… (each may also open the route: checked by a unit test) */
  permission: Permission;
  /** …who do not also hold this one. */
  except?: Permission;
}

/**
 * The side navigation, in display order: the spec's table exactly (docs/permissions.md "Side navigation") —
 * labels, paths, who sees each, and their order relative to each other — grouped under headings, with the
 * product's additions (docs/permissions.md lists them as such) placed in their group.
 * `except: "organizations:manage:all"` leaves out the superadmin, who signs in on the apex, where an
 * organization's own pages have nothing to show.
 */
const NAVIGATION: readonly NavEntry[] = [
  // Learning
  { label: "Dashboard", href: "/dashboard", icon: "dashboard", group: "learning", permission: "courses:enroll:self" },
  // Staff find the courses under Course Management.
  {
    label: "Course Catalog",
    href: "/search",
    icon: "catalog",
    group: "learning",
    permission: "courses:enroll:self",
    except: "courses:update:own",
  },
  { label: "Calendar", href: "/calendar", icon: "calendar", group: "learning", permission: "calendar:read" },
  {
    label: "Messages",
    href: "/messages",
    icon: "messages",
    group: "learning",
    permission: "messages:use",
    except: "organizations:manage:all",
  },
  { label: "My Profile", href: "/profile", icon: "profile", group: "learning", permission: "profile:read:own" },
  // Management
  {
    label: "Course Management",
    href: "/admin/courses",
    icon: "courses",
    group: "management",
    permission: "courses:update:own",
  },
  {
    label: "Categories",
    href: "/admin/categories",
    icon: "categories",
    group: "management",
    permission: "categories:manage",
    except: "organizations:manage:all",
  },
  { label: "Group", href: "/admin/groups", icon: "groups", group: "management", permission: "groups:manage" },
  {
    label: "Events",
    href: "/admin/events",
    icon: "events",
    group: "management",
    permission: "events:manage",
    except: "organizations:manage:all",
  },
  { label: "Reports", href: "/admin/reports", icon: "reports", group: "management", permission: "reports:read" },
  // Organization
  {
    label: "Overview",
    href: "/admin/overview",
    icon: "overview",
    group: "organization",
    permission: "organization:read:overview",
    except: "organizations:manage:all",
  },
  {
    label: "Users",
    href: "/admin/users",
    icon: "users",
    group: "organization",
    permission: "users:manage",
    except: "organizations:manage:all",
  },
  {
    label: "Organizations",
    href: "/admin/organizations",
    icon: "organizations",
    group: "organization",
    permission: "organization:update:own",
  },
  {
    label: "System Settings",
    href: "/admin/settings",
    icon: "settings",
    group: "organization",
    permission: "settings:manage",
  },
  {
    label: "Import/Export",
    href: "/admin/import-export",
    icon: "importExport",
    group: "organization",
    permission: "import-export:use",
  },
  {
    label: "Subdomain Management",
    href: "/admin/subdomain-management",
    icon: "subdomains",
    group: "organization",
    permission: "subdomains:manage",
  },
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
function findRoute(pathname: string): RouteEntry | undefined {
  // An exact pattern wins over a wildcard above it; otherwise the table order decides.
  return (
    ROUTES.find((r) => !r.pattern.endsWith("/*") && matches(r.pattern, pathname)) ??
    ROUTES.find((r) => matches(r.pattern, pathname))
  );
}

export function roleAllowed(access: Access, role: Role | null | undefined): boolean {
  if (access === "public") return true;
  return role ? can(role, access) : false;
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
 * Where a signed-in user lands after login and at '/': the specification names it by role (admin and
 * instructor go to the reports, org_admin does not), so it is a table of roles, not a permission.
 */
const LANDING_AFTER_SIGN_IN: Record<Role, string> = {
  learner: "/dashboard",
  instructor: "/admin/reports",
  org_admin: "/dashboard",
  admin: "/admin/reports",
  superadmin: "/dashboard",
};

/** Where a signed-in user goes: after login and at '/', their landing; every other public sign-in page sends everybody to the dashboard. */
export function homePathFor(role: Role, from: "login" | "other" = "login"): string {
  return from === "login" ? LANDING_AFTER_SIGN_IN[role] : "/dashboard";
}

export function navigationFor(role: Role): NavEntry[] {
  return NAVIGATION.filter((entry) => can(role, entry.permission) && !(entry.except && can(role, entry.except)));
}

/** The role's entries under their headings; groups the role has nothing in are left out. */
export function navigationGroupsFor(role: Role): { group: NavGroup; label: string; entries: NavEntry[] }[] {
  const entries = navigationFor(role);
  return NAV_GROUPS.map(({ group, label }) => ({
    group,
    label,
    entries: entries.filter((entry) => entry.group === group),
  })).filter(({ entries }) => entries.length > 0);
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
