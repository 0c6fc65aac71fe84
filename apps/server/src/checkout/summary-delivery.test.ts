// The summary's discounts say what they come off (issue 36: "every checkout step shows the discounts
// by name"), and the summary prices a delivery choice before it is saved, so step 1 can show the
// fee and any delivery discount for the county or point as the shopper chooses it. PGlite and
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CheckoutSummary } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, type LoggedIn } from '../../test/accounts.ts';
import { product } from '../../test/checkout-fixture.ts';
import { freshCode, promotion, readyShoppers } from '../../test/promotions-fixture.ts';
import { checkoutDetails } from './schema.ts';

let t: TestContext;
let boss: LoggedIn;
let towel: number;
let tenOff: string;
let nakuruPoint: number;
let nairobiPoint: number;

const NAIROBI_FREE = 'Free delivery in Nairobi over Ksh 2,000';
const MOMBASA_100 = 'Ksh 100 off delivery to Mombasa';

beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
  // Nairobi Ksh 300, Mombasa Ksh 400, Kisumu Ksh 250; every other county the flat Ksh 50.
  for (const [code, fee] of [
    ['047', 300],
    ['001', 400],
    ['042', 250],
  ] as const) {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/delivery/counties/${code}`,
      headers: boss.auth,
      payload: { fee },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const point = async (name: string, county_code: string, fee: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/pickup-points',
      headers: boss.auth,
      payload: { name, county_code, address: `${name} Road`, opening_hours: 'Daily 8-18', fee },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  nakuruPoint = await point('Nakuru G4S', '032', 150);
  nairobiPoint = await point('Westlands G4S', '047', 120);

  towel = await product(t.db, { priceCents: 150_000, stock: 100 }); // Ksh 1,500
  await promotion(t.app, boss, {
    name: NAIROBI_FREE,
    type: 'free_delivery',
    counties: ['Nairobi'],
    min_order: 2000,
  });
  await promotion(t.app, boss, {
    name: MOMBASA_100,
    type: 'free_delivery',
    value: 100,
    counties: ['Mombasa'],
  });
  tenOff = freshCode('TEN');
  await promotion(t.app, boss, { name: 'Ten off', code: tenOff, type: 'percent_off', value: 10 });
});
afterAll(() => t.close());

const shopperWith = async (quantity: number) =>
  (await readyShoppers(t.app, t.db, 1, [[towel, quantity]]))[0]!;

async function summaryOf(who: LoggedIn | null, query = ''): Promise<CheckoutSummary> {
  const res = await t.app.inject({ url: `/api/checkout/summary${query}`, headers: who?.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function saveShipping(who: LoggedIn, place: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/shipping',
    headers: who.auth,
    payload: { name: 'Wanjiru Kamau', street_address: 'Moi Avenue 12', city: 'Nairobi', ...place },
  });
}

const savedChoice = async (who: LoggedIn) => {
  const [row] = await t.db
    .select({ county: checkoutDetails.countyCode, delivery: checkoutDetails.delivery })
    .from(checkoutDetails)
    .where(eq(checkoutDetails.userId, who.id));
  return row;
};

describe('each discount in the summary', () => {
  it('says whether it comes off the items or the delivery, and the totals agree', async () => {
    const who = await shopperWith(2); // Ksh 3,000
    expect((await saveShipping(who, { county: 'Nairobi' })).statusCode).toBe(200);
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/cart/coupon',
      headers: who.auth,
      payload: { code: tenOff },
    });
    expect(code.statusCode, code.body).toBe(200);

    const s = await summaryOf(who);
    expect(s.discounts).toHaveLength(2);
    expect(s.discounts).toEqual(
      expect.arrayContaining([
        { name: 'Ten off', code: tenOff, amountCents: 30_000, on: 'items' },
        { name: NAIROBI_FREE, code: null, amountCents: 30_000, on: 'delivery' },
      ]),
    );
    expect(s).toMatchObject({
      itemsCents: 300_000,
      shippingCents: 30_000,
      discountTotalCents: 60_000,
      // 16 % of Ksh 2,700 (items less 10 %, delivery free) = 432.
      vatCents: 43_200,
      totalCents: 270_000 + 43_200,
    });
    // What comes off each is the part of the discount total it names.
    const on = (target: string) =>
      s.discounts.filter((d) => d.on === target).reduce((sum, d) => sum + d.amountCents, 0);
    expect(on('items') + on('delivery')).toBe(s.discountTotalCents);
    expect(on('delivery')).toBeLessThanOrEqual(s.shippingCents);
  });
});

describe('GET /api/checkout/summary with a delivery choice', () => {
  it('prices the county as chosen, with its delivery discount, and saves nothing', async () => {
    const who = await shopperWith(2);
    expect((await saveShipping(who, { county: 'Kisumu' })).statusCode).toBe(200);
    const saved = await summaryOf(who);
    expect(saved).toMatchObject({ shippingCents: 25_000, discounts: [], discountTotalCents: 0 });

    // Nairobi (by code or by name): free over Ksh 2,000.
    for (const county of ['047', 'nairobi']) {
      const nairobi = await summaryOf(who, `?delivery=home&county=${county}`);
      expect(nairobi).toMatchObject({
        shippingCents: 30_000,
        discounts: [{ name: NAIROBI_FREE, code: null, amountCents: 30_000, on: 'delivery' }],
        discountTotalCents: 30_000,
        beforeTaxCents: 300_000,
      });
    }
    // Mombasa: Ksh 100 off its Ksh 400.
    const mombasa = await summaryOf(who, '?delivery=home&county=001');
    expect(mombasa).toMatchObject({
      shippingCents: 40_000,
      discounts: [{ name: MOMBASA_100, code: null, amountCents: 10_000, on: 'delivery' }],
      beforeTaxCents: 300_000 + 30_000,
    });
    // A county without an offer; and home delivery with no county yet: the flat fee.
    expect(await summaryOf(who, '?delivery=home&county=042')).toMatchObject({
      shippingCents: 25_000,
      discounts: [],
    });
    expect(await summaryOf(who, '?delivery=home')).toMatchObject({
      shippingCents: 5_000,
      discounts: [],
    });

    // Nothing was saved: the saved choice still prices the summary, and step 3 still reads Kisumu.
    expect(await savedChoice(who)).toEqual({ county: '042', delivery: 'home' });
    expect(await summaryOf(who)).toEqual(saved);
  });

  it("applies a county's offer only over its minimum, and to a pickup point in that county", async () => {
    const small = await shopperWith(1); // Ksh 1,500: under the Ksh 2,000 minimum
    expect(await summaryOf(small, '?delivery=home&county=047')).toMatchObject({
      shippingCents: 30_000,
      discounts: [],
    });
    const big = await shopperWith(2);
    expect(await summaryOf(big, `?delivery=pickup&pickup_point_id=${nairobiPoint}`)).toMatchObject({
      shippingCents: 12_000,
      discounts: [{ name: NAIROBI_FREE, amountCents: 12_000, on: 'delivery' }],
    });
    expect(await summaryOf(big, `?delivery=pickup&pickup_point_id=${nakuruPoint}`)).toMatchObject({
      shippingCents: 15_000,
      discounts: [],
    });
    // The point is read only with pickup: home delivery to Nakuru's county is its own fee.
    expect(
      await summaryOf(big, `?delivery=home&county=032&pickup_point_id=${nairobiPoint}`),
    ).toMatchObject({ shippingCents: 5_000, discounts: [] });
  });

  it('refuses a choice that is not one: 400 at its field; without a token, 401', async () => {
    const who = await shopperWith(1);
    const cases: [string, string][] = [
      ['?delivery=home&county=Atlantis', 'county'],
      ['?delivery=drone', 'delivery'],
      ['?delivery=pickup&pickup_point_id=abc', 'pickup_point_id'],
      ['?delivery=pickup&pickup_point_id=999999', 'pickup_point_id'],
      ['?delivery=home&county=047&colour=red', '_'],
    ];
    for (const [query, field] of cases) {
      const res = await t.app.inject({ url: `/api/checkout/summary${query}`, headers: who.auth });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), query).toContain(field);
    }
    // A closed point is refused too, rather than priced as if it were open.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/pickup-points/${nakuruPoint}`,
      headers: boss.auth,
      payload: { active: false },
    });
    const closed = await t.app.inject({
      url: `/api/checkout/summary?delivery=pickup&pickup_point_id=${nakuruPoint}`,
      headers: who.auth,
    });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().fields).toEqual({ pickup_point_id: expect.any(String) });

    const anonymous = await t.app.inject({ url: '/api/checkout/summary?delivery=home&county=047' });
    expect(anonymous.statusCode).toBe(401);
  });
});
