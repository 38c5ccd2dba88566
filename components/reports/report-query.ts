// The reports' shared filters as they travel in the address, between the report pages and to the API
// (the same names and values everywhere: GET /api/reports/… and its /export take them as they are).

export const REPORT_FILTER_KEYS = [
  "from",
  "to",
  "category_id",
  "course_id",
  "group_id",
  "status",
  "organization_id",
] as const;
export type ReportFilterKey = (typeof REPORT_FILTER_KEYS)[number];
export type ReportFilters = Partial<Record<ReportFilterKey, string>>;

type ParamSource = URLSearchParams | Record<string, string | string[] | undefined>;

function read(source: ParamSource, key: string): string {
  if (source instanceof URLSearchParams) return source.get(key) ?? "";
  const value = source[key];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** The shared filters of an address (server searchParams or the browser's), empty ones left out. */
export function readReportFilters(source: ParamSource): ReportFilters {
  const filters: ReportFilters = {};
  for (const key of REPORT_FILTER_KEYS) {
    const value = read(source, key).trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** A query string of the shared filters plus any extra parameters (empty values left out), "" when none. */
export function reportQuery(filters: ReportFilters, extra: Record<string, string | number | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) {
    if (value !== undefined && value !== "") query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** A report page's address with the shared filters kept (the tabs and the drill-down links). */
export function reportHref(path: string, filters: ReportFilters, drop: readonly ReportFilterKey[] = []): string {
  const kept: ReportFilters = { ...filters };
  for (const key of drop) delete kept[key];
  return `${path}${reportQuery(kept)}`;
}
