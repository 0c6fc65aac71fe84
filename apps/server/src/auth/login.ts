// Log-in with guessing made impractical: failed attempts are limited per account and per address
// (5 and 20 in 15 minutes), counted in the shared limits store before the password is checked, so
// that of any number of concurrent guesses, on any number of server processes, only the allowed
// number is ever checked. The address is counted first: an attempt refused because the address is
// blocked never reaches the account's count, so a blocked address cannot lock its owner out.
import { AUTH_MESSAGES } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import type { Verdict } from '../limits/limiter.ts';
import type { Limits } from '../limits/plugin.ts';
import { checkCredentials } from './service.ts';

function refuseUnless(verdict: Verdict): void {
  if (verdict.allowed) return;
  const wait = verdict.retryAfterSeconds;
  throw new HttpError(
    429,
    'TOO_MANY_ATTEMPTS',
    `Too many failed log-in attempts. Please try again in ${Math.ceil(wait / 60)} minute(s).`,
    undefined,
    { 'Retry-After': String(wait) },
  );
}

export async function logIn(
  deps: { db: Db; limits: Limits },
  email: string,
  password: string,
  address: string,
) {
  const { limiter, rules } = deps.limits;
  refuseUnless(await limiter.consume(rules.loginAddress, address));
  refuseUnless(await limiter.consume(rules.loginAccount, email));
  const user = await checkCredentials(deps.db, email, password);
  if (!user) throw new HttpError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
  // Only failures count: the owner got in, so the account's count is cleared and the address's
  // attempt given back.
  await Promise.all([
    limiter.reset(rules.loginAccount, email),
    limiter.refund(rules.loginAddress, address),
  ]);
  return user;
}
