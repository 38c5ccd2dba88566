import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportedMethods, routeFiles } from "@/lib/openapi/route-files";

// Every route file answers every method: the ones it implements, and a JSON 405 with an Allow header
// for the rest (notAllowedExcept in lib/http.ts; Next's own 405 has no body). Unknown paths below /api
// and /auth are JSON 404s (the catch-all route files).

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const appDir = path.resolve("app");
const files = routeFiles(appDir).filter((r) => !r.file.includes("[...nextauth]"));
const CATCH_ALLS = ["api/[[...path]]/route.ts", "auth/[[...path]]/route.ts"];
// The xAPI endpoint and cmi5's fetch URL answer every method themselves, in their specs' terms
// (lib/server/xapi/handler.ts, lib/server/cmi5/fetch.ts).
const OWN_ANSWERS = ["xapi/[[...path]]/route.ts", "cmi5/fetch/[fetchToken]/route.ts"];

function destructured(source: string, helper: string): { names: string[]; args: string[] } | null {
  const match = new RegExp(`export const \\{([^}]*)\\} = ${helper}\\(([^)]*)\\);`).exec(source);
  if (!match) return null;
  const list = (text: string) =>
    text
      .split(",")
      .map((s) => s.trim().replace(/"/g, ""))
      .filter(Boolean);
  return { names: list(match[1]!), args: list(match[2]!) };
}

describe("route files answer every method", () => {
  it("finds the route files", () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it.each(files.filter((r) => !CATCH_ALLS.includes(r.file) && !OWN_ANSWERS.includes(r.file)).map((r) => [r.file]))(
    "app/%s: the methods it does not implement answer 405",
    (file) => {
      const source = readFileSync(path.join(appDir, file), "utf8");
      const implemented = exportedMethods(source)
        .map((m) => m.toUpperCase())
        .filter((m) => METHODS.includes(m));
      const rest = destructured(source, "notAllowedExcept");
      expect(
        rest,
        `add: export const { … } = notAllowedExcept(${implemented.map((m) => `"${m}"`).join(", ")});`,
      ).not.toBeNull();
      expect(rest!.args.sort()).toEqual([...implemented].sort());
      expect([...rest!.names, ...implemented].sort()).toEqual([...METHODS].sort());
    },
  );

  it.each(CATCH_ALLS.map((f) => [f]))("app/%s answers every method with a JSON 404", (file) => {
    const source = readFileSync(path.join(appDir, file), "utf8");
    expect(destructured(source, "unknownApiPath")?.names.sort()).toEqual([...METHODS].sort());
  });
});
