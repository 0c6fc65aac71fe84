// Phone sign-in in tests (issue 37): a test app that sends SMS to the Africa's Talking stand-in,
// fresh numbers, and the code read from the SMS the stand-in received.
import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { phoneCodes } from '../src/auth/schema.ts';
import { createTestApp, type TestContext } from './app.ts';
import type { AfricasTalkingStandIn } from './stand-ins/africas-talking.ts';

export async function phoneTestApp(
  sms: AfricasTalkingStandIn,
  env: Record<string, string> = {},
): Promise<TestContext> {
  return createTestApp({
    AT_USERNAME: sms.username,
    AT_API_KEY: sms.apiKey,
    AT_API_BASE: sms.baseUrl,
    ...env,
  });
}

/** A Kenyan mobile number no other test uses: as a person types it, and as the shop keeps it. */
export function freshPhone() {
  const rest = String(randomInt(0, 100_000_000)).padStart(8, '0');
  return {
    typed: `07${rest.slice(0, 2)} ${rest.slice(2, 5)} ${rest.slice(5)}`,
    kept: `+2547${rest}`,
  };
}

let addresses = 0;
/** A client address of its own, so one test's requests do not count against another's limits. */
export const freshAddress = () => `10.37.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

export interface Caller {
  remoteAddress?: string;
  headers?: Record<string, string>;
}

export const askCode = (app: App, phone: string, caller: Caller = {}, extra: object = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/login/phone',
    payload: { phone, ...extra },
    ...caller,
  });

export const verifyCode = (app: App, phone: string, code: string, caller: Caller = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/login/phone/verify',
    payload: { phone, code },
    ...caller,
  });

/** The code in the newest SMS the number received. */
export function codeSentTo(sms: AfricasTalkingStandIn, kept: string): string {
  const text = sms.to(kept).at(-1)?.message ?? '';
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no code sent to ${kept}: ${JSON.stringify(sms.to(kept))}`);
  return match[1]!;
}

/** Makes the number's codes `seconds` older, as if that time had passed. */
export async function ageCodes(db: Db, kept: string, seconds: number): Promise<void> {
  await db
    .update(phoneCodes)
    .set({
      createdAt: sql`${phoneCodes.createdAt} - ${seconds}::int * interval '1 second'`,
      expiresAt: sql`${phoneCodes.expiresAt} - ${seconds}::int * interval '1 second'`,
    })
    .where(eq(phoneCodes.phone, kept));
}

/** Asks for a code and signs in with it: the answer of the verify call. */
export async function signInByPhone(
  app: App,
  db: Db,
  sms: AfricasTalkingStandIn,
  phone: { typed: string; kept: string },
  caller: Caller = {},
) {
  const asked = await askCode(app, phone.typed, caller);
  if (asked.statusCode !== 202) throw new Error(`code: ${asked.statusCode} ${asked.body}`);
  const res = await verifyCode(app, phone.typed, codeSentTo(sms, phone.kept), caller);
  // The next sign-in of the number need not wait the 60 s between codes.
  await ageCodes(db, phone.kept, 61);
  return res;
}
