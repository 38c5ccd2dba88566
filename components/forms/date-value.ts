import { format, isValid } from "date-fns";

// A form keeps a date as the API's "YYYY-MM-DD" string; a picker works with a Date at local midnight.

export function dateFromString(value: string | null | undefined): Date | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

/** An unfinished or impossible date becomes "invalid", which the schema refuses with its message. */
export function stringFromDate(date: Date | null): string | null {
  if (date === null) return null;
  return isValid(date) ? format(date, "yyyy-MM-dd") : "invalid";
}
