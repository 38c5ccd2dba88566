import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// Reads the App Router's route handlers from disk, for the test that holds the OpenAPI document to them.

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;

export interface RouteFile {
  /** Relative to app/, with forward slashes: `api/courses/[courseId]/route.ts`. */
  file: string;
  /** The URL path in OpenAPI's spelling: route groups dropped, `[courseId]` → `{courseId}`. */
  path: string;
  /** Lower-case HTTP methods the file exports. */
  methods: string[];
}

export function routeFiles(appDir: string): RouteFile[] {
  const found: RouteFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/^route\.(ts|tsx|js)$/.test(entry.name)) {
        const file = path.relative(appDir, full).split(path.sep).join("/");
        found.push({ file, path: openApiPath(file), methods: exportedMethods(readFileSync(full, "utf8")) });
      }
    }
  };
  walk(appDir);
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * Route files whose URL has a fixed extension after the last parameter: Next cannot name a folder
 * `[secret].ics`, so the handler takes `secret.ics` as its segment and checks the extension itself.
 */
const URL_SUFFIXES: Record<string, string> = { "api/calendar/feed/[secret]/route.ts": ".ics" };

/** `(group)/api/courses/[courseId]/route.ts` → `/api/courses/{courseId}`; catch-alls keep their name. */
export function openApiPath(file: string): string {
  const segments = file
    .split("/")
    .slice(0, -1)
    .filter((s) => !/^\(.*\)$/.test(s) && !s.startsWith("@"));
  return (
    "/" +
    segments.map((s) => s.replace(/^\[{1,2}(?:\.\.\.)?([^\]]+)\]{1,2}$/, "{$1}")).join("/") +
    (URL_SUFFIXES[file] ?? "")
  );
}

/** The HTTP methods a route module exports, in any of the forms TypeScript allows. */
export function exportedMethods(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:const|let|var|(?:async\s+)?function\*?)\s+([A-Z]+)\b/g))
    names.add(m[1]!);
  // export { handler as GET, POST } (optionally `from "…"`)
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1]!.split(",")) {
      const exported = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (exported) names.add(exported);
    }
  }
  return METHODS.filter((method) => names.has(method)).map((method) => method.toLowerCase());
}
