// Who is calling: every authenticated route declares `onRequest: app.authenticate` (or
// `app.requireAdmin`). The token names a session; the session and the user's current role are read
// from the database, so a log-out or a revoked admin right takes effect at once.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { sessions, users } from '../db/schema.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { ActivityTracker } from './activity.ts';
import { bearerOf, TokenSigner } from './tokens.ts';

export interface AuthUser {
  id: number;
  username: string;
  email: string;
  isAdmin: boolean;
  sessionId: string;
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner;
    activity: ActivityTracker;
    authenticate: Hook;
    requireAdmin: Hook;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The signed-in user of a route that ran `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export default fp(
  async (app) => {
    const secret = app.config.JWT_SECRET;
    if (!secret) throw new Error('JWT_SECRET must be set before the app is built');
    const db = app.database.db;
    app.decorate('tokens', new TokenSigner(secret, app.config.ACCESS_TOKEN_TTL_SECONDS));
    app.decorate(
      'activity',
      new ActivityTracker(db, (err) => app.log.warn({ err }, 'could not record activity')),
    );
    app.decorateRequest('user', null);

    const authenticate: Hook = async (request, reply) => {
      // Whatever a signed-in route answers is someone's own data: no shared cache (a proxy, a
      // CDN) may keep it, and the browser may not keep it on disk after log-out.
      void reply.header('Cache-Control', 'private, no-store');
      const token = bearerOf(request.headers.authorization);
      if (!token) throw unauthorized();
      const claims = await app.tokens.verify(token);
      if (!claims) throw unauthorized('Your session has expired. Please log in again.');
      const [row] = await db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          isAdmin: users.isAdmin,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.id, claims.sessionId),
            eq(sessions.userId, claims.userId),
            isNull(sessions.revokedAt),
          ),
        )
        .limit(1);
      if (!row) throw unauthorized('Your session has ended. Please log in again.');
      request.user = { ...row, sessionId: claims.sessionId };
      app.activity.touch(row.id);
    };

    app.decorate('authenticate', authenticate);
    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      await authenticate(request, reply);
      if (!request.user?.isAdmin) throw forbidden('This is for administrators only.');
    });
  },
  { name: 'auth' },
);
