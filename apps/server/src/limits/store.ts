// Where usage counts live, so that every server process sees the same numbers and a restart
// forgets none: PostgreSQL by default, Redis when REDIS_URL is set.

/** The uses of one key in the current window and in the one before it. */
export interface WindowCounts {
  current: number;
  previous: number;
  /** How far into the current window we are, in milliseconds. */
  elapsedMs: number;
}

export interface LimitStore {
  /** Counts one more use of `key` (atomically: concurrent hits each see their own count). */
  hit(key: string, windowMs: number, now: number): Promise<WindowCounts>;
  /** Takes one use back from the current window (it turned out not to count). */
  refund(key: string, windowMs: number, now: number): Promise<void>;
  /** Forgets every use of `key` in the current and previous windows. */
  reset(key: string, windowMs: number, now: number): Promise<void>;
  /** Drops counts that no window can look at any more. */
  sweep(now: number): Promise<void>;
  close(): Promise<void>;
}

/** Fixed windows aligned on the epoch: every process computes the same boundaries. */
export function windowOf(now: number, windowMs: number) {
  const index = Math.floor(now / windowMs);
  return { index, start: index * windowMs, elapsedMs: now - index * windowMs };
}
