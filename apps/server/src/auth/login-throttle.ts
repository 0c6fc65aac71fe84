// Guessing passwords must be impractical: failed log-ins are counted per account and per address
// in a sliding window; past the limit the answer is 429 with Retry-After. Kept in memory: one
// process serves the shop (see docs/decisions/005-accounts.md).

export interface ThrottleLimits {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = {
  perAccount: 5,
  perAddress: 20,
  windowMs: 15 * 60_000,
};

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - this.limits.windowMs;
    const times = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (times.length) this.failures.set(key, times);
    else this.failures.delete(key);
    return times;
  }

  /** Seconds to wait before trying again, or 0 when a try is allowed. */
  retryAfter(account: string, address: string): number {
    const checks: [string, number][] = [
      [`a:${account}`, this.limits.perAccount],
      [`ip:${address}`, this.limits.perAddress],
    ];
    let wait = 0;
    for (const [key, limit] of checks) {
      const times = this.recent(key);
      if (times.length >= limit) {
        const oldest = times[times.length - limit]!;
        wait = Math.max(wait, Math.ceil((oldest + this.limits.windowMs - this.now()) / 1000));
      }
    }
    return wait;
  }

  recordFailure(account: string, address: string): void {
    const at = this.now();
    for (const key of [`a:${account}`, `ip:${address}`]) {
      this.failures.set(key, [...this.recent(key), at]);
    }
    if (this.failures.size > 100_000) this.failures.clear(); // bound memory under attack
  }

  recordSuccess(account: string): void {
    this.failures.delete(`a:${account}`);
  }
}
