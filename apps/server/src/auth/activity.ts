// Last activity for the admin's 'Active Now' (SPEC §9: within 10 minutes). Writing on every request
// would cost a database write per call; a user's time is written at most once a minute instead.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from './schema.ts';

export const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

export class ActivityTracker {
  private readonly lastWritten = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  touch(userId: number): void {
    const at = this.now();
    const last = this.lastWritten.get(userId) ?? 0;
    if (at - last < ACTIVITY_WRITE_INTERVAL_MS) return;
    this.lastWritten.set(userId, at);
    if (this.lastWritten.size > 50_000) this.lastWritten.clear();
    this.db
      .update(users)
      .set({ lastActiveAt: new Date(at) })
      .where(eq(users.id, userId))
      .catch(this.onError);
  }
}
