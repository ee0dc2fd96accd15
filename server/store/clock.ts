// The service's sense of "now" where a rule depends on it (the 12-month cut of the audit log, the
// historical-search token bucket, the recycle bin's restore window): one injectable source, so tests
// can move time instead of waiting. Row timestamps written by the stores still come from the system.
/** Milliseconds since the epoch, as `Date.now()`. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
