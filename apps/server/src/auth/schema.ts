// Accounts and signing in: users, their sessions and refresh tokens, password resets and
// two-step recovery codes.
import { sql } from 'drizzle-orm';
import { ROLES, type Role } from '@duka/domain/staff/permissions';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** Stored trimmed and in lower case; null for an account made by phone until checkout asks. */
    email: text('email'),
    phoneNumber: text('phone_number').notNull(),
    /** When the phone number was proven by a code sent to it (issue 37): only then can it sign in. */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** Null for an account made by phone: it has no password until one is set. */
    passwordHash: text('password_hash'),
    /** The shop's language the person last used ('en' | 'sw'): account e-mails and SMS use it. */
    language: text('language').notNull().default('en'),
    /** The staff role (decision record 021); null for a shopper. */
    role: text('role').$type<Role>(),
    /** Kept for the specification's API (`is_admin`): anyone with a role is staff. */
    isAdmin: boolean('is_admin')
      .notNull()
      .generatedAlwaysAs(sql`role is not null`),
    createdAt: createdAt(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** When the person agreed to marketing e-mails (unticked by default); null: no consent. */
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    /** Set when the account was erased: its personal fields are anonymised, its orders kept. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** Two-step sign-in (RFC 6238): the base32 secret, set up first, then enabled by a code. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30-second step whose code was accepted: a code is good once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    // A verified phone signs in one account only.
    uniqueIndex('users_verified_phone_idx')
      .on(t.phoneNumber)
      .where(sql`phone_verified_at is not null`),
    uniqueIndex('users_username_idx').on(sql`lower(${t.username})`),
    index('users_created_idx').on(t.createdAt),
    index('users_role_idx')
      .on(t.role)
      .where(sql`role is not null`),
    check('users_role_check', sql`role in (${sql.raw(ROLES.map((r) => `'${r}'`).join(', '))})`),
  ],
);

/** A log-in. Access tokens name their session, so revoking it ends them too. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens are stored as SHA-256 hashes; each is good for one use (rotation). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** A link to reset a password: only its SHA-256 hash is kept; it works once, for 60 minutes. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Single-use recovery codes for two-step sign-in, stored as SHA-256 hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
);

/**
 * A 6-digit code sent by SMS (issue 37): to sign in by phone ('login') or to prove a number added
 * on the profile ('verify', with its user). Only the code's hash is kept; good once, for 5 minutes,
 * and for 5 wrong tries.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: serial('id').primaryKey(),
    /** Normalised: +2547XXXXXXXX. */
    phone: text('phone').notNull(),
    purpose: text('purpose').$type<'login' | 'verify'>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('phone_codes_phone_idx').on(t.phone, t.createdAt),
    check('phone_codes_purpose_check', sql`purpose in ('login', 'verify')`),
  ],
);
