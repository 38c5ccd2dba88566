// Test-only, never loaded by the app itself: preloaded (`--import`) into the processes that seed and serve
// the visual regression suite, so that every date the pages show is the same on every run.
// FROZEN_CLOCK_AT (an ISO instant) is where the clock stands. With FROZEN_CLOCK_TICKS=true it runs on from
// there at the real pace (the seed: its rows keep their creation order); otherwise it stands still (the
// app: a sign-in, a "today" or a time written by a page is the same whenever the suite runs).
// Timers and performance.now() are left alone: they measure durations, not dates.

const at = Date.parse(process.env.FROZEN_CLOCK_AT ?? "");
if (Number.isNaN(at)) throw new Error("frozen-clock.mjs needs FROZEN_CLOCK_AT, an ISO instant");

const RealDate = Date;
const startedAt = RealDate.now();
const now = process.env.FROZEN_CLOCK_TICKS === "true" ? () => at + (RealDate.now() - startedAt) : () => at;

/** `new Date()` and `Date.now()` read the frozen clock; every other form behaves as Date does. */
function FrozenDate(...args) {
  if (new.target === undefined) return new RealDate(now()).toString();
  // new.target keeps subclasses (TZDate from @date-fns/tz extends the global Date) working.
  return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target);
}
FrozenDate.prototype = RealDate.prototype;
FrozenDate.now = now;
FrozenDate.parse = RealDate.parse;
FrozenDate.UTC = RealDate.UTC;
globalThis.Date = FrozenDate;
