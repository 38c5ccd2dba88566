// Dates as the product writes them. Each formatter is made once: making an Intl.DateTimeFormat costs far
// more than using one (toLocaleDateString with options makes one per call), and a page may write a date
// per row.

const LONG_DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const SHORT_DAY = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
// No time zone: the reader's own (the browser's; the server's in a server render).
const DAY_AND_TIME = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "27 November 2026": the day in UTC, as certificates and completions state it. */
export const longDay = (date: Date | string): string => LONG_DAY.format(new Date(date));

/** "27 Nov 2026": the day in UTC. */
export const shortDay = (date: Date | string): string => SHORT_DAY.format(new Date(date));

/** "27 Nov 2026, 14:05" in the reader's time zone. */
export const dayAndTime = (date: Date | string): string => DAY_AND_TIME.format(new Date(date));
