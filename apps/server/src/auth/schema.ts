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
    /** Stored trimmed and in lower case. */
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    passwordHash: text('password_hash').notNull(),
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
