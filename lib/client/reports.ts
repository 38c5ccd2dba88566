import { apiPost } from "./api";

// The reports' calls from the browser. GETs under /api/reports go through apiFetch (lib/client/api.ts),
// whose cache (lib/client/api-cache.ts) keeps the last good answer of each for an hour.

export const REPORTS_PAGE = "/admin/reports";
export const REPORTS_REFRESH_PATH = "/api/reports/refresh";

/**
 * POST /api/reports/refresh (no body): brings the summaries up to date for the caller's scope. Never
 * throws: the side navigation goes on to the reports whether it worked or not (docs/specification.md "Routes and navigation").
 */
export async function refreshReports(): Promise<boolean> {
  try {
    await apiPost<unknown>(REPORTS_REFRESH_PATH);
    return true;
  } catch {
    return false;
  }
}
