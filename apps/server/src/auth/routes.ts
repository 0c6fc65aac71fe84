import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  loginResponseSchema,
  loginSchema,
  loginSecondStepSchema,
  mfaChallengeSchema,
  messageSchema,
  profileSchema,
  profileUpdateSchema,
  registerSchema,
  tokensSchema,
  userSchema,
} from '@duka/domain';
import { auditOf } from '../audit/trail.ts';
import { languageOf } from '../lib/language.ts';
import { unauthorized } from '../lib/http-error.ts';
import { languageOfRow } from '../outbox/language.ts';
import { rememberLanguage } from './language.ts';
import { logIn } from './login.ts';
import phoneRoutes from './phone/routes.ts';
import { recordFailedSignIn, recordSignIn } from './sign-in-audit.ts';
import { checkSecondFactor } from './two-factor.ts';
import { currentUser } from './plugin.ts';
import * as accounts from './service.ts';
import { bearerOf } from './tokens.ts';

const tags = ['accounts'];
const security = [{ bearerAuth: [] }];
/** The answers every account route may give besides its own. */
export const accountErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const refreshDays = app.config.REFRESH_TOKEN_TTL_DAYS;
  // Log-in, sign-up and refresh answer with tokens: never kept by any cache.
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('Cache-Control', 'private, no-store');
  });
  // Signing in with a code sent by SMS, and verifying a profile's number (issue 37).
  await app.register(phoneRoutes);

  app.post(
    '/register',
    {
      preHandler: app.limits.perAddress(app.limits.rules.signup),
      schema: {
        tags,
        summary: 'Create a shopper account',
        body: registerSchema,
        response: { 201: messageSchema.extend({ user: userSchema }), ...accountErrors },
      },
    },
    async (request, reply) => {
      const user = await accounts.register(db, request.body);
      await rememberLanguage(db, user.id, languageOf(request));
      return reply.code(201).send({ message: 'Registration successful. Please log in.', user });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Log in with e-mail and password',
        description:
          'With two-step sign-in on, the answer is `{mfa_required: true, mfa_token}` instead of tokens: send the code to POST /api/login/2fa.',
        body: loginSchema,
        response: { 200: z.union([loginResponseSchema, mfaChallengeSchema]), ...accountErrors },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const user = await logIn({ db, limits: app.limits }, email, password, request.ip).catch(
        async (err: unknown) => {
          await recordFailedSignIn(db, request, { email }, 'password');
          throw err;
        },
      );
      if (user.totpEnabledAt) {
        return { mfa_required: true as const, mfa_token: await app.tokens.signMfa(user.id) };
      }
      await recordSignIn(db, request, user);
      await rememberLanguage(db, user.id, languageOf(request));
      return signedIn(user);
    },
  );

  const signedIn = async (user: Awaited<ReturnType<typeof accounts.getUser>>) => {
    app.activity.touch(user.id);
    const tokens = await accounts.startSession(db, app.tokens, user.id, refreshDays);
    return { ...tokens, user: accounts.toUser(user) };
  };

  app.post(
    '/login/2fa',
    {
      schema: {
        tags,
        summary:
          'The second step of a log-in: a code from the authenticator app, or a recovery code',
        description:
          'Each code is accepted once; wrong codes are limited per account (429 with Retry-After).',
        body: loginSecondStepSchema,
        response: { 200: loginResponseSchema, ...accountErrors },
      },
    },
    async (request) => {
      const userId = await app.tokens.verifyMfa(request.body.mfa_token);
      if (userId === null) {
        throw unauthorized('Your sign-in has timed out. Please log in again.');
      }
      const user = await checkSecondFactor({ db, limits: app.limits }, userId, request.body).catch(
        async (err: unknown) => {
          await recordFailedSignIn(db, request, { id: userId }, 'two-step code');
          throw err;
        },
      );
      await recordSignIn(db, request, user);
      await rememberLanguage(db, user.id, languageOf(request));
      return signedIn(user);
    },
  );

  app.post(
    '/refresh',
    {
      preHandler: app.limits.perAddress(app.limits.rules.refresh),
      schema: {
        tags,
        summary: 'Trade the refresh token (sent as bearer) for new tokens; each works once',
        security,
        response: { 200: tokensSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const token = bearerOf(request.headers.authorization);
      if (!token) throw unauthorized();
      return accounts.refresh(db, app.tokens, token, refreshDays);
    },
  );

  app.get(
    '/current_user',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The logged-in user',
        security,
        response: { 200: userSchema, 401: apiErrorSchema },
      },
    },
    async (request) => accounts.toUser(await accounts.getUser(db, currentUser(request).id)),
  );

  app.post(
    '/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'End this session',
        security,
        response: { 200: messageSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      await accounts.revokeSession(db, currentUser(request).sessionId, 'logged out');
      return { message: 'Logged out successfully' };
    },
  );

  app.get(
    '/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Your profile',
        security,
        response: { 200: profileSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await accounts.getUser(db, currentUser(request).id);
      return {
        username: user.username,
        email: user.email,
        phone_number: user.phoneNumber,
        phone_verified: user.phoneVerifiedAt !== null,
        has_password: user.passwordHash !== null,
        marketing_consent: user.marketingConsentAt !== null,
        marketing_consent_at: user.marketingConsentAt?.toISOString() ?? null,
        language: languageOfRow(user.language),
      };
    },
  );

  app.patch(
    '/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Update your profile; a new password needs the current one',
        security,
        body: profileUpdateSchema,
        response: { 200: messageSchema.extend({ user: userSchema }), ...accountErrors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const user = await accounts.updateProfile(
        db,
        me.id,
        me.sessionId,
        request.body,
        auditOf(request),
      );
      // `{language}` alone is the shop's switch: the account's e-mails and SMS follow it.
      if (request.body.language) await rememberLanguage(db, me.id, request.body.language);
      return { message: 'Profile updated successfully', user };
    },
  );
};

export default authRoutes;
