// Who is calling: every authenticated route declares `onRequest: app.authenticate`, and every
// back-office route `app.requirePermission('…')` (decision record 021). The token names a session;
// the session and the user's current role are read from the database on every request, so a
// log-out, a removal or a change of role takes effect at the next call.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { sessions, staffSettings, users } from '../db/schema.ts';
import { permissionsOf, type Permission, type Role } from '@duka/domain';
import { forbidden, HttpError, unauthorized } from '../lib/http-error.ts';
import { ActivityTracker } from './activity.ts';
import { bearerOf, TokenSigner } from './tokens.ts';

export interface AuthUser {
  id: number;
  username: string;
  email: string;
  isAdmin: boolean;
  role: Role | null;
  permissions: ReadonlySet<Permission>;
  /** Staff who must set up two-step sign-in before the back office opens (a shop setting). */
  mustSetUpTwoFactor: boolean;
  sessionId: string;
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
/** A route's permission check; it carries the permission so the route table can be read back. */
export type PermissionHook = Hook & { readonly permission: Permission };

const NOT_STAFF = 'This is for administrators only.';
const NOT_PERMITTED = 'Your role does not allow this.';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner;
    activity: ActivityTracker;
    authenticate: Hook;
    requirePermission: (permission: Permission) => PermissionHook;
    /** 'METHOD /path' → the permission its route asks for, filled in as routes are added. */
    routePermissions: Map<string, Permission>;
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

/** Whether the signed-in user may do this (for checks inside a handler). */
export const can = (request: FastifyRequest, permission: Permission) =>
  request.user?.permissions.has(permission) ?? false;

/** Throws 403 unless the signed-in user may do this. */
export function assertCan(request: FastifyRequest, permission: Permission): void {
  if (!request.user?.isAdmin) throw forbidden(NOT_STAFF);
  if (request.user.mustSetUpTwoFactor) {
    throw new HttpError(
      403,
      'MFA_SETUP_REQUIRED',
      'The shop asks all staff to turn on two-step sign-in. Please set it up under Security.',
    );
  }
  if (!can(request, permission)) throw forbidden(NOT_PERMITTED);
}

const hooksOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value ? [value] : [];

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
          role: users.role,
          // Read with the session, in the same query: the owner's setting holds at once.
          mustSetUpTwoFactor: sql<boolean>`${users.totpEnabledAt} is null and ${users.role} is not null and coalesce((select ${staffSettings.requireTwoFactor} from ${staffSettings} where ${staffSettings.id} = 1), false)`,
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
      request.user = {
        ...row,
        permissions: new Set(permissionsOf(row.role)),
        sessionId: claims.sessionId,
      };
      app.activity.touch(row.id);
    };

    app.decorate('authenticate', authenticate);
    app.decorate('requirePermission', (permission: Permission): PermissionHook => {
      const hook: Hook = async (request, reply) => {
        await authenticate(request, reply);
        assertCan(request, permission);
      };
      return Object.assign(hook, { permission });
    });

    // The route table: every route's permission, read from its own hooks as it is added.
    app.decorate('routePermissions', new Map<string, Permission>());
    app.addHook('onRoute', (route) => {
      const hooks = [...hooksOf(route.onRequest), ...hooksOf(route.preHandler)];
      const found = hooks.find(
        (h): h is PermissionHook => typeof h === 'function' && 'permission' in h,
      );
      if (!found) return;
      for (const method of hooksOf(route.method) as string[]) {
        app.routePermissions.set(`${method} ${route.url}`, found.permission);
      }
    });
  },
  { name: 'auth' },
);
