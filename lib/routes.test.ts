import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  activeNavHref,
  decideRoute,
  findRoute,
  homePathFor,
  NAVIGATION,
  navigationFor,
  roleAllowed,
  roleLabel,
  ROUTES,
} from "./routes";

describe("route table", () => {
  it("every navigation entry points at a route its roles may open", () => {
    for (const entry of NAVIGATION) {
      const route = findRoute(entry.href);
      expect(route, entry.href).toBeDefined();
      for (const role of entry.roles) expect(roleAllowed(route!.access, role), `${role} → ${entry.href}`).toBe(true);
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
    const route = findRoute(urlPath);
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
