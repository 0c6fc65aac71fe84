// Accounts and sessions: sign-up, log-in, refresh with rotation and reuse detection, log-out,
// profile. Passwords are argon2id hashes; refresh tokens are stored as hashes.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { permissionsOf, type RegisterInput, type User } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { refreshTokens, sessions, users } from './schema.ts';
import { conflict, found, HttpError, unauthorized } from '../lib/http-error.ts';
import type { AuditTrail } from '../audit/trail.ts';
import { endSessions } from './end-sessions.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { recordOwnAccountChange } from './profile-audit.ts';
import type { TokenSigner } from './tokens.ts';
import { hashToken, newRefreshToken } from './tokens.ts';
import { toInternational } from '../sms/phone.ts';

type UserRow = typeof users.$inferSelect;

export function toUser(
  row: Pick<
    UserRow,
    'id' | 'username' | 'email' | 'phoneNumber' | 'isAdmin' | 'role' | 'totpEnabledAt'
  >,
): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    phone_number: row.phoneNumber,
    is_admin: row.isAdmin,
    role: row.role,
    permissions: [...permissionsOf(row.role)],
    two_factor: row.totpEnabledAt !== null,
  };
}

const DAY_MS = 86_400_000;

function isUniqueViolation(err: unknown): err is { constraint?: string } {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

function constraintOf(err: unknown): string {
  const e = err as { constraint?: string; cause?: { constraint?: string } };
  return e.constraint ?? e.cause?.constraint ?? '';
}

async function assertAvailable(
  db: Db,
  username: string,
  email: string | null,
  exceptUserId?: number,
) {
  const except = exceptUserId === undefined ? undefined : ne(users.id, exceptUserId);
  const [byEmail] =
    email === null
      ? []
      : await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, email), except))
          .limit(1);
  if (byEmail) throw conflict('An account with this e-mail address already exists.', 'EMAIL_TAKEN');
  const [byName] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, except))
    .limit(1);
  if (byName) throw conflict('This username is already taken.', 'USERNAME_TAKEN');
}

function rethrowTaken(err: unknown): never {
  if (isUniqueViolation(err)) {
    throw constraintOf(err).includes('email')
      ? conflict('An account with this e-mail address already exists.', 'EMAIL_TAKEN')
      : conflict('This username is already taken.', 'USERNAME_TAKEN');
  }
  throw err;
}

export async function register(db: Db, input: RegisterInput): Promise<User> {
  await assertAvailable(db, input.username, input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        phoneNumber: input.phone_number,
        passwordHash,
        marketingConsentAt: input.marketing_consent ? new Date() : null,
      })
      .returning();
    return toUser(row!);
  } catch (err) {
    rethrowTaken(err); // two sign-ups racing for the same name or address
  }
}

// Checked when the e-mail is unknown, so a wrong address costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function checkCredentials(
  db: Db,
  email: string,
  password: string,
): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  // An account made by phone has no password: like an unknown address, nothing matches.
  if (!row?.passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password-1!');
    await verifyPassword(await dummyHash, password);
    return null;
  }
  return (await verifyPassword(row.passwordHash, password)) ? row : null;
}

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

async function issueRefreshToken(
  db: Db,
  sessionId: string,
  ttlDays: number,
  token = newRefreshToken(),
): Promise<string> {
  await db.insert(refreshTokens).values({
    sessionId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlDays * DAY_MS),
  });
  return token;
}

