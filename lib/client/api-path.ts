// Client components write resource paths ("courses", "/courses/1"); the route handlers live under
// /api. Sign-in endpoints (/auth/*) and file URLs are served outside /api, so they pass through.

const ABSOLUTE_URL = /^https?:\/\//i;
const PASS_THROUGH_PREFIXES = ["/api", "/auth"] as const;
const PASS_THROUGH_SEGMENTS = ["/uploads/", "/s3-proxy/"] as const;

/**
 * True when `path` is `prefix` itself or lies below it. A bare startsWith would also match "/authors"
 * or "/apiary", which are ordinary resources and must still be prefixed.
 */
export function hasPathPrefix(path: string, prefix: string): boolean {
  if (!path.startsWith(prefix)) return false;
  const next = path.charAt(prefix.length);
  return next === "" || next === "/" || next === "?" || next === "#";
}

export function resolveApiPath(path: string): string {
  if (ABSOLUTE_URL.test(path)) return path;
  const rooted = path.startsWith("/") ? path : `/${path}`;
  if (PASS_THROUGH_PREFIXES.some((prefix) => hasPathPrefix(rooted, prefix))) return rooted;
  if (PASS_THROUGH_SEGMENTS.some((segment) => rooted.includes(segment))) return rooted;
  return `/api${rooted}`;
}

/** The path part of a resolved URL, without query or fragment. */
export function pathnameOf(url: string): string {
  const withoutOrigin = ABSOLUTE_URL.test(url) ? url.replace(/^https?:\/\/[^/?#]*/i, "") : url;
  return withoutOrigin.split(/[?#]/, 1)[0] || "/";
}
