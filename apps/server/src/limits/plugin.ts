// The shop's limits, shared by every server process: sign-ups and contact messages per address,
// failed log-ins per account and per address, token refreshes per address, password-reset
// requests per account and per address, M-Pesa payment requests per account (each one rings a
// phone), wrong coupon codes per account and per address, sign-in codes sent by SMS per number and
// per address and wrong ones per address. Counts live in
// PostgreSQL, or in Redis when REDIS_URL is set; never only in one process's memory.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.ts';
import { Limiter, type LimitRule } from './limiter.ts';
import { pgLimitStore } from './pg-store.ts';
import { redisLimitStore } from './redis-store.ts';
import { withFallback } from './fallback-store.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface Limits {
  limiter: Limiter;
  rules: Record<
    | 'signup'
    | 'contact'
    | 'loginAccount'
    | 'loginAddress'
    | 'twoFactorAccount'
    | 'twoFactorSession'
    | 'refresh'
    | 'passwordResetAccount'
    | 'passwordResetAddress'
    | 'mpesa'
    | 'track'
    | 'couponAccount'
    | 'couponAddress'
    | 'phoneCodePhone'
    | 'phoneCodeAddress'
    | 'phoneVerifyAddress',
    LimitRule
  >;
  /** A preHandler that answers 429 once the request's address has used up the rule. */
  perAddress(rule: LimitRule): (request: FastifyRequest) => Promise<void>;
  /** Throws 429 with Retry-After when the key has used up the rule. */
  enforce(rule: LimitRule, key: string, message?: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limits;
  }
}

const TOO_MANY = 'Too many requests. Please wait a moment and try again.';

export function tooMany(message: string, retryAfterSeconds: number): HttpError {
  return new HttpError(429, 'RATE_LIMITED', message, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
}

export default fp(
  async (app) => {
    const config = app.config;
    const inDatabase = pgLimitStore(app.database.db);
    const store = config.REDIS_URL
      ? withFallback(
          redisLimitStore(config.REDIS_URL, {
            onError: (err) => app.log.warn({ err }, 'Redis connection problem'),
          }),
          inDatabase,
          (err) => app.log.warn({ err }, 'Redis did not answer: counting limits in PostgreSQL'),
        )
      : inDatabase;
    const limiter = new Limiter(store);
    const rules: Limits['rules'] = {
      signup: { name: 'signup', max: config.SIGNUP_RATE_LIMIT_PER_HOUR, windowMs: HOUR },
      contact: { name: 'contact', max: config.CONTACT_RATE_LIMIT_PER_HOUR, windowMs: HOUR },
      loginAccount: {
        name: 'login-account',
        max: config.LOGIN_ATTEMPTS_PER_ACCOUNT,
        windowMs: 15 * MINUTE,
      },
      loginAddress: {
        name: 'login-address',
        max: config.LOGIN_ATTEMPTS_PER_ADDRESS,
        windowMs: 15 * MINUTE,
      },
      // Wrong two-step codes, per account: a six-digit code must not be guessable either.
      twoFactorAccount: {
        name: 'two-factor-account',
        max: config.LOGIN_ATTEMPTS_PER_ACCOUNT,
        windowMs: 15 * MINUTE,
      },
      // Wrong codes sent from a signed-in session (turning 2FA on or off): counted apart, so they
      // never lock the person's two-step sign-in.
      twoFactorSession: { name: 'two-factor-session', max: 5, windowMs: 15 * MINUTE },
      refresh: { name: 'refresh', max: 60, windowMs: MINUTE },
      // Keyed by the typed address whether or not it has an account, so a limit reveals nothing.
      passwordResetAccount: {
        name: 'password-reset-account',
        max: config.PASSWORD_RESETS_PER_ACCOUNT,
        windowMs: HOUR,
      },
      passwordResetAddress: {
        name: 'password-reset-address',
        max: config.PASSWORD_RESETS_PER_ADDRESS,
        windowMs: HOUR,
      },
      mpesa: { name: 'mpesa-push', max: 10, windowMs: 10 * MINUTE },
      track: { name: 'track', max: config.TRACK_LOOKUPS_PER_HOUR, windowMs: HOUR },
      // Wrong coupon codes (issue 36): guessing codes is as slow as guessing passwords.
      couponAccount: {
        name: 'coupon-account',
        max: config.WRONG_COUPONS_PER_ACCOUNT,
        windowMs: 15 * MINUTE,
      },
      couponAddress: {
        name: 'coupon-address',
        max: config.WRONG_COUPONS_PER_ADDRESS,
        windowMs: 15 * MINUTE,
      },
      // Codes sent by SMS (issue 37): each costs the shop an SMS and rings someone's phone. Keyed
      // by the number whether or not it has an account, so a limit reveals nothing.
      phoneCodePhone: { name: 'phone-code-phone', max: 5, windowMs: HOUR },
      phoneCodeAddress: { name: 'phone-code-address', max: 20, windowMs: HOUR },
      // Wrong codes from one address, across numbers (each code also ends after 5 wrong tries).
      phoneVerifyAddress: { name: 'phone-verify-address', max: 20, windowMs: 15 * MINUTE },
    };
    const enforce: Limits['enforce'] = async (rule, key, message = TOO_MANY) => {
      const verdict = await limiter.consume(rule, key);
      if (!verdict.allowed) throw tooMany(message, verdict.retryAfterSeconds);
    };
    app.decorate('limits', {
      limiter,
      rules,
      enforce,
      perAddress: (rule) => (request) => enforce(rule, request.ip),
    });
    app.jobs.every('sweep-rate-limits', 10 * MINUTE, () => limiter.sweep());
    app.addHook('onClose', () => limiter.close());
  },
  { name: 'limits', dependencies: ['jobs'] },
);
