import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument, TAGS } from "@/lib/openapi/document";
import { exportedMethods, openApiPath, routeFiles } from "@/lib/openapi/route-files";
import { isPermission } from "@/lib/tenancy/role-permissions";

// The document and the route files must agree both ways: a new route without documentation fails, and
// so does documentation of a route that does not exist (or no longer does).

const EXCLUDED: Record<string, string> = {
  // next-auth's own endpoints (CSRF, session, callbacks, sign-out) behind one catch-all: their shape is
  // next-auth's, not ours, and only the browser's session plumbing calls them; API clients use /auth/login.
  "api/auth/[...nextauth]/route.ts": "next-auth",
};
// Stored files (avatars, thumbnails) served by key: bytes for <img>, not an API.
const EXCLUDED_PREFIXES = ["uploads/"];

const OPENAPI_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

const allRoutes = routeFiles(path.resolve("app"));
const apiRoutes = allRoutes.filter(
  (r) =>
    (r.path.startsWith("/api/") || r.path.startsWith("/auth/") || r.path.startsWith("/scorm/")) &&
    !(r.file in EXCLUDED) &&
    !EXCLUDED_PREFIXES.some((p) => r.file.startsWith(p)),
);
const document = openApiDocument();

const key = (method: string, p: string) => `${method.toUpperCase()} ${p}`;
const implemented = new Map(apiRoutes.flatMap((r) => r.methods.map((m) => [key(m, r.path), r.file] as const)));
const documented = new Set(
  Object.entries(document.paths ?? {}).flatMap(([p, item]) =>
    OPENAPI_METHODS.filter((m) => item?.[m]).map((m) => key(m, p)),
  ),
);

describe("the OpenAPI document covers the route files", () => {
  it("finds the route files (the walk works)", () => {
    expect(implemented.has("POST /auth/login")).toBe(true);
    expect(implemented.has("GET /api/messages/unread-count")).toBe(true);
  });

  it("documents every method of every /api and /auth route file", () => {
    const undocumented = [...implemented]
      .filter(([op]) => !documented.has(op))
      .map(([op, file]) => `${op}  (app/${file})`);
    expect(undocumented, "route handlers missing from lib/openapi/paths/*.ts").toEqual([]);
  });

  it("documents nothing that has no route file", () => {
    const missing = [...documented].filter((op) => !implemented.has(op));
    expect(missing, "documented in lib/openapi/paths/*.ts, but no app/**/route.ts exports it").toEqual([]);
  });

  it("excludes only route files that exist", () => {
    for (const file of Object.keys(EXCLUDED))
      expect(
        allRoutes.some((r) => r.file === file),
        file,
      ).toBe(true);
  });
});

