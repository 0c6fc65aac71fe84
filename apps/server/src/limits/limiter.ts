// Limits on how often something may be done: a sliding-window estimate over two fixed windows
// (the current count plus the previous window's, weighted by how much of it still overlaps).
import { createHash } from 'node:crypto';
import type { LimitStore } from './store.ts';

/**
 * The stored name of a counter: the rule's name and a digest of what it counts (an e-mail address,
 * a client address), so the counters hold no personal data and no key grows with its input.
 */
export function counterKey(rule: LimitRule, key: string): string {
  return `${rule.name}:${createHash('sha256').update(key).digest('base64url').slice(0, 32)}`;
}

export interface LimitRule {
  /** Names the counter: 'login-account', 'signup'… */
  name: string;
  max: number;
  windowMs: number;
}

export interface Verdict {
  allowed: boolean;
  /** Seconds until a try is worth making; 0 when allowed. */
  retryAfterSeconds: number;
}

export class Limiter {
  constructor(
    private readonly store: LimitStore,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one use and says whether it is within the rule. The use is counted before the verdict,
   * so that of many concurrent requests exactly `max` get through.
   */
  async consume(rule: LimitRule, key: string): Promise<Verdict> {
    const { current, previous, elapsedMs } = await this.store.hit(
      counterKey(rule, key),
      rule.windowMs,
      this.now(),
    );
    const overlap = (rule.windowMs - elapsedMs) / rule.windowMs;
    const estimate = current + Math.floor(previous * overlap);
    if (estimate <= rule.max) return { allowed: true, retryAfterSeconds: 0 };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((rule.windowMs - elapsedMs) / 1000)),
    };
  }

  /** Takes back one use that turned out not to count (a log-in that succeeded). */
  refund(rule: LimitRule, key: string): Promise<void> {
    return this.store.refund(counterKey(rule, key), rule.windowMs, this.now());
  }

  /** Forgets the key's uses (a successful log-in clears the account's failures). */
  reset(rule: LimitRule, key: string): Promise<void> {
    return this.store.reset(counterKey(rule, key), rule.windowMs, this.now());
  }

  sweep(): Promise<void> {
    return this.store.sweep(this.now());
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
