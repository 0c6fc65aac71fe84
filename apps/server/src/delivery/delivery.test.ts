// Delivery across Kenya (issue 22): county fees and days, pickup points, and what checkout makes of
// them. Runs on PGlite and, in CI's second pass, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutTotals, expectedDelivery, KENYA_COUNTIES } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import { createPayment, product, putInCart } from '../../test/checkout-fixture.ts';
import { orders } from '../orders/schema.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

const counties = async () => (await t.app.inject({ url: '/api/delivery/counties' })).json();
const county = async (code: string) =>
  (await counties()).find((c: { code: string }) => c.code === code);

function patchCounty(code: string, payload: object, who: LoggedIn | null = boss) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/admin/delivery/counties/${code}`,
    headers: who?.auth ?? {},
    payload,
  });
}

function addPoint(payload: object, who: LoggedIn = boss) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/pickup-points',
    headers: who.auth,
    payload,
  });
}

const address = {
  name: 'Achieng Otieno',
  street_address: 'Oginga Odinga Street 4',
  city: 'Kisumu',
};

async function shipping(who: LoggedIn, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/shipping', headers: who.auth, payload });
}

async function summary(who: LoggedIn) {
  return (await t.app.inject({ url: '/api/checkout/summary', headers: who.auth })).json();
}

/** A shopper with one product of this price in the cart and the e-mail step done. */
async function shopperWithCart(priceCents = 100_000, stock = 5) {
  const who = await shopper(t.app);
  const productId = await product(t.db, { priceCents, stock });
  await putInCart(t.db, who.id, productId, 1);
  await t.app.inject({
    method: 'POST',
    url: '/api/payment',
    headers: who.auth,
    payload: { email: who.email },
  });
  return { who, productId };
}

describe('counties', () => {
  it("are Kenya's 47 by their official codes, at the specification's fee and days until set", async () => {
    const list = await counties();
    expect(list).toHaveLength(47);
    expect(list[0]).toEqual({
      code: '001',
      name: 'Mombasa',
      fee: 50,
      eta_min_days: 3,
      eta_max_days: 5,
      pay_on_delivery: false,
      pay_on_delivery_max: null,
    });
    expect(list[46]).toMatchObject({ code: '047', name: 'Nairobi City' });
    expect(list.map((c: { code: string }) => c.code)).toEqual(KENYA_COUNTIES.map(([c]) => c));
  });

  it('are changed by an admin only, one at a time or several at once', async () => {
    const shopperOnly = await shopper(t.app);
    expect((await patchCounty('023', { fee: 1 }, null)).statusCode).toBe(401);
    expect((await patchCounty('023', { fee: 1 }, shopperOnly)).statusCode).toBe(403);

    const one = await patchCounty('023', { fee: 800, eta_min_days: 4, eta_max_days: 7 });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ code: '023', name: 'Turkana', fee: 800, eta_max_days: 7 });
    expect(await county('023')).toMatchObject({ fee: 800, eta_min_days: 4, eta_max_days: 7 });

    const bulk = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/delivery/counties',
      headers: boss.auth,
      payload: { codes: ['022', 'Kajiado'], fee: 300, pay_on_delivery: true },
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().map((c: { code: string }) => c.code)).toEqual(['022', '034']);
    expect(await county('034')).toMatchObject({ fee: 300, pay_on_delivery: true, eta_min_days: 3 });
  });

  it('refuse a fee below 0 or above Ksh 100,000, an unknown county, and fewer days above more', async () => {
    for (const payload of [{ fee: -1 }, { fee: 100_001 }, { fee: 10.5 }]) {
      const res = await patchCounty('001', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields.fee).toBe('Enter a fee from Ksh 0 to Ksh 100,000.');
    }
    const unknown = await patchCounty('048', { fee: 100 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.code).toBe('Choose a county from the list.');

    const both = await patchCounty('001', { eta_min_days: 6, eta_max_days: 2 });
    expect(both.statusCode).toBe(400);
    expect(both.json().fields.eta_min_days).toBeDefined();
    // Against the days already set (3–5): a minimum of 6 alone is refused too.
    const against = await patchCounty('001', { eta_min_days: 6 });
    expect(against.statusCode).toBe(400);
    expect(against.json().fields.eta_min_days).toBeDefined();

    // In bulk, one county that cannot take the change leaves every county as it was.
    await patchCounty('005', { eta_min_days: 1, eta_max_days: 1 });
    const bulk = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/delivery/counties',
      headers: boss.auth,
      payload: { codes: ['004', '005'], eta_min_days: 2 },
    });
    expect(bulk.statusCode).toBe(400);
    expect((await county('004')).eta_min_days).toBe(3);
    expect(await county('001')).toMatchObject({ fee: 50, eta_min_days: 3, eta_max_days: 5 });
  });
});

describe('pickup points', () => {
  it('are kept by the admin; shoppers see the open ones, by county', async () => {
    const made = await addPoint({
      name: 'Kisumu Post Office',
      county_code: 'Kisumu',
      address: 'Oginga Odinga Street, Kisumu',
      opening_hours: 'Mon–Sat 8:00–17:00',
      fee: 120,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      county_code: '042',
      county: 'Kisumu',
      fee: 120,
      active: true,
    });
    const closed = (
      await addPoint({
        name: 'Kondele Stage',
        county_code: '042',
        address: 'Kondele',
        opening_hours: 'Daily 7:00–19:00',
        fee: 100,
        active: false,
      })
    ).json();

    const open = (await t.app.inject({ url: '/api/delivery/pickup-points?county=042' })).json();
    expect(open.map((p: { name: string }) => p.name)).toEqual(['Kisumu Post Office']);
    const all = (
      await t.app.inject({ url: '/api/admin/pickup-points', headers: boss.auth })
    ).json();
    expect(all.map((p: { id: number }) => p.id)).toContain(closed.id);

    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/pickup-points/${closed.id}`,
      headers: boss.auth,
      payload: { active: true, fee: 90 },
    });
    expect(changed.json()).toMatchObject({ active: true, fee: 90 });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/pickup-points/${closed.id}`,
      headers: boss.auth,
    });
    expect(removed.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/pickup-points/${closed.id}`,
      headers: boss.auth,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuse bad input with the field to correct, and anyone but an admin', async () => {
    const bad = await addPoint({
      name: '',
      county_code: 'Atlantis',
      address: 'x',
      opening_hours: 'x',
      fee: 100_001,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['county_code', 'fee', 'name']);
    const who = await shopper(t.app);
    expect(
      (
        await addPoint(
          { name: 'x', county_code: '001', address: 'x', opening_hours: 'x', fee: 1 },
          who,
        )
      ).statusCode,
    ).toBe(403);
    const unknownCounty = await t.app.inject({ url: '/api/delivery/pickup-points?county=999' });
    expect(unknownCounty.statusCode).toBe(400);
  });
});