describe("the OpenAPI document", () => {
  const operations = Object.entries(document.paths ?? {}).flatMap(([p, item]) =>
    OPENAPI_METHODS.flatMap((m) => (item?.[m] ? [{ path: p, method: m, op: item[m] }] : [])),
  );

  it("is OpenAPI 3.1", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual([
      "apiKeyAuth",
      "bearerAuth",
      "sessionCookie",
    ]);
  });

  it("offers API keys on the /api operations that take a signed-in caller, and nowhere else", () => {
    for (const { path: p, method, op } of operations) {
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
      const signedIn = schemes.includes("bearerAuth");
      expect(schemes.includes("apiKeyAuth"), key(method, p)).toBe(signedIn && p.startsWith("/api/"));
    }
  });

  it("names, where it says which permission an operation needs, a permission that exists", () => {
    const declared = operations.flatMap(({ op }) => {
      const permission = (op as Record<string, unknown>)["x-required-permission"];
      return permission === undefined ? [] : [permission];
    });
    expect(declared).toContain("api-keys:manage");
    for (const permission of declared) expect(isPermission(permission), String(permission)).toBe(true);
  });

  it("says which permission each /api operation an API key may call needs, but where a relationship decides", () => {
    // Decided by the caller's relation to the record, not by one permission (docs/permissions.md).
    const byRelationship = new Set([
      "GET /api/courses",
      "GET /api/courses/{courseId}",
      "GET /api/courses/{courseId}/placeholder",
      "GET /api/courses/{courseId}/outline",
      "GET /api/courses/{courseId}/lessons/{lessonId}",
      "GET /api/courses/{courseId}/lessons/{lessonId}/media",
      "GET /api/courses/{courseId}/lessons/{lessonId}/scorm/launch",
      "GET /api/courses/{courseId}/lessons/{lessonId}/cmi5",
      "POST /api/courses/{courseId}/lessons/{lessonId}/cmi5/launch",
      "POST /api/scorm-tracking",
      "DELETE /api/enrollments/{enrollmentId}",
    ]);
    const undeclared = operations
      .filter(({ op }) => (op.security ?? []).some((s) => "apiKeyAuth" in s))
      .filter(({ op }) => (op as Record<string, unknown>)["x-required-permission"] === undefined)
      .map(({ path: p, method }) => key(method, p))
      .filter((k) => !byRelationship.has(k));
    expect(undeclared).toEqual([]);
  });

  it("gives every operation a unique id, a known tag, a summary, its security and a success answer (or a browser flow's redirect)", () => {
    const tags = new Set(TAGS.map((t) => t.name));
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path: p, method, op } of operations) {
      const label = key(method, p);
      expect(op.operationId, label).toBeTruthy();
      expect(op.summary, label).toBeTruthy();
      expect(op.tags?.length, label).toBe(1);
      expect(tags.has(op.tags![0]!), label).toBe(true);
      expect(Array.isArray(op.security), label).toBe(true);
      expect(
        Object.keys(op.responses ?? {}).some((s) => /^[23]\d\d$/.test(s)),
        label,
      ).toBe(true);
    }
  });

  it("declares exactly the path parameters of each path template", () => {
    for (const { path: p, method, op } of operations) {
      const inTemplate = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? [])
        .flatMap((param) => ("in" in param && param.in === "path" ? [param.name] : []))
        .sort();
      expect(declared, key(method, p)).toEqual(inTemplate);
    }
  });

  it("has no dangling $ref", () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/([^"]+)"/g)].map((m) => m[1]!);
    const missing = refs.filter(
      (ref) =>
        ref
          .split("/")
          .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document) === undefined,
    );
    expect(refs.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  it("is cached", () => {
    expect(openApiDocument()).toBe(document);
  });
});

describe("route-files helpers", () => {
  it("spells file paths the OpenAPI way", () => {
    expect(openApiPath("api/courses/[courseId]/lessons/[lessonId]/route.ts")).toBe(
      "/api/courses/{courseId}/lessons/{lessonId}",
    );
    expect(openApiPath("(public)/auth/login/route.ts")).toBe("/auth/login");
    expect(openApiPath("api/openapi.json/route.ts")).toBe("/api/openapi.json");
    expect(openApiPath("uploads/[...path]/route.ts")).toBe("/uploads/{path}");
    expect(openApiPath("api/calendar/feed/[secret]/route.ts")).toBe("/api/calendar/feed/{secret}.ics");
  });

  it("reads every way of exporting a method", () => {
    expect(
      exportedMethods(`export const GET = handle("x", async () => ({}));\nexport async function POST() {}`),
    ).toEqual(["get", "post"]);
    expect(exportedMethods(`export function PATCH() {}\nexport const dynamic = "force-dynamic";`)).toEqual(["patch"]);
    expect(exportedMethods(`export { handler as GET, handler as POST };`)).toEqual(["get", "post"]);
    expect(exportedMethods(`export { DELETE } from "./shared";`)).toEqual(["delete"]);
    expect(exportedMethods(`const GET = 1;\nexport const config = {};`)).toEqual([]);
  });
});
