// Calendar dates ("2026-03-05") and their one representation in the database: midnight UTC. A date
// is the same day in every zone, so it never goes through a zone conversion.

export const DAY_MS = 86_400_000;
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2099;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a YYYY-MM-DD date, or null when it is not a real date. */
export function parseDate(value: string): Date | null {
  const match = DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  // Date.UTC maps years 0–99 to 1900–1999; four digits were given, so the check above catches it.
  return date;
}

/** The YYYY-MM-DD of a midnight-UTC date (or of any instant's UTC day). */
export function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);
