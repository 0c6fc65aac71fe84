// Registering the Paybill/Till's URLs with Daraja: at start-up, once across instances (the jobs run
// under an advisory lock), again when PUBLIC_URL or the shortcode changed, and retried while Daraja
// is unreachable or refuses: the first retry within 30 s, then at most every 5 minutes until it
// works. The result is kept for the admin, who can register again by hand. Without Daraja
// credentials the built-in sandbox needs none.
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { mpesaC2bRegistration } from '../../schema.ts';
import { recordEvents } from '../../events-repo.ts';
import { c2bUrls } from './urls.ts';
import type { DarajaClient } from '../daraja/client.ts';
import { maskUrl } from '../daraja/mask.ts';
import type { ProviderRegistration, RegistrationStatus } from '../../provider.ts';

const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 5 * 60_000;

export type Registration = typeof mpesaC2bRegistration.$inferSelect;

export interface RegistrationDeps {
  db: Db;
  daraja: DarajaClient;
  shortcode: string;
  publicUrl: string;
  secret: string;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export const registrationOf = async (db: Db, shortcode: string) =>
  (
    await db
      .select()
      .from(mpesaC2bRegistration)
      .where(eq(mpesaC2bRegistration.shortcode, shortcode))
  )[0];

/** Registers when it is due (or at once with `force`); answers the registration as it stands. */
export async function registerIfDue(
  deps: RegistrationDeps,
  { force = false, now = new Date() }: { force?: boolean; now?: Date } = {},
): Promise<Registration> {
  const urls = c2bUrls(deps.publicUrl, deps.secret);
  const urlKey = maskUrl(urls.confirmation);
  const current = await registrationOf(deps.db, deps.shortcode);
  const registeredHere = current?.status === 'registered' && current.urlKey === urlKey;
  const due = !current?.nextAttemptAt || current.nextAttemptAt <= now;
  if (!force && (registeredHere || (current && current.urlKey === urlKey && !due))) return current!;

  const answer = await deps.daraja.registerUrls({
    shortcode: deps.shortcode,
    validationUrl: urls.validation,
    confirmationUrl: urls.confirmation,
  });
  await recordEvents(deps.db, null, answer.log);
  const attempts = answer.ok ? 0 : (current?.urlKey === urlKey ? current.attempts : 0) + 1;
  const wait = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
  const row = {
    shortcode: deps.shortcode,
    status: answer.ok ? 'registered' : 'failed',
    message: answer.message,
    urlKey,
    attempts,
    lastAttemptAt: now,
    nextAttemptAt: answer.ok ? null : new Date(now.getTime() + wait),
    registeredAt: answer.ok ? now : (current?.registeredAt ?? null),
  };
  const [saved] = await deps.db
    .insert(mpesaC2bRegistration)
    .values(row)
    .onConflictDoUpdate({ target: mpesaC2bRegistration.shortcode, set: row })
    .returning();
  if (answer.ok)
    deps.log.info({ shortcode: deps.shortcode }, 'M-Pesa Paybill/Till URLs registered');
  else
    deps.log.warn(
      { shortcode: deps.shortcode, reason: answer.message, attempts },
      'M-Pesa Paybill/Till URLs not registered; will retry',
    );
  return saved!;
}

/** The registration as the admin sees it. */
export function statusOf(row: Registration | undefined): RegistrationStatus {
  return {
    status: row ? (row.status === 'registered' ? 'registered' : 'failed') : 'not registered',
    message: row?.message ?? '',
    lastAttemptAt: row?.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row?.nextAttemptAt?.toISOString() ?? null,
    registeredAt: row?.registeredAt?.toISOString() ?? null,
  };
}

/** Daraja's C2B URL registration as a provider capability. */
export function darajaRegistration(daraja: DarajaClient, shortcode: string): ProviderRegistration {
  return {
    async ensure(context, options) {
      return statusOf(await registerIfDue({ ...context, daraja, shortcode }, options));
    },
    async current(db) {
      return statusOf(await registrationOf(db, shortcode));
    },
  };
}
