// Two-step sign-in (issue 25): set up (a secret and its QR code), enable with a first code (ten
// recovery codes back), check at log-in, disable with password and code. Wrong codes are counted
// per account in the shared limits store (so across instances): those at log-in on one counter,
// those sent from a signed-in session on another, so that a session's wrong codes never lock the
// person's sign-in. A code is accepted once, by a conditional update of the last step used, so two
// requests with the same code cannot both pass. Turning it on ends every other session.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../db/client.ts';
import { recoveryCodes, users } from './schema.ts';
import { conflict, HttpError } from '../lib/http-error.ts';
import type { LimitRule } from '../limits/limiter.ts';
import type { Limits } from '../limits/plugin.ts';
import type { AuditTrail } from '../audit/trail.ts';
import { endSessions } from './end-sessions.ts';
import { verifyPassword } from './password.ts';
import { getUser } from './service.ts';
import { matchingStep, newSecret, otpauthUrl } from './totp.ts';

export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'That code is not right, or it has been used already. Please try the next one.',
  tooMany: 'Too many wrong codes. Please wait a few minutes and try again.',
  notSetUp: 'Set up two-step sign-in first.',
  alreadyOn: 'Two-step sign-in is already on.',
  notOn: 'Two-step sign-in is not on.',
  wrongPassword: 'Your password is not right.',
} as const;

const RECOVERY_CODES = 10;
const hashCode = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
const newRecoveryCode = () => {
  const hex = randomBytes(5).toString('hex');
  return `${hex.slice(0, 5)}-${hex.slice(5)}`;
};
const wrongCode = () => new HttpError(400, 'WRONG_CODE', TWO_FACTOR_MESSAGES.wrongCode);

export async function setUpTwoFactor(db: Db, userId: number) {
  const user = await getUser(db, userId);
  if (user.totpEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn, 'TWO_FACTOR_ON');
  const secret = newSecret();
  await db
    .update(users)
    .set({ totpSecret: secret, totpLastStep: null })
    .where(eq(users.id, userId));
  // The authenticator app's label: the e-mail, or the name of an account made by phone.
  const url = otpauthUrl(secret, user.email ?? user.username);
  return {
    secret,
    otpauth_url: url,
    qr_svg: await QRCode.toString(url, { type: 'svg', margin: 1 }),
  };
}

/** Counts the attempt first; throws 429 once the account has used up its tries of `rule`. */
async function throttled<T>(
  limits: Limits,
  rule: LimitRule,
  userId: number,
  check: () => Promise<T | null>,
) {
  const key = String(userId);
  await limits.enforce(rule, key, TWO_FACTOR_MESSAGES.tooMany);
  const result = await check();
  if (result === null) throw wrongCode();
  await limits.limiter.reset(rule, key);
  return result;
}

/** Accepts a code of a step after the last one accepted, once (the update is conditional). */
async function useCode(db: Db, user: typeof users.$inferSelect, code: string) {
  if (!user.totpSecret) return null;
  const step = matchingStep(user.totpSecret, code);
  if (step === null) return null;
  const used = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return used.length > 0 ? step : null;
}

async function useRecoveryCode(db: Db, userId: number, code: string) {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0 ? true : null;
}

/** Turns it on from the session `sessionId`, which stays signed in; every other session ends. */
export async function enableTwoFactor(
  deps: { db: Db; limits: Limits },
  session: { userId: number; sessionId: string },
  code: string,
  audit: AuditTrail,
): Promise<{ recovery_codes: string[] }> {
  const { db, limits } = deps;
  const { userId } = session;
  const user = await getUser(db, userId);
  if (user.totpEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn, 'TWO_FACTOR_ON');
  if (!user.totpSecret) throw conflict(TWO_FACTOR_MESSAGES.notSetUp, 'TWO_FACTOR_NOT_SET_UP');
  await throttled(limits, limits.rules.twoFactorSession, userId, () => useCode(db, user, code));
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, userId));
    await endSessions(tx, userId, 'two-step sign-in turned on', session.sessionId);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashCode(c) })));
    await audit.record(tx, {
      action: 'user.2fa.enable',
      entity: 'user',
      entityId: userId,
      before: { two_factor: false },
      after: { two_factor: true },
    });
  });
  return { recovery_codes: codes };
}

export async function disableTwoFactor(
  deps: { db: Db; limits: Limits },
  userId: number,
  input: { password: string; code: string },
  audit: AuditTrail,
): Promise<{ message: string }> {
  const { db, limits } = deps;
  const user = await getUser(db, userId);
  if (!user.totpEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.notOn, 'TWO_FACTOR_OFF');
  await throttled(limits, limits.rules.twoFactorSession, userId, async () =>
    (await verifyPassword(user.passwordHash, input.password))
      ? ((await useCode(db, user, input.code)) ?? (await useRecoveryCode(db, userId, input.code)))
      : null,
  );
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await audit.record(tx, {
      action: 'user.2fa.disable',
      entity: 'user',
      entityId: userId,
      before: { two_factor: true },
      after: { two_factor: false },
    });
  });
  return { message: 'Two-step sign-in is off.' };
}

/** The second step of a log-in: a code from the app, or one of the recovery codes. */
export async function checkSecondFactor(
  deps: { db: Db; limits: Limits },
  userId: number,
  answer: { code?: string | undefined; recovery_code?: string | undefined },
): Promise<typeof users.$inferSelect> {
  const { db, limits } = deps;
  const user = await getUser(db, userId);
  if (!user.totpEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.notOn, 'TWO_FACTOR_OFF');
  await throttled(limits, limits.rules.twoFactorAccount, userId, async () => {
    if (answer.code) return useCode(db, user, answer.code);
    if (answer.recovery_code) return useRecoveryCode(db, userId, answer.recovery_code);
    return null;
  });
  return user;
}
