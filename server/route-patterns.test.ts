import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadRoutePatterns } from "./route-patterns";

// A build's routes manifest, cut down to the shapes that matter: static routes, dynamic ones in Next's
// order (a specific route before the catch-all of its folder), and the SCORM content routes whose token
// must never reach a log.
const dir = mkdtempSync(path.join(tmpdir(), "route-patterns-"));
mkdirSync(path.join(dir, ".next"));
writeFileSync(
  path.join(dir, ".next", "routes-manifest.json"),
  JSON.stringify({
    staticRoutes: [
      { page: "/", regex: "^/(?:/)?$" },
      { page: "/api/courses", regex: "^/api/courses(?:/)?$" },
    ],
    dynamicRoutes: [
      { page: "/api/courses/[courseId]", regex: "^/api/courses/([^/]+?)(?:/)?$" },
      { page: "/api/[[...path]]", regex: "^/api(?:/(.+?))?(?:/)?$" },
      { page: "/scorm/commits/[contentToken]", regex: "^/scorm/commits/([^/]+?)(?:/)?$" },
      { page: "/scorm/files/[contentToken]/[...path]", regex: "^/scorm/files/([^/]+?)/(.+?)(?:/)?$" },
    ],
  }),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("loadRoutePatterns", () => {
  const routeOf = loadRoutePatterns(dir, ["/metrics"]);

  it("names a request by the route that answers it, never by its path", () => {
    expect(routeOf("/")).toBe("/");
    expect(routeOf("/api/courses")).toBe("/api/courses");
    expect(routeOf("/api/courses/")).toBe("/api/courses");
    expect(routeOf("/api/courses/0190a1b2")).toBe("/api/courses/[courseId]");
    expect(routeOf("/api/nothing/here")).toBe("/api/[[...path]]");
    expect(routeOf("/scorm/commits/secret-token")).toBe("/scorm/commits/[contentToken]");
    expect(routeOf("/scorm/files/secret-token/a/b.html")).toBe("/scorm/files/[contentToken]/[...path]");
  });

  it("names the server's own paths, Next's files, and the rest", () => {
    expect(routeOf("/metrics")).toBe("/metrics");
    expect(routeOf("/_next/static/chunks/app.js")).toBe("/_next/[...path]");
    expect(routeOf("/no/such/page")).toBe("(no route)");
  });
});
