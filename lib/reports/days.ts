// The days a report's filters may name: the date pickers' range (MUI X's default). Plain constants, so the
// filter form takes them without pulling zod (and its eval probe, which the page's CSP refuses) into the
// browser; the reports' query schema checks against the same two.

export const REPORT_MIN_DAY = "1900-01-01";
export const REPORT_MAX_DAY = "2099-12-31";
