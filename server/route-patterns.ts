import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

// The route pattern of a request path ("/api/courses/[courseId]"), as Next matches it: from the build's
// routes manifest, static routes first, then the dynamic ones in Next's own order. Logs and metrics name
// requests by pattern, never by path: paths carry ids without end and secrets (the content token of the
// SCORM routes, a calendar feed's key, a reset link's token).

interface ManifestRoute {
  page: string;
  regex: string;
}

export type RoutePatternOf = (pathname: string) => string;

/** Paths no route file answers: Next's own files, public files, and whatever is not found. */
const NEXT_FILES = "/_next/[...path]";
const UNMATCHED = "(no route)";

/** `extra`: paths the custom server answers itself, outside Next's routes. */
export function loadRoutePatterns(dir = process.cwd(), extra: string[] = []): RoutePatternOf {
  const file = [
    path.join(dir, ".next", "routes-manifest.json"),
    path.join(dir, ".next", "dev", "routes-manifest.json"),
  ].find((candidate) => existsSync(candidate));
  const manifest = file
    ? (JSON.parse(readFileSync(file, "utf8")) as { staticRoutes?: ManifestRoute[]; dynamicRoutes?: ManifestRoute[] })
    : {};
  const exact = new Map([...(manifest.staticRoutes ?? []).map((route) => route.page), ...extra].map((p) => [p, p]));
  const dynamic = (manifest.dynamicRoutes ?? []).map((route) => ({ page: route.page, regex: new RegExp(route.regex) }));
  return (pathname) => {
    const trimmed = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
    const found = exact.get(trimmed);
    if (found) return found;
    if (pathname.startsWith("/_next/")) return NEXT_FILES;
    return dynamic.find((route) => route.regex.test(pathname))?.page ?? UNMATCHED;
  };
}
