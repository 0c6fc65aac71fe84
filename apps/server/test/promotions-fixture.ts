// Test helpers for promotions at checkout (issue 36): promotions made through the admin API, and
// many shoppers ready to pay at once (accounts, sessions and checkout steps written straight to
// the database, so a 300-shopper race does not spend its time hashing passwords).
import { randomUUID } from 'node:crypto';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { cartCoupons, checkoutDetails, sessions, users } from '../src/db/schema.ts';
import type { LoggedIn } from './accounts.ts';
import { putInCart } from './checkout-fixture.ts';

let made = 0;

/** A promotion made by `boss` through the admin API; answers its id. */
export async function promotion(app: App, boss: LoggedIn, payload: object): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/promotions',
    headers: boss.auth,
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`promotion: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

/** A code no other test uses. */
export const freshCode = (prefix = 'PROMO') => `${prefix}${Date.now() % 100_000}X${++made}`;

/**
 * `n` shoppers, each with these cart lines, steps 1 and 2 filled in and, if given, `code` on the
 * cart: ready for create-payment.
 */
export async function readyShoppers(
  app: App,
  db: Db,
  n: number,
  lines: [productId: number, quantity: number][],
  code: string | null = null,
): Promise<LoggedIn[]> {
  const tag = randomUUID().slice(0, 8);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        username: `racer-${tag}-${i}`,
        email: `racer-${tag}-${i}@example.co.ke`,
        phoneNumber: '0712345678',
        passwordHash: 'x',
      })),
    )
    .returning({ id: users.id, email: users.email, username: users.username });
  const opened = await db
    .insert(sessions)
    .values(rows.map((r) => ({ userId: r.id })))
    .returning({ id: sessions.id, userId: sessions.userId });
  await db.insert(checkoutDetails).values(
    rows.map((r) => ({
      userId: r.id,
      name: 'Wanjiru Kamau',
      streetAddress: 'Moi Avenue 12',
      city: 'Nairobi',
      zipCode: '00100',
      email: r.email,
    })),
  );
  if (code !== null) await db.insert(cartCoupons).values(rows.map((r) => ({ userId: r.id, code })));
  for (const r of rows) {
    for (const [productId, quantity] of lines) await putInCart(db, r.id, productId, quantity);
  }
  return Promise.all(
    opened.map(async (s) => {
      const row = rows.find((r) => r.id === s.userId)!;
      const token = await app.tokens.sign({ userId: s.userId, sessionId: s.id });
      return {
        id: row.id,
        email: row.email!, // inserted with one above
        username: row.username,
        token,
        refreshToken: '',
        auth: { authorization: `Bearer ${token}` },
      };
    }),
  );
}
