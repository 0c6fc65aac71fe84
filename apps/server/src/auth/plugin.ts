// Who is calling: every authenticated route declares `onRequest: app.authenticate`, every
// back-office route `app.requirePermission('…')`, and a route open to a record's owner or to staff
// `app.ownerOrPermission('…')` (decision record 021). The token names a session; the session and
// the user's current role are read from the database on every request, so a log-out, a removal or
// a change of role takes effect at the next call. Every staff permission is checked by one gate,
// `assertCan`, which also applies the shop's 'require two-step sign-in'.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { sessions, users } from './schema.ts';
import { staffSettings } from '../staff/schema.ts';
import { permissionsOf, type Permission, type Role } from '@duka/domain';
import { forbidden, HttpError, unauthorized } from '../lib/http-error.ts';
import { ActivityTracker } from './activity.ts';
import { bearerOf, TokenSigner } from './tokens.ts';

export interface AuthUser {
  id: number;
  username: string;
  /** Null for an account made by phone sign-in until it gives one. */
  email: string | null;
  isAdmin: boolean;
  role: Role | null;
  permissions: ReadonlySet<Permission>;
  /** Staff who must set up two-step sign-in before the back office opens (a shop setting). */
  mustSetUpTwoFactor: boolean;
  sessionId: string;
}

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** What a route asks of its caller, read back from its hook into the route table. */
export interface RouteRule {
  permission: Permission;
  /** 'staff': staff through the gate only; 'owner-or-staff': also the record's owner. */
  access: 'staff' | 'owner-or-staff';
  /** The handler applies the gate itself: turning 'require two-step sign-in' off needs no 2FA. */
  gateInHandler?: true;
}
/** A route's permission check; it carries its rule so the route table can be read back. */
export type PermissionHook = Hook & { readonly rule: RouteRule };
/** Authenticates; the handler then calls `assert` with the owner of the record asked for. */
export type OwnerOrPermissionHook = PermissionHook & {
  /** Passes the record's owner, and staff through the gate; anyone else gets `missing()`. */
  assert(request: FastifyRequest, ownerId: number | undefined, missing: () => Error): void;
};

const NOT_STAFF = 'This is for administrators only.';
const NOT_PERMITTED = 'Your role does not allow this.';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner;
    activity: ActivityTracker;
    authenticate: Hook;
    requirePermission: (
      permission: Permission,
      options?: { gateInHandler?: true },
    ) => PermissionHook;
    ownerOrPermission: (permission: Permission) => OwnerOrPermissionHook;
    /** 'METHOD /path' → the permission its route asks for (either kind), as routes are added. */
    routePermissions: Map<string, Permission>;
    /** 'METHOD /path' → the whole rule of each route in `routePermissions`. */
    routeRules: Map<string, RouteRule>;
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

const mfaSetUpRequired = () =>
  new HttpError(
    403,
    'MFA_SETUP_REQUIRED',
    'The shop asks all staff to turn on two-step sign-in. Please set it up under Security.',
  );

/** Throws 403 unless the signed-in user is staff who may do this: the one gate. */
export function assertCan(request: FastifyRequest, permission: Permission): void {
  if (!request.user?.isAdmin) throw forbidden(NOT_STAFF);
  if (request.user.mustSetUpTwoFactor) throw mfaSetUpRequired();
  if (!request.user.permissions.has(permission)) throw forbidden(NOT_PERMITTED);
}

/** The gate without the two-step setting, for the one handler that applies it itself. */
function assertStaffWith(request: FastifyRequest, permission: Permission): void {
  if (!request.user?.isAdmin) throw forbidden(NOT_STAFF);
  if (!request.user.permissions.has(permission)) throw forbidden(NOT_PERMITTED);
}

/** Whether the gate would let the signed-in user do this (for choices inside a handler). */
export function can(request: FastifyRequest, permission: Permission): boolean {
  const user = request.user;
  return Boolean(user?.isAdmin && !user.mustSetUpTwoFactor && user.permissions.has(permission));
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
    app.decorate('requirePermission', (permission: Permission, options = {}): PermissionHook => {
      const rule: RouteRule = { permission, access: 'staff', ...options };
      const hook: Hook = async (request, reply) => {
        await authenticate(request, reply);
        if (options.gateInHandler) assertStaffWith(request, permission);
        else assertCan(request, permission);
      };
      return Object.assign(hook, { rule });
    });
    app.decorate('ownerOrPermission', (permission: Permission): OwnerOrPermissionHook => {
      const rule: RouteRule = { permission, access: 'owner-or-staff' };
      const hook: Hook = (request, reply) => authenticate(request, reply);
      return Object.assign(hook, {
        rule,
        assert(request: FastifyRequest, ownerId: number | undefined, missing: () => Error) {
          const user = currentUser(request);
          if (ownerId !== undefined && ownerId === user.id) return;
          // A shopper is not told whether someone else's record exists; staff get the gate's say.
          if (ownerId === undefined || !user.isAdmin) throw missing();
          assertCan(request, permission);
        },
      });
    });

    // The route table: every route's permission, read from its own hooks as it is added.
    app.decorate('routePermissions', new Map<string, Permission>());
    app.decorate('routeRules', new Map<string, RouteRule>());
    app.addHook('onRoute', (route) => {
      const hooks = [...hooksOf(route.onRequest), ...hooksOf(route.preHandler)];
      const found = hooks.find((h): h is PermissionHook => typeof h === 'function' && 'rule' in h);
      if (!found) return;
      for (const method of hooksOf(route.method) as string[]) {
        app.routePermissions.set(`${method} ${route.url}`, found.rule.permission);
        app.routeRules.set(`${method} ${route.url}`, found.rule);
      }
    });
  },
  { name: 'auth' },
);
