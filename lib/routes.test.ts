import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  activeNavHref,
  decideRoute,
  homePathFor,
  navigationFor,
  navigationGroupsFor,
  roleAllowed,
  roleLabel,
  ROUTES,
} from "./routes";

const ROLES = ["learner", "instructor", "org_admin", "admin", "superadmin"] as const;
type Role = (typeof ROLES)[number];

// Who may open each page and who sees each navigation entry, written out from the specification
// (docs/specification.md "Screens and routes": the route lists, "superadmin bypasses route role checks";
// the side navigation's table) and docs/permissions.md for the product's own pages and entries. The route
// table derives them from the permissions: these lists are what the derivation is checked against.
const EVERYONE: readonly Role[] = ROLES;
const STAFF: readonly Role[] = ["instructor", "org_admin", "admin", "superadmin"];
const ORG_ADMINS: readonly Role[] = ["org_admin", "admin", "superadmin"];
const PAGE_AUDIENCES: Record<string, "public" | readonly Role[]> = {
  "/": "public",
  "/register": "public",
  "/login": "public",
  "/signup": "public",
  "/forgot-password": "public",
  "/reset-password/[token]": "public",
  "/search": "public",
  "/unauthorized": "public",
  "/api-docs": "public",
  "/confirm-email/[token]": "public",
  "/verify": "public",
  "/verify/[code]": "public",
  "/dashboard": EVERYONE,
  "/messages": EVERYONE,
  "/messages/[threadId]": EVERYONE,
  "/calendar": EVERYONE,
  "/courses/[courseId]": EVERYONE,
  "/courses/[courseId]/learn": EVERYONE,
  "/courses/[courseId]/modules/[moduleId]/lessons/[lessonId]": EVERYONE,
  "/profile": EVERYONE,
  "/admin": STAFF,
  "/admin/courses": STAFF,
  "/admin/courses/create": STAFF,
  "/admin/courses/certificates": STAFF,
  "/admin/courses/certificates/[templateId]": STAFF,
  "/admin/courses/[courseId]": STAFF,
  "/admin/courses/[courseId]/grading": STAFF,
  "/admin/courses/[courseId]/grading/[attemptId]": STAFF,
  "/admin/courses/[courseId]/lessons/[lessonId]/quiz": STAFF,
  "/admin/courses/[courseId]/lessons/[lessonId]/quiz/statistics": STAFF,
  "/admin/question-banks": STAFF,
  "/admin/question-banks/[bankId]": STAFF,
  "/admin/groups": STAFF,
  "/admin/groups/add": STAFF,
  "/admin/groups/[groupId]": STAFF,
  "/admin/reports": STAFF,
  "/admin/reports/courses": STAFF,
  "/admin/reports/courses/[courseId]": STAFF,
  "/admin/reports/groups": STAFF,
  "/admin/reports/learners": STAFF,
  "/admin/reports/learners/[userId]": STAFF,
  "/admin/reports/certificates": STAFF,
  "/admin/events/*": STAFF,
  "/admin/import-export/*": STAFF,
  "/admin/settings/*": STAFF,
  "/admin/thumbnail-debug": STAFF,
  "/admin/overview": ORG_ADMINS,
  "/admin/users": ORG_ADMINS,
  "/admin/users/add": ORG_ADMINS,
  "/admin/users/edit/[userId]": ORG_ADMINS,
  "/admin/categories": ORG_ADMINS,
  "/admin/categories/add": ORG_ADMINS,
  "/admin/settings/audit": ORG_ADMINS,
  "/admin/organizations": ["admin", "superadmin"],
  "/admin/subdomain-management": ["superadmin"],
};

// Under the headings Learning, Management and Organization; the spec's entries (Calendar, My Profile, Course
// Management, Group, Reports, Users, Organizations, System Settings, Import/Export, Subdomain Management) keep
// their order relative to each other.
const NAVIGATION_OF: Record<Role, string[]> = {
  learner: ["Dashboard", "Course Catalog", "Calendar", "Messages", "My Profile"],
  instructor: ["Dashboard", "Calendar", "Messages", "My Profile", "Course Management", "Group", "Events", "Reports"],
  org_admin: [
    ...["Dashboard", "Calendar", "Messages", "My Profile"],
    ...["Course Management", "Categories", "Group", "Events", "Reports"],
    ...["Overview", "Users"],
  ],
  admin: [
    ...["Dashboard", "Calendar", "Messages", "My Profile"],
    ...["Course Management", "Categories", "Group", "Events", "Reports"],
    ...["Overview", "Users", "Organizations", "System Settings", "Import/Export"],
  ],
  superadmin: [
    ...["Dashboard", "Calendar", "My Profile"],
    ...["Course Management", "Group", "Reports"],
    ...["Organizations", "System Settings", "Import/Export", "Subdomain Management"],
  ],
};

const HEADINGS_OF: Record<Role, string[]> = {
  learner: ["Learning"],
  instructor: ["Learning", "Management"],
  org_admin: ["Learning", "Management", "Organization"],
  admin: ["Learning", "Management", "Organization"],
  superadmin: ["Learning", "Management", "Organization"],
};

