/** How an event may repeat (stored as an RRULE's FREQ). */
export const FREQUENCIES = ["weekly", "monthly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];
