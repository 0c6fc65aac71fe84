// The 6-digit codes sent by SMS (issue 37). Only a code's SHA-256 hash (with its number) is kept.
// A number gets a new code at most every 60 s (for each purpose), and only its newest code works:
// for 5 minutes, once, and for 5 tries. Every step is one conditional statement, so concurrent
// requests on any number of server processes cannot get around a rule: the 60 s check and the
// insert hold the number's lock; a try is counted before the code is compared, so even tries
// sent at once get 5 in all; and of two right tries of one code, one uses it up and the other
// finds it used.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { PHONE_CODE } from '@duka/domain';
import type { Db } from '../../db/client.ts';
import { phoneCodes } from '../schema.ts';

export type CodePurpose = 'login' | 'verify';

export interface CodeFor {
  /** Normalised: +2547XXXXXXXX. */
  phone: string;
  purpose: CodePurpose;
  /** 'verify': the account adding the number; its codes only work for it. */
  userId?: number | undefined;
}

const MINUTE = 60_000;

const hashOf = (phone: string, code: string) =>
  createHash('sha256').update(`${phone}:${code}`).digest();

/** A new code, or how long to wait when the number got one less than 60 s ago. */
export async function issueCode(
  db: Db,
  target: CodeFor,
  now = new Date(),
): Promise<{ code: string; id: number } | { waitSeconds: number }> {
  const { phone, purpose } = target;
  return db.transaction(async (tx) => {
    // One request per number at a time, across processes: two cannot both pass the 60 s check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${phone}`}))`);
    const [last] = await tx
      .select({ createdAt: phoneCodes.createdAt })
      .from(phoneCodes)
      .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose)))
      .orderBy(desc(phoneCodes.createdAt))
      .limit(1);
    const sinceLast = last ? now.getTime() - last.createdAt.getTime() : Infinity;
    if (sinceLast < PHONE_CODE.resendSeconds * 1000) {
      return { waitSeconds: Math.ceil((PHONE_CODE.resendSeconds * 1000 - sinceLast) / 1000) };
    }
    // Only the newest code works: an older one still on the phone is ended.
    await tx
      .update(phoneCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(phoneCodes.phone, phone),
          eq(phoneCodes.purpose, purpose),
          isNull(phoneCodes.usedAt),
        ),
      );
    const code = String(randomInt(0, 10 ** PHONE_CODE.length)).padStart(PHONE_CODE.length, '0');
    const [row] = await tx
      .insert(phoneCodes)
      .values({
        phone,
        purpose,
        userId: target.userId ?? null,
        codeHash: hashOf(phone, code).toString('hex'),
        createdAt: now,
        expiresAt: new Date(now.getTime() + PHONE_CODE.validMinutes * MINUTE),
      })
      .returning({ id: phoneCodes.id });
    return { code, id: row!.id };
  });
}

/** Takes back a code that could not be sent, so that a new one may be asked for at once. */
export async function withdrawCode(db: Db, id: number): Promise<void> {
  await db.delete(phoneCodes).where(eq(phoneCodes.id, id));
}

/**
 * Uses the number's live code if `code` is it: true once, for the first right try. A wrong,
 * expired, used or ended code, or none, is false, and a wrong try counts against the code.
 */
export async function useCode(
  db: Db,
  target: CodeFor,
  code: string,
  now = new Date(),
): Promise<boolean> {
  const { phone, purpose } = target;
  const live = and(
    isNull(phoneCodes.usedAt),
    gt(phoneCodes.expiresAt, now),
    lt(phoneCodes.wrongTries, PHONE_CODE.maxWrongTries),
  );
  const [newest] = await db
    .select({ id: phoneCodes.id })
    .from(phoneCodes)
    .where(
      and(
        eq(phoneCodes.phone, phone),
        eq(phoneCodes.purpose, purpose),
        target.userId === undefined ? undefined : eq(phoneCodes.userId, target.userId),
        live,
      ),
    )
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1);
  if (!newest) return false;
  // The try is counted before the code is compared: a code can be tried 5 times, however sent.
  const [tried] = await db
    .update(phoneCodes)
    .set({ wrongTries: sql`${phoneCodes.wrongTries} + 1` })
    .where(and(eq(phoneCodes.id, newest.id), live))
    .returning({ codeHash: phoneCodes.codeHash });
  if (!tried) return false;
  const given = hashOf(phone, code);
  const kept = Buffer.from(tried.codeHash, 'hex');
  if (kept.length !== given.length || !timingSafeEqual(kept, given)) return false;
  // Right: it was no wrong try after all. Of two right tries at once, one finds the code used.
  const [used] = await db
    .update(phoneCodes)
    .set({ usedAt: now, wrongTries: sql`${phoneCodes.wrongTries} - 1` })
    .where(and(eq(phoneCodes.id, newest.id), isNull(phoneCodes.usedAt)))
    .returning({ id: phoneCodes.id });
  return used !== undefined;
}
