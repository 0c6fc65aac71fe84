// Usage counts in Redis (REDIS_URL): INCR on a key per window, which expires by itself.
import { Redis } from 'ioredis';
import { windowOf, type LimitStore } from './store.ts';

export interface RedisStoreOptions {
  /** A command with no answer after this long fails (and the limits use PostgreSQL meanwhile). */
  commandTimeoutMs?: number;
  onError?: (err: Error) => void;
}

export function redisLimitStore(url: string, options: RedisStoreOptions = {}): LimitStore {
  const redis = new Redis(url, {
    lazyConnect: false,
    // A command waits at most commandTimeout, queued or sent: while Redis is unreachable a log-in
    // is held up by half a second once, then the limits use PostgreSQL (fallback-store.ts).
    maxRetriesPerRequest: 1,
    connectTimeout: 1_000,
    commandTimeout: options.commandTimeoutMs ?? 500,
    // Keep trying to reconnect, never more than 2 s apart, for as long as the process lives.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  // Without a listener ioredis prints every failed reconnection; the app's log gets them instead.
  redis.on('error', (err: Error) => options.onError?.(err));
  const keyOf = (key: string, index: number) => `duka:limit:${key}:${index}`;
  return {
    async hit(key, windowMs, now) {
      const { index, elapsedMs } = windowOf(now, windowMs);
      const current = keyOf(key, index);
      const results = await redis
        .multi()
        .incr(current)
        .pexpire(current, 2 * windowMs)
        .get(keyOf(key, index - 1))
        .exec();
      if (!results) throw new Error('Redis did not run the rate-limit transaction');
      const [[incrError, hits], , [getError, previous]] = results as [
        [Error | null, number],
        unknown,
        [Error | null, string | null],
      ];
      if (incrError || getError) throw incrError ?? getError;
      return { current: Number(hits), previous: Number(previous ?? 0), elapsedMs };
    },
    async refund(key, windowMs, now) {
      const current = keyOf(key, windowOf(now, windowMs).index);
      // Only while the key exists: a DECR on a missing key would make a count of -1.
      await redis.eval(
        "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0",
        1,
        current,
      );
    },
    async reset(key, windowMs, now) {
      const { index } = windowOf(now, windowMs);
      await redis.del(keyOf(key, index), keyOf(key, index - 1));
    },
    async sweep() {}, // keys expire on their own
    async close() {
      redis.disconnect();
    },
  };
}
