// Packing, shipping and following an order (issue 22): the admin's order page and its timeline,
// shipping with a courier and tracking number (e-mailed through a real SMTP server), pickup orders,
// orders paid on delivery on their way, and the public tracking look-up.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import { buyAndPay, createPayment, product, putInCart } from '../../test/checkout-fixture.ts';
import { Mailbox } from '../../test/mailbox.ts';

const mailbox = new Mailbox();
let t: TestContext;
let boss: LoggedIn;

beforeAll(async () => {
  await mailbox.start();
  t = await createTestApp({
    SMTP_URL: mailbox.url,
    PUBLIC_URL: 'https://duka.example',
    // The limit's own test is the last of this file; the look-ups before it stay below it.
    TRACK_LOOKUPS_PER_HOUR: '8',
  });
  boss = await admin(t.app, t.db);
  await t.app.inject({
    method: 'PATCH',
    url: '/api/admin/delivery/counties/037',
    headers: boss.auth,
    payload: { pay_on_delivery: true },
  });
});
afterAll(async () => {
  await t.close();
  await mailbox.stop();
});
beforeEach(() => mailbox.clear());

const move = (orderId: number, payload: object, who: LoggedIn = boss) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/orders/${orderId}`,
    headers: who.auth,
    payload,
  });
const adminView = async (orderId: number) =>
  (await t.app.inject({ url: `/api/admin/orders/${orderId}`, headers: boss.auth })).json();
const track = (order: number | string, phone: string) =>
  t.app.inject({
    url: `/api/track?order=${order}&phone=${encodeURIComponent(phone)}`,
  });

/** A paid order of a product with a known SKU, by a shopper whose profile phone is 0712 345 678. */
async function paidOrder() {
  const who = await shopper(t.app, { phone_number: '0712 345 678' });
  const kettle = await product(t.db, { priceCents: 129_900, stock: 10, title: 'Blue kettle' });
  const orderId = await buyAndPay(t.app, t.db, who, [[kettle, 2]]);
  return { who, orderId };
}

/** An order to a pickup point (or paid on delivery to Kakamega), started by a fresh shopper. */
async function orderWith(shipping: object, method?: string) {
  const who = await shopper(t.app);
  const productId = await product(t.db, { priceCents: 50_000, stock: 5, title: 'Jiko' });
  await putInCart(t.db, who.id, productId, 1);
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/shipping',
    headers: who.auth,
    payload: {
      name: 'Amina Wekesa',
      street_address: 'Canon Awori Street 5',
      city: 'Kakamega',
      ...shipping,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await t.app.inject({
    method: 'POST',
    url: '/api/payment',
    headers: who.auth,
    payload: { email: who.email },
  });
  const started = await createPayment(t.app, who, method ? { method } : {});
  return { who, orderId: started.json().order_id as number };
}

describe("the admin's order page", () => {
  it('shows the lines with their SKU, the customer, the payments and who moved it when', async () => {
    const { who, orderId } = await paidOrder();
    expect((await move(orderId, { status: 'processing' })).statusCode).toBe(200);
    const view = await adminView(orderId);
    expect(view).toMatchObject({
      id: orderId,
      status: 'processing',
      user_email: who.email,
      phone_number: '0712 345 678',
      delivery: 'home',
      next_statuses: ['shipped', 'refunded'],
      collectable: false,
    });
    expect(view.items).toEqual([
      expect.objectContaining({
        title: 'Blue kettle',
        quantity: 2,
        sku: expect.stringMatching(/^TST-/),
      }),
    ]);
    expect(view.payments).toEqual([
      expect.objectContaining({ status: 'captured', amount: view.order_total }),
    ]);
    expect(view.timeline.map((e: { status: string }) => e.status)).toEqual([
      'pending_payment',
      'paid',
      'processing',
    ]);
    expect(view.timeline.at(-1).by).toBe(boss.email);
    expect(view.timeline[1].by).toBeNull(); // the shop itself

    const list = (
      await t.app.inject({ url: '/api/admin/orders?status=processing', headers: boss.auth })
    ).json();
    expect(list.orders.every((o: { status: string }) => o.status === 'processing')).toBe(true);
    expect(list.orders.find((o: { id: number }) => o.id === orderId)).toMatchObject({
      items: ['2 × Blue kettle'],
      phone: '0712 345 678',
    });
  });

  it('is for admins only, and an unknown order is a 404', async () => {
    const { who, orderId } = await paidOrder();
    const mine = await t.app.inject({ url: `/api/admin/orders/${orderId}`, headers: who.auth });
    expect(mine.statusCode).toBe(403);
    expect((await move(orderId, { status: 'processing' }, who)).statusCode).toBe(403);
    const none = await t.app.inject({ url: '/api/admin/orders/999999', headers: boss.auth });
    expect(none.statusCode).toBe(404);
  });
});

describe('shipping', () => {
  it("takes a courier and tracking number, e-mails them, and shows them on the shopper's order page", async () => {
    const { who, orderId } = await paidOrder();
    await move(orderId, { status: 'processing' });
    const bad = await move(orderId, { status: 'shipped', courier: 'G4S', tracking_number: '<x>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.tracking_number).toBeDefined();
    const shipped = await move(orderId, {
      status: 'shipped',
      courier: 'G4S',
      tracking_number: 'KE-4471-2291',
    });
    expect(shipped.statusCode).toBe(200);

    await t.app.outbox.drain();
    const mail = mailbox.to(who.email).find((m) => /on its way/.test(m.headers.get('subject')!));
    expect(mail!.text).toContain('Courier: G4S. Tracking number: KE-4471-2291.');

    const mine = (await t.app.inject({ url: `/api/order/${orderId}`, headers: who.auth })).json();
    expect(mine).toMatchObject({ courier: 'G4S', tracking_number: 'KE-4471-2291' });
    expect(mine.timeline.at(-1)).toMatchObject({
      status: 'shipped',
      note: 'G4S, tracking number KE-4471-2291',
    });
  });

  it("sends a pickup order to its point: 'ready for pickup' with the address and hours", async () => {
    const point = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/pickup-points',
        headers: boss.auth,
        payload: {
          name: 'Kakamega Post Office',
          county_code: '037',
          address: 'Cannon Awori Street, Kakamega',
          opening_hours: 'Mon-Fri 8:00-17:00',
          fee: 100,
        },
      })
    ).json();
    const { who, orderId } = await orderWith({ delivery: 'pickup', pickup_point_id: point.id });
    // A home order cannot be ready for pickup.
    const { orderId: homeOrder } = await paidOrder();
    const refused = await move(homeOrder, { status: 'ready_for_pickup' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('This order goes to a home address, not to a pickup point.');

    // Paid, then at the point.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${orderId}/status`,
      headers: boss.auth,
      payload: { status: 'paid' },
    });
    expect((await adminView(orderId)).next_statuses).toContain('ready_for_pickup');
    expect((await move(orderId, { status: 'ready_for_pickup' })).statusCode).toBe(200);
    await t.app.outbox.drain();
    const mail = mailbox
      .to(who.email)
      .find((m) => /ready for pickup/.test(m.headers.get('subject')!));
    expect(mail!.text).toContain('Kakamega Post Office, Cannon Awori Street, Kakamega');
    expect(mail!.text).toContain('Opening hours: Mon-Fri 8:00-17:00.');
    expect((await move(orderId, { status: 'delivered' })).statusCode).toBe(200);
  });
});

