// When a failed delivery is tried again: after each failure the wait grows (5 s, 5 min, 30 min, 2 h, 5 h,
// 10 h, 14 h, then 20 h twice: about three days in all), each wait moved by up to ±20 % at random so
// that endpoints which failed together do not all come back at the same second.

export const RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 72_000] as const;

/** The most attempts a delivery gets: the first, then one after each delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/**
 * The time of the next attempt after `attempts` attempts failed, or null when there is none left.
 * `random` is in [0, 1).
 */
export function nextAttemptAfter(attempts: number, now: Date, random: number = Math.random()): Date | null {
  const delay = RETRY_DELAYS_SECONDS[attempts - 1];
  if (delay === undefined) return null;
  const jitter = 1 + (random * 2 - 1) * 0.2;
  return new Date(now.getTime() + Math.round(delay * jitter * 1000));
}

/** An endpoint that has failed every delivery for this long is turned off and its admins told. */
export const FAILING_ENDPOINT_DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
