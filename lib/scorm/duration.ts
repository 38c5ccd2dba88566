// SCORM time spans. 1.2 writes `HHHH:MM:SS.SS` (CMITimespan), 2004 ISO 8601 durations (`PT1H2M3.5S`).
// Unreadable values count as 0 seconds: a SCO's bad clock must never fail a commit.

const SCORM12_TIMESPAN = /^(\d{1,4}):(\d{1,2}):(\d{1,2}(?:\.\d{1,2})?)$/;
const ISO_DURATION =
  /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;
// The same approximations scorm-again uses for years and months.
const ISO_UNITS = [31_536_000, 2_592_000, 604_800, 86_400, 3_600, 60, 1];

/** Seconds of a 1.2 timespan or a 2004 duration (either format accepted); 0 when empty or unreadable. */
export function parseDuration(value: unknown): number {
  if (typeof value === "number") return Number.isFinite(value) && value > 0 ? value : 0;
  if (typeof value !== "string") return 0;
  const text = value.trim();
  const hms = SCORM12_TIMESPAN.exec(text);
  if (hms) return Number(hms[1]) * 3600 + Number(hms[2]) * 60 + Number(hms[3]);
  const iso = ISO_DURATION.exec(text);
  if (!iso || text === "P" || text.endsWith("T")) return 0;
  return ISO_UNITS.reduce((sum, unit, i) => sum + Number(iso[i + 1] ?? 0) * unit, 0);
}

/** 1.2 CMITimespan: `HHHH:MM:SS.SS` (hours at least two digits). */
export function formatScorm12Time(seconds: number): string {
  const total = Math.max(0, Math.round(seconds * 100) / 100);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = Math.round((total % 60) * 100) / 100;
  const [whole, fraction] = secs.toFixed(2).split(".");
  return `${String(Math.min(hours, 9999)).padStart(2, "0")}:${String(minutes).padStart(2, "0")}:${whole!.padStart(2, "0")}.${fraction}`;
}

/** 2004 timeinterval: `PT#H#M#S` (seconds with up to two decimals). */
export function formatIsoDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds * 100) / 100);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = Math.round((total % 60) * 100) / 100;
  return `PT${hours}H${minutes}M${secs}S`;
}