describe('checkout with a county or a pickup point', () => {
  it("without a county keeps the specification's figures", async () => {
    const { who } = await shopperWithCart(100_000);
    expect((await shipping(who, { ...address, zip_code: '40100' })).statusCode).toBe(200);
    const s = await summary(who);
    expect(s).toMatchObject(checkoutTotals([{ unitPriceCents: 100_000, quantity: 1 }]));
    expect(s.shippingCents).toBe(5_000);
    expect(s.deliveryDays).toEqual({ min: 3, max: 5 });
    // Without a county the zip code is still needed.
    const noZip = await shipping(who, address);
    expect(noZip.statusCode).toBe(400);
    expect(noZip.json().fields.zip_code).toBe('Zip code is required');
  });

  it("charges the county's fee, promises its days, and makes the order with them", async () => {
    await patchCounty('023', { fee: 800, eta_min_days: 4, eta_max_days: 7 });
    const { who } = await shopperWithCart(100_000);
    // The zip code is optional once a county is named; names are read as well as codes.
    const saved = await shipping(who, { ...address, county: 'turkana', phone: '0712 345 678' });
    expect(saved.statusCode).toBe(200);
    const details = (
      await t.app.inject({ url: '/api/checkout/details', headers: who.auth })
    ).json();
    expect(details).toMatchObject({ county: '023', phone: '254712345678', delivery: 'home' });

    const expected = checkoutTotals([{ unitPriceCents: 100_000, quantity: 1 }], 80_000);
    const s = await summary(who);
    expect(s).toMatchObject({ ...expected, shippingCents: 80_000 });
    expect(s.expectedDelivery).toEqual(expectedDelivery(new Date(), { min: 4, max: 7 }));

    const started = await createPayment(t.app, who);
    expect(started.statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, started.json().order_id));
    expect(order).toMatchObject({
      shippingCents: 80_000,
      totalCents: expected.totalCents,
      countyCode: '023',
      phone: '254712345678',
      delivery: 'home',
      etaMinDays: 4,
      etaMaxDays: 7,
      zipCode: '',
    });
  });

  it("charges a pickup point's fee and its county's days, and refuses a closed or unknown point", async () => {
    await patchCounty('032', { eta_min_days: 2, eta_max_days: 3 });
    const point = (
      await addPoint({
        name: 'Nakuru G4S',
        county_code: '032',
        address: 'Kenyatta Avenue, Nakuru',
        opening_hours: 'Mon–Fri 8:00–18:00',
        fee: 150,
      })
    ).json();
    const { who } = await shopperWithCart(100_000);
    const picked = await shipping(who, {
      ...address,
      delivery: 'pickup',
      pickup_point_id: point.id,
    });
    expect(picked.statusCode).toBe(200);
    const s = await summary(who);
    expect(s.shippingCents).toBe(15_000);
    expect(s.deliveryDays).toEqual({ min: 2, max: 3 });

    const started = await createPayment(t.app, who);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, started.json().order_id));
    expect(order).toMatchObject({
      delivery: 'pickup',
      pickupPointId: point.id,
      countyCode: '032',
      pickupPoint: {
        name: 'Nakuru G4S',
        address: 'Kenyatta Avenue, Nakuru',
        openingHours: 'Mon–Fri 8:00–18:00',
      },
    });

    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/pickup-points/${point.id}`,
      headers: boss.auth,
      payload: { active: false },
    });
    const closed = await shipping(who, {
      ...address,
      delivery: 'pickup',
      pickup_point_id: point.id,
    });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().fields.pickup_point_id).toBe(
      'This pickup point is closed. Please choose another.',
    );
    const unknown = await shipping(who, {
      ...address,
      delivery: 'pickup',
      pickup_point_id: 999_999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.pickup_point_id).toBe('Choose a pickup point from the list.');
    const none = await shipping(who, { ...address, delivery: 'pickup' });
    expect(none.json().fields.pickup_point_id).toBe('Choose a pickup point.');
  });

  it('refuses an unknown county and a phone that is not Kenyan, naming the fields', async () => {
    const { who } = await shopperWithCart();
    const res = await shipping(who, { ...address, county: 'Gotham', phone: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      county: 'Choose a county from the list.',
      phone: 'Enter a Kenyan mobile number such as 0712 345 678.',
    });
  });
});