describe('an order paid on delivery', () => {
  it('is packed and shipped before it is paid, and delivered only once its money is recorded', async () => {
    const { orderId } = await orderWith({ county: '037' }, 'pay_on_delivery');
    expect((await adminView(orderId)).next_statuses).toEqual([
      'processing',
      'shipped',
      'cancelled',
    ]);
    await move(orderId, { status: 'processing' });
    expect((await move(orderId, { status: 'shipped', courier: 'Sendy' })).statusCode).toBe(200);
    const early = await move(orderId, { status: 'delivered' });
    expect(early.statusCode).toBe(422);
    expect(early.json().error).toBe('This order is paid on delivery: record the payment first.');

    const collected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/collect`,
      headers: boss.auth,
      payload: { method: 'cash' },
    });
    expect(collected.statusCode).toBe(200);
    // Still on its way, now paid.
    expect(collected.json()).toMatchObject({ status: 'shipped', collectable: false });
    const view = await adminView(orderId);
    expect(view.paid_at).not.toBeNull();
    expect(view.timeline.at(-1)).toMatchObject({ status: 'shipped', note: 'Payment received' });
    expect((await move(orderId, { status: 'delivered' })).statusCode).toBe(200);
  });
});

describe('tracking', () => {
  it('answers the timeline, and nothing else, to the order number and the phone on it', async () => {
    const { orderId } = await paidOrder();
    for (const phone of ['0712345678', '+254 712 345 678']) {
      const res = await track(orderId, phone);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(Object.keys(res.json()).sort()).toEqual(['order_id', 'status', 'timeline']);
      expect(res.json().timeline.map((e: { status: string }) => e.status)).toEqual([
        'pending_payment',
        'paid',
      ]);
    }
    const wrongPhone = await track(orderId, '0799 000 111');
    const unknown = await track(999_999, '0712345678');
    expect(wrongPhone.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrongPhone.json()).toEqual(unknown.json());
    expect((await track('abc', '0712345678')).statusCode).toBe(400);
  });

  it('is limited per address', async () => {
    let last = 0;
    for (let i = 0; i < 9; i++) last = (await track(1, '0712345678')).statusCode;
    expect(last).toBe(429);
  });
});
