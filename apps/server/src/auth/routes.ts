import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  loginResponseSchema,
  loginSchema,
  messageSchema,
  profileSchema,
  profileUpdateSchema,
  registerSchema,
  tokensSchema,
  userSchema,
} from '@duka/domain';
import { unauthorized } from '../lib/http-error.ts';
import { logIn } from './login.ts';
import { currentUser } from './plugin.ts';
import * as accounts from './service.ts';
import { bearerOf } from './tokens.ts';

const tags = ['accounts'];
const security = [{ bearerAuth: [] }];
const errors = {
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

  app.post(
    '/register',
    {
      preHandler: app.limits.perAddress(app.limits.rules.signup),
      schema: {
        tags,
        summary: 'Create a shopper account',
        body: registerSchema,
        response: { 201: messageSchema.extend({ user: userSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const user = await accounts.register(db, request.body);
      return reply.code(201).send({ message: 'Registration successful. Please log in.', user });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Log in with e-mail and password',
        body: loginSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const user = await logIn({ db, limits: app.limits }, email, password, request.ip);
      app.activity.touch(user.id);
      const tokens = await accounts.startSession(db, app.tokens, user.id, refreshDays);
      return { ...tokens, user: accounts.toUser(user) };
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
        marketing_consent: user.marketingConsentAt !== null,
        marketing_consent_at: user.marketingConsentAt?.toISOString() ?? null,
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
        response: { 200: messageSchema.extend({ user: userSchema }), ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const user = await accounts.updateProfile(db, me.id, me.sessionId, request.body);
      return { message: 'Profile updated successfully', user };
    },
  );
};

export default authRoutes;
