/**
 * The time the shop goes by: when a hold, a session or a link lapses, which slots are past, what
 * "today" is at a venue. Code that asks what time it is asks here, and SQL asks `app_now()` (decision
 * 037), so that a test can put the whole server at another instant — 23:50 on the last day of a
 * month, say — and the server and its database agree on it.
 *
 * In production the clock is the system's: the shift is zero and `app_now()` is `app_now()`. What is
 * measured rather than told (a cache entry's age, how long a step took) and what another party
 * checks against its own clock (a provider's request time, a webhook's signature) keep reading the
 * system clock.
 */
let shiftMs = 0;

export const clock = {
  now: (): Date => new Date(Date.now() + shiftMs),
  nowMs: (): number => Date.now() + shiftMs,
  /**
   * The system's clock, unshifted, for what another party checks against its own: a provider's
   * request time, a webhook signature's timestamp. (What is measured, an age or a duration, reads
   * `performance.now()`.)
   */
  systemNow: (): Date => new Date(),
  /**
   * Puts the clock `ms` ahead of the system's (behind when negative); it runs on from there.
   * Only tests call this, through `test/clock.ts`, which moves the database's `app_now()` with it.
   */
  shift(ms: number): void {
    shiftMs = ms;
  },
};