describe("route table", () => {
  it("lets each page's audience in, and only it", () => {
    expect(ROUTES.map((r) => r.pattern).sort()).toEqual(Object.keys(PAGE_AUDIENCES).sort());
    for (const route of ROUTES) {
      const audience = PAGE_AUDIENCES[route.pattern];
      const allowed = route.access === "public" ? "public" : ROLES.filter((role) => roleAllowed(route.access, role));
      expect(allowed, route.pattern).toEqual(audience);
    }
  });

  it("shows each role its navigation entries, in order", () => {
    for (const role of ROLES)
      expect(
        navigationFor(role).map((e) => e.label),
        role,
      ).toEqual(NAVIGATION_OF[role]);
  });

  it("groups each role's entries under headings, in the same order", () => {
    for (const role of ROLES) {
      const groups = navigationGroupsFor(role);
      expect(
        groups.map((g) => g.label),
        role,
      ).toEqual(HEADINGS_OF[role]);
      expect(
        groups.flatMap((g) => g.entries.map((e) => e.label)),
        role,
      ).toEqual(NAVIGATION_OF[role]);
    }
  });

  it("every navigation entry points at a route its audience may open", () => {
    for (const role of ROLES) {
      for (const entry of navigationFor(role)) {
        expect(decideRoute(entry.href, role), `${role} → ${entry.href}`).toEqual({ kind: "allow" });
      }
    }
  });

  it("decides like the spec", () => {
    expect(decideRoute("/dashboard", undefined)).toEqual({ kind: "login" });
    expect(decideRoute("/admin/users", "instructor")).toEqual({ kind: "unauthorized" });
    expect(decideRoute("/admin/users", "org_admin")).toEqual({ kind: "allow" });
    expect(decideRoute("/admin/subdomain-management", "admin")).toEqual({ kind: "unauthorized" });
    expect(decideRoute("/admin/subdomain-management", "superadmin")).toEqual({ kind: "allow" });
    expect(decideRoute("/admin/events/anything/below", "instructor")).toEqual({ kind: "allow" });
    expect(decideRoute("/login", "admin")).toEqual({ kind: "redirect", to: "/admin/reports" });
    expect(decideRoute("/", "instructor")).toEqual({ kind: "redirect", to: "/admin/reports" });
    expect(decideRoute("/register", "admin")).toEqual({ kind: "redirect", to: "/dashboard" });
    expect(decideRoute("/login", "learner")).toEqual({ kind: "redirect", to: "/dashboard" });
    expect(decideRoute("/search", "learner")).toEqual({ kind: "allow" });
    expect(decideRoute("/dashboard", null)).toEqual({ kind: "pending" });
    expect(decideRoute("/nope", "admin")).toEqual({ kind: "unknown" });
    expect(decideRoute("/courses/abc/modules/def/lessons/ghi", "learner")).toEqual({ kind: "allow" });
  });

  it("home paths", () => {
    expect(homePathFor("admin")).toBe("/admin/reports");
    expect(homePathFor("instructor")).toBe("/admin/reports");
    expect(homePathFor("org_admin")).toBe("/dashboard");
    expect(homePathFor("learner")).toBe("/dashboard");
    expect(homePathFor("superadmin")).toBe("/dashboard");
    expect(homePathFor("admin", "other")).toBe("/dashboard");
  });

  it("active entry is prefix-based, longest wins", () => {
    const entries = navigationFor("admin");
    expect(activeNavHref("/admin/courses/123", entries)).toBe("/admin/courses");
    expect(activeNavHref("/dashboard", entries)).toBe("/dashboard");
    expect(activeNavHref("/admin/coursesx", entries)).toBeUndefined();
  });

  it("role labels", () => {
    expect(roleLabel("org_admin")).toBe("Admin");
    expect(roleLabel("systemadmin")).toBe("System Admin");
    expect(roleLabel("admin")).toBe("Administrator");
    expect(roleLabel("instructor")).toBe("Instructor");
    expect(roleLabel("learner")).toBe("Learner");
    expect(roleLabel("superadmin")).toBe("User");
    expect(roleLabel(undefined)).toBe("User");
  });
});

/** Every page file maps to a route of the table and guards itself with exactly that pattern. */
describe("pages and the route table", () => {
  const appDir = path.resolve("app");
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === "page.tsx") pages.push(full);
    }
  };
  walk(appDir);

  it.each(pages.map((p) => [path.relative(appDir, p)]))("%s", (relative) => {
    const urlPath =
      "/" +
      path
        .dirname(relative)
        .split(path.sep)
        .filter((s) => s !== "." && !/^\(.*\)$/.test(s))
        .join("/");
    expect(decideRoute(urlPath, "superadmin").kind, urlPath).not.toBe("unknown");
    // Its own route: the pattern written as its folder is, or the wildcard route above it.
    const route =
      ROUTES.find((r) => r.pattern === urlPath) ??
      ROUTES.find((r) => r.pattern.endsWith("/*") && `${urlPath}/`.startsWith(r.pattern.slice(0, -1)));
    expect(route, urlPath).toBeDefined();
    const source = readFileSync(path.join(appDir, relative), "utf8");
    expect(source).toMatch(new RegExp(`guard(SignedIn)?Page\\("${route!.pattern.replace(/[[\]*/]/g, "\\$&")}"\\)`));
  });

  it("every non-wildcard route has a page", () => {
    const urls = new Set(
      pages.map(
        (p) =>
          "/" +
          path
            .dirname(path.relative(appDir, p))
            .split(path.sep)
            .filter((s) => s !== "." && !/^\(.*\)$/.test(s))
            .join("/"),
      ),
    );
    for (const route of ROUTES) expect(urls.has(route.pattern.replace(/\/\*$/, "")), route.pattern).toBe(true);
  });
});
