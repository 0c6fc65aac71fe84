// Ending a person's sessions when something they were opened under changes (a password, an e-mail,
// two-step sign-in, a role). The auth plugin reads the session on every request and a refresh
// token works only while its session does, so revoking the rows ends access and refresh tokens
// alike, at once.
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { sessions } from './schema.ts';

/** Revokes every open session of the user but `keep` (the one making the change, if any). */
export async function endSessions(
  db: Db | Tx,
  userId: number,
  reason: string,
  keep?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keep === undefined ? undefined : ne(sessions.id, keep),
      ),
    );
}
