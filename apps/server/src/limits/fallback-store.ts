// Limits while Redis is down: counted in PostgreSQL instead, so a Redis outage neither blocks
// log-in, sign-up and contact (they answer at once) nor lifts the limits. After a failure Redis is
// left alone for a few seconds, then tried again; counts made meanwhile stay in PostgreSQL, so a
// window that spans the outage is split between the two stores (a little more lenient, never
// stuck). Decision record 016.
import type { LimitStore } from './store.ts';

const COOLDOWN_MS = 5_000;

export function withFallback(
  primary: LimitStore,
  fallback: LimitStore,
  onFailure: (err: unknown) => void,
  now: () => number = Date.now,
): LimitStore {
  let primaryDownUntil = 0;
  const primaryUp = () => now() >= primaryDownUntil;
  const markDown = (err: unknown) => {
    primaryDownUntil = now() + COOLDOWN_MS;
    onFailure(err);
  };
  async function use<T>(op: (store: LimitStore) => Promise<T>): Promise<T> {
    if (primaryUp()) {
      try {
        return await op(primary);
      } catch (err) {
        markDown(err);
      }
    }
    return op(fallback);
  }
  return {
    hit: (key, windowMs, at) => use((s) => s.hit(key, windowMs, at)),
    refund: (key, windowMs, at) => use((s) => s.refund(key, windowMs, at)),
    // Forgetting must reach both: failures counted during an outage live in the fallback.
    async reset(key, windowMs, at) {
      await fallback.reset(key, windowMs, at);
      if (primaryUp()) await primary.reset(key, windowMs, at).catch(markDown);
    },
    async sweep(at) {
      await fallback.sweep(at);
    },
    async close() {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}
