// Test helpers for accounts: make shoppers and admins and log them in, through the real API.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import type { Role } from '@duka/domain';
import { codeAt, stepAt } from '../src/auth/totp.ts';

export const PASSWORD = 'Sunny#Day42';

export interface LoggedIn {
  id: number;
  email: string;
  username: string;
  token: string;
  refreshToken: string;
  auth: { authorization: string };
}

export async function signUp(app: App, overrides: Record<string, unknown> = {}) {
  const tag = randomBytes(4).toString('hex');
  const body = {
    username: `shopper-${tag}`,
    email: `shopper-${tag}@example.co.ke`,
    phone_number: '0712345678',
    password: PASSWORD,
    ...overrides,
  };
  const res = await app.inject({ method: 'POST', url: '/api/register', payload: body });
  return { res, body };
}

export async function logIn(app: App, email: string, password = PASSWORD): Promise<LoggedIn> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const data = res.json();
  return {
    id: data.user.id,
    email: data.user.email,
    username: data.user.username,
    token: data.access_token,
    refreshToken: data.refresh_token,
    auth: { authorization: `Bearer ${data.access_token}` },
  };
}

export async function shopper(
  app: App,
  overrides: Record<string, unknown> = {},
): Promise<LoggedIn> {
  const { res, body } = await signUp(app, overrides);
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return logIn(app, body.email as string, body.password as string);
}

/** A shopper given a staff role (the owner's, unless told) in the database, then logged in. */
export async function admin(app: App, db: Db, role: Role = 'owner'): Promise<LoggedIn> {
  const { res, body } = await signUp(app);
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.body}`);
  await db
    .update(users)
    .set({ role })
    .where(eq(users.email, body.email as string));
  return logIn(app, body.email as string);
}

/** Turns on two-step sign-in from the session `who` (as the Security screen does); the secret. */
export async function turnOnTwoFactor(app: App, who: LoggedIn): Promise<string> {
  const setup = await app.inject({ method: 'POST', url: '/api/me/2fa/setup', headers: who.auth });
  const { secret } = setup.json() as { secret: string };
  const res = await app.inject({
    method: 'POST',
    url: '/api/me/2fa/enable',
    headers: who.auth,
    payload: { code: codeAt(secret, stepAt(Date.now())) },
  });
  if (res.statusCode !== 200) throw new Error(`2FA enable failed: ${res.statusCode} ${res.body}`);
  return secret;
}
