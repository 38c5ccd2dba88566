import { dayAndTime, shortDay } from "@/lib/format-dates";

// How the reports write their figures.

const whole = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 });

export const formatCount = (n: number | null | undefined) => whole.format(n ?? 0);

/** A whole percent; an absent figure is a dash. */
export const formatPercent = (n: number | null | undefined) =>
  n === null || n === undefined ? "—" : `${Math.round(n)}%`;

/** A score out of 100 (SCORM's scaled or raw), or a dash when nobody has one. */
export const formatScore = (n: number | null | undefined) =>
  n === null || n === undefined ? "—" : oneDecimal.format(n);

/** Seconds as "1 h 5 min", "12 min", "45 s"; a dash for none. */
export function formatDuration(seconds: number | null | undefined): string {
  if (!seconds || seconds < 0) return "—";
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** An ISO instant as "25 Nov 2026, 14:05" in the viewer's zone, or "Never". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "Never";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return dayAndTime(date);
}

/** An ISO instant's day as "25 Nov 2026" (UTC, as certificates state their dates), or a dash. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return shortDay(date);
}

/**
 * A SCORM result in words. "unknown" is what content reports when it does not judge pass or fail: said as
 * such, so it does not read like an error.
 */
export const SCORM_RESULT: Record<string, string> = { passed: "Passed", failed: "Failed", unknown: "Not reported" };

export const scormResult = (status: string | null | undefined): string =>
  status ? (SCORM_RESULT[status] ?? status) : "—";
