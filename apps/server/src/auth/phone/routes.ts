// Signing in with a phone number, and proving a number on the profile (issue 37). A code is asked
// for (202, the same whether or not the number has an account), then sent back with the number:
// it signs in the account whose verified number it is, or makes a shopper account. Staff still
// need their second step; staff without one sign in with e-mail and password only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  mfaChallengeSchema,
  messageSchema,
  PHONE_CODE,
  PHONE_SIGN_IN_MESSAGES as M,
  phoneCodeRequestSchema,
  phoneCodeSentSchema,
  phoneCodeVerifySchema,
  phoneSignInAvailabilitySchema,
  phoneSignInResponseSchema,
} from '@duka/domain';
import type { Locale } from '@duka/domain/i18n/locale';
import { causedBy, HttpError } from '../../lib/http-error.ts';
import { languageOf } from '../../lib/language.ts';
import { rememberLanguage } from '../language.ts';
import { currentUser } from '../plugin.ts';
import * as accounts from '../service.ts';
import { recordFailedSignIn } from '../sign-in-audit.ts';
import { accountForPhone, setVerifiedPhone } from './accounts.ts';
import { issueCode, useCode, withdrawCode, type CodeFor } from './codes.ts';
import { checkedBody } from './input.ts';
import { codeSenderFor } from './sender.ts';

const tags = ['accounts'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
};

const off = () => new HttpError(503, 'PHONE_SIGN_IN_OFF', M.off);
const codeWrong = (status: 400 | 401) => new HttpError(status, 'CODE_WRONG', M.codeWrong);

const phoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const { limiter, rules, enforce } = app.limits;
  const sender = codeSenderFor(app.config, app.log);
  const refreshDays = app.config.REFRESH_TOKEN_TTL_DAYS;

  /** Counts the request against the number's and the address's limits, then sends a code. */
  async function sendCode(target: CodeFor, language: Locale, address: string) {
    if (!sender) throw off();
    await enforce(rules.phoneCodeAddress, address, M.tooMany);
    await enforce(rules.phoneCodePhone, target.phone, M.tooMany);
    const issued = await issueCode(db, target);
    if ('waitSeconds' in issued) {
      // Too soon is its own answer: it does not use up the hour's codes.
      await limiter.refund(rules.phoneCodeAddress, address);
      await limiter.refund(rules.phoneCodePhone, target.phone);
      const wait = issued.waitSeconds;
      throw new HttpError(429, 'CODE_TOO_SOON', M.tooSoon(wait), undefined, {
        'Retry-After': String(wait),
      });
    }
    try {
      await sender.send(target.phone, issued.code, language);
    } catch (err) {
      // Nothing reached the phone: a new code may be asked for at once.
      await withdrawCode(db, issued.id);
      throw causedBy(new HttpError(503, 'SMS_FAILED', M.smsFailed), err);
    }
  }

  app.get(
    '/login/phone',
    {
      schema: {
        tags,
        summary: 'Whether shoppers can sign in with a code sent by SMS',
        description: "The shop's public settings (GET /api/settings) say the same.",
        response: { 200: phoneSignInAvailabilitySchema },
      },
    },
    async () => ({ phone_sign_in: sender !== undefined }),
  );

  app.post(
    '/login/phone',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Send a 6-digit sign-in code by SMS to a Kenyan mobile number',
        description:
          'The same 202 whether or not the number has an account. A code works for 5 minutes, once; a new one at most every 60 s (429 CODE_TOO_SOON with Retry-After), 5 an hour per number and 20 per address (429). 400 PHONE_INVALID; 503 PHONE_SIGN_IN_OFF without an SMS gateway in production, SMS_FAILED when the gateway did not take it.',
        body: phoneCodeRequestSchema,
        response: { 202: phoneCodeSentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = checkedBody(request, phoneCodeRequestSchema);
      const language = body.language ?? languageOf(request);
      await sendCode({ phone: body.phone, purpose: 'login' }, language, request.ip);
      return reply.code(202).send({ resend_after_seconds: PHONE_CODE.resendSeconds });
    },
  );

  app.post(
    '/login/phone/verify',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Sign in with the number and its code: the number's account, or a new one",
        description:
          'Signs in the account whose verified number it is, or makes a shopper account (`is_new_account`: its name is a placeholder until PATCH /api/profile {username}). Staff with two-step sign-in get `{mfa_required, mfa_token}` for POST /api/login/2fa; staff without it 403 STAFF_USE_PASSWORD. 401 CODE_WRONG for a wrong, expired, used or ended code alike; 400 PHONE_INVALID or CODE_INVALID; wrong codes from one address are limited (429).',
        body: phoneCodeVerifySchema,
        response: {
          200: z.union([phoneSignInResponseSchema, mfaChallengeSchema]),
          ...errors,
        },
      },
    },
    async (request) => {
      const { phone, code } = checkedBody(request, phoneCodeVerifySchema);
      if (!sender) throw off();
      await enforce(rules.phoneVerifyAddress, request.ip);
      if (!(await useCode(db, { phone, purpose: 'login' }, code))) {
        await recordFailedSignIn(db, request, { verifiedPhone: phone }, 'phone code');
        throw codeWrong(401);
      }
      // Only wrong codes count against the address.
      await limiter.refund(rules.phoneVerifyAddress, request.ip);
      const language = languageOf(request);
      const { user, isNew } = await accountForPhone(db, phone, language);
      if (user.role) {
        if (user.totpEnabledAt) {
          return { mfa_required: true as const, mfa_token: await app.tokens.signMfa(user.id) };
        }
        await recordFailedSignIn(db, request, { id: user.id }, 'phone code');
        throw new HttpError(403, 'STAFF_USE_PASSWORD', M.staffUsePassword);
      }
      if (!isNew) await rememberLanguage(db, user.id, language);
      app.activity.touch(user.id);
      const tokens = await accounts.startSession(db, app.tokens, user.id, refreshDays);
      return { ...tokens, user: accounts.toUser(user), is_new_account: isNew };
    },
  );

  app.post(
    '/profile/phone',
    {
      onRequest: app.authenticate,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Send a code by SMS to a number to add to your profile',
        description:
          'Then POST /api/profile/phone/verify. The same limits as the sign-in code (429); 400 PHONE_INVALID.',
        security,
        body: phoneCodeRequestSchema,
        response: { 202: phoneCodeSentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = checkedBody(request, phoneCodeRequestSchema);
      const me = currentUser(request);
      const language = body.language ?? languageOf(request);
      await sendCode({ phone: body.phone, purpose: 'verify', userId: me.id }, language, request.ip);
      return reply.code(202).send({ resend_after_seconds: PHONE_CODE.resendSeconds });
    },
  );

  app.post(
    '/profile/phone/verify',
    {
      onRequest: app.authenticate,
      attachValidation: true,
      schema: {
        tags,
        summary: "Make the number your profile's, verified, with the code it got",
        description:
          'A verified number signs you in by phone. 400 CODE_WRONG (not 401: the session is fine) for a wrong, expired or used code; 409 PHONE_TAKEN when another account has the number verified.',
        security,
        body: phoneCodeVerifySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const { phone, code } = checkedBody(request, phoneCodeVerifySchema);
      const me = currentUser(request);
      await enforce(rules.phoneVerifyAddress, request.ip);
      if (!(await useCode(db, { phone, purpose: 'verify', userId: me.id }, code))) {
        throw codeWrong(400);
      }
      await limiter.refund(rules.phoneVerifyAddress, request.ip);
      await setVerifiedPhone(db, me.id, phone);
      return { message: M.verified };
    },
  );
};

export default phoneRoutes;