export async function startSession(
  db: Db,
  signer: TokenSigner,
  userId: number,
  refreshTtlDays: number,
): Promise<IssuedTokens> {
  const [session] = await db.insert(sessions).values({ userId }).returning({ id: sessions.id });
  const sessionId = session!.id;
  return {
    access_token: await signer.sign({ userId, sessionId }),
    refresh_token: await issueRefreshToken(db, sessionId, refreshTtlDays),
    token_type: 'Bearer',
    expires_in: signer.accessTtlSeconds,
  };
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

const SESSION_ENDED = 'Your session has ended. Please log in again.';
/** A refresh token presented again this soon by its session is a second tab, not a thief. */
export const REFRESH_GRACE_MS = 10_000;

/**
 * Trades a refresh token for new tokens. Each refresh token works once: using one again means it
 * was copied, so the whole session (every token descended from the same log-in) is revoked.
 */
export async function refresh(
  db: Db,
  signer: TokenSigner,
  presented: string,
  refreshTtlDays: number,
): Promise<IssuedTokens> {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      usedAt: refreshTokens.usedAt,
      expiresAt: refreshTokens.expiresAt,
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, hashToken(presented)))
    .limit(1);
  if (!row || row.revokedAt) throw unauthorized(SESSION_ENDED);
  const reissue = async (refreshToken: string): Promise<IssuedTokens> => ({
    access_token: await signer.sign({ userId: row.userId, sessionId: row.sessionId }),
    refresh_token: refreshToken,
    token_type: 'Bearer',
    expires_in: signer.accessTtlSeconds,
  });
  const withinGrace = (usedAt: Date) => Date.now() - usedAt.getTime() <= REFRESH_GRACE_MS;
  if (row.usedAt) {
    // Two tabs of one session refreshing together: the later one gets the same successor.
    if (withinGrace(row.usedAt)) return reissue(signer.successor(presented));
    await revokeSession(db, row.sessionId, 'refresh token reused');
    throw unauthorized(SESSION_ENDED);
  }
  if (row.expiresAt.getTime() <= Date.now()) throw unauthorized(SESSION_ENDED);
  // Mark it used only if nobody else did in the meantime: of two racing uses, one writes the
  // successor, and the other answers with the same one.
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  const successor = signer.successor(presented);
  if (claimed.length === 0) return reissue(successor);
  return reissue(await issueRefreshToken(db, row.sessionId, refreshTtlDays, successor));
}

export async function getUser(db: Db, userId: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return found(row, 'The account');
}

/** PATCH /api/profile: the fields sent; those left out keep their values. */
export interface ProfileChange {
  username?: string | undefined;
  email?: string | undefined;
  phone_number?: string | undefined;
  currentPassword?: string | undefined;
  newPassword?: string | undefined;
}

/** The same phone number however it is written ('0712 345 678' and '+254712345678'). */
function sameNumber(a: string, b: string): boolean {
  const [x, y] = [toInternational(a), toInternational(b)];
  return x !== null && y !== null ? x === y : a.trim() === b.trim();
}

export async function updateProfile(
  db: Db,
  userId: number,
  currentSessionId: string,
  input: ProfileChange,
  audit?: AuditTrail,
): Promise<User> {
  const user = await getUser(db, userId);
  const username = input.username ?? user.username;
  const email = input.email ?? user.email;
  // A stolen token alone must not be enough to take the account over: changing the log-in
  // e-mail or the password needs the current password. An account made by phone sign-in has no
  // password to give: it sets its first one, and its e-mail, with its session alone.
  const emailChanges = email !== user.email;
  if (user.passwordHash !== null && (emailChanges || input.newPassword)) {
    if (!input.currentPassword) {
      const message = emailChanges
        ? 'Enter your current password to change your e-mail address.'
        : 'Enter your current password to set a new one';
      throw new HttpError(400, 'CURRENT_PASSWORD_REQUIRED', message, { currentPassword: message });
    }
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw new HttpError(400, 'WRONG_PASSWORD', 'Your current password is not correct.', {
        currentPassword: 'Your current password is not correct.',
      });
    }
  }
  // Another number is not proven by the code the old one got: it must be verified again.
  const phoneChanges =
    input.phone_number !== undefined && !sameNumber(input.phone_number, user.phoneNumber);
  const passwordHash = input.newPassword ? await hashPassword(input.newPassword) : undefined;
  await assertAvailable(db, username, email, userId);
  try {
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({
          username,
          email,
          ...(phoneChanges ? { phoneNumber: input.phone_number, phoneVerifiedAt: null } : {}),
          ...(passwordHash ? { passwordHash } : {}),
        })
        .where(eq(users.id, userId))
        .returning();
      // A new password or log-in e-mail ends every other log-in: whoever knew the old one is out.
      // A first e-mail replaces none.
      const loginEmailChanges = emailChanges && user.email !== null;
      if (passwordHash || loginEmailChanges) {
        const reason = passwordHash ? 'password changed' : 'e-mail changed';
        await endSessions(tx, userId, reason, currentSessionId);
      }
      await recordOwnAccountChange(tx, audit, user, {
        email,
        passwordChanged: !!passwordHash,
      });
      return updated!;
    });
    return toUser(row);
  } catch (err) {
    rethrowTaken(err);
  }
}
