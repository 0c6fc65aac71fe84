// Each person's data rights: the export holds everything about the account; erasure removes the
// person but keeps the orders for the accounts; consent to marketing is explicit and kept with
// its time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, logIn, PASSWORD, shopper, signUp, type LoggedIn } from '../../test/accounts.ts';
import { buyAndPay, product, putInCart } from '../../test/checkout-fixture.ts';
import { users } from '../auth/schema.ts';
import { wishlistItems } from '../cart/schema.ts';
import { products } from '../catalog/schema.ts';
import { contacts } from '../contacts/schema.ts';
import { outbox } from '../outbox/schema.ts';
import { readyToPay, startedMpesa } from '../../test/mpesa-fixture.ts';
import { whereStored } from '../../test/scan.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A shopper with a paid order, a review, a cart, a wishlist and a contact message. */
async function busyShopper(phone = '0711 222 333') {
  const who = await shopper(t.app, { phone_number: phone });
  const bought = await product(t.db, { priceCents: 150_000, stock: 10, title: 'Jiko stove' });
  const orderId = await buyAndPay(t.app, t.db, who, [[bought, 1]]);
  const review = await t.app.inject({
    method: 'POST',
    url: '/api/reviews',
    headers: who.auth,
    payload: { product_id: bought, rating: 2, comment: 'Smokes a lot' },
  });
  expect(review.statusCode).toBe(201);
  const other = await product(t.db, { priceCents: 9_900, stock: 10, title: 'Sufuria' });
  await putInCart(t.db, who.id, other, 3);
  await t.db.insert(wishlistItems).values({ userId: who.id, productId: other });
  await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: {
      name: 'Me',
      email: who.email,
      phone: phone.replaceAll(' ', ''),
      message: 'Where is my jiko?',
    },
  });
  return { who, orderId, bought, other };
}

const exportOf = (who: LoggedIn) => t.app.inject({ url: '/api/profile/export', headers: who.auth });
const erase = (who: LoggedIn, currentPassword: string) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/profile',
    headers: who.auth,
    payload: { currentPassword },
  });

describe('GET /api/profile/export', () => {
  it('downloads everything held about the account, and nothing about anyone else', async () => {
    const { who, orderId, bought, other } = await busyShopper();
    const stranger = await busyShopper();
    const res = await exportOf(who);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="duka-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data.profile).toMatchObject({
      id: who.id,
      email: who.email,
      username: who.username,
      phone_number: '0711 222 333',
      marketing_consent: false,
    });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      id: orderId,
      status: 'paid',
      delivery: { name: 'Wanjiru Kamau', city: 'Nairobi' },
      lines: [{ product_id: bought, title: 'Jiko stove', quantity: 1, unit_price: 150_000 }],
      payments: [{ provider: 'sandbox', status: 'captured' }],
      tax_invoices: [{ kind: 'invoice', status: 'pending', customer_name: 'Wanjiru Kamau' }],
    });
    expect(data.addresses.checkout).toMatchObject({ street_address: 'Moi Avenue 12' });
    expect(data.cart).toEqual([{ product_id: other, title: 'Sufuria', quantity: 3 }]);
    expect(data.wishlist).toEqual([{ product_id: other, title: 'Sufuria' }]);
    expect(data.reviews).toMatchObject([{ product_id: bought, comment: 'Smokes a lot' }]);
    expect(data.contact_messages).toMatchObject([{ message: 'Where is my jiko?' }]);
    expect(data.messages_sent_to_you).toContainEqual(
      expect.objectContaining({ kind: 'order-paid', to: who.email }),
    );
    expect(res.body).not.toContain('{{PUBLIC_URL}}');
    const text = res.body;
    expect(text).not.toMatch(/argon2|password_hash|passwordHash/);
    expect(text).not.toContain(stranger.who.email);
    expect((await t.app.inject({ url: '/api/profile/export' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/profile', () => {
  it('changes nothing with a wrong password', async () => {
    const { who } = await busyShopper();
    const res = await erase(who, 'Wrong#Pass1');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.currentPassword).toBe('Your current password is not correct.');
    expect((await t.app.inject({ url: '/api/current_user', headers: who.auth })).statusCode).toBe(
      200,
    );
    expect((await exportOf(who)).json().orders).toHaveLength(1);
    expect((await erase(who, '')).statusCode).toBe(400);
  });

  it('erases the person, ends every session, frees the e-mail and keeps the order in the earnings', async () => {
    const { who, orderId, bought } = await busyShopper();
    const second = await logIn(t.app, who.email);
    const boss = await admin(t.app, t.db);
    const earnings = async () =>
      (await t.app.inject({ url: '/api/admin/dashboard', headers: boss.auth })).json().earnings;
    const before = await earnings();

    const res = await erase(who, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your account has been deleted.' });

    // Every session ended; the log-in is refused.
    for (const session of [who, second]) {
      expect(
        (await t.app.inject({ url: '/api/current_user', headers: session.auth })).statusCode,
      ).toBe(401);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: who.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);

    // The order stays, counted in the earnings, with nobody's name or address on it.
    expect(await earnings()).toBe(before);
    const order = (await t.app.inject({ url: `/api/admin/orders?limit=100`, headers: boss.auth }))
      .json()
      .orders.find((o: { id: number }) => o.id === orderId);
    expect(order).toMatchObject({ status: 'paid' });
    expect(JSON.stringify(order)).not.toContain(who.email);
    expect(JSON.stringify(order)).not.toContain('Moi Avenue');

    // Personal data gone: the account row, the review (and its weight in the rating), the
    // contact message, the messages sent to them, the cart and wishlist.
    const [row] = await t.db.select().from(users).where(eq(users.id, who.id));
    expect(row).toMatchObject({ phoneNumber: '', marketingConsentAt: null });
    expect(row!.erasedAt).toBeInstanceOf(Date);
    expect(JSON.stringify(row)).not.toContain(who.email);
    expect(JSON.stringify(row)).not.toContain(who.username);
    const [rated] = await t.db.select().from(products).where(eq(products.id, bought));
    expect(rated).toMatchObject({ rating: 0, reviewCount: 0 });
    expect(await t.db.select().from(contacts).where(eq(contacts.email, who.email))).toEqual([]);
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, who.email))).toEqual([]);
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, '+254711222333'))).toEqual(
      [],
    );
    expect(await t.db.select().from(wishlistItems).where(eq(wishlistItems.userId, who.id))).toEqual(
      [],
    );

    // The e-mail address can sign up again, as a new account.
    const again = await signUp(t.app, { email: who.email });
    expect(again.res.statusCode).toBe(201);
    const fresh = await logIn(t.app, who.email);
    expect(fresh.id).not.toBe(who.id);
    expect((await exportOf(fresh)).json().orders).toEqual([]);
  });

  it('leaves no copy of the e-mail, phones, names or address anywhere in the database', async () => {
    // Someone who did everything that stores personal data: an M-Pesa payment from a second
    // phone (its request and callback bodies are kept), a paid order, a review, a contact
    // message, e-mails and texts, a password-reset request, failed log-ins.
    const { who } = await busyShopper('0733 444 555');
    await t.db.update(users).set({ username: 'Zawadi Chebet' }).where(eq(users.id, who.id));
    await t.app.inject({
      method: 'POST',
      url: '/api/shipping',
      headers: who.auth,
      payload: {
        name: 'Zawadi Chebet',
        street_address: 'Kaunda Lane 88',
        apartment_number: 'Flat 9Q',
        city: 'Eldoret',
        zip_code: '30100',
        phone: '0744 111 222',
      },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: who.auth,
      payload: {
        name: 'Zawadi Chebet',
        street_address: 'Kaunda Lane 88',
        city: 'Eldoret',
        phone: '0755 222 333',
      },
    });
    const { who: payer } = await readyToPay(t.app, t.db);
    // The payer's order carries a delivery phone of its own.
    const delivery = await t.app.inject({
      method: 'POST',
      url: '/api/shipping',
      headers: payer.auth,
      payload: {
        name: 'Otieno Payer',
        street_address: 'Ring Road 1',
        city: 'Kisumu',
        county: '042',
        phone: '0766 333 444',
      },
    });
    expect(delivery.statusCode).toBe(200);
    // A person's own KRA PIN, for a tax invoice in their name.
    const taxInvoice = await t.app.inject({
      method: 'POST',
      url: '/api/payment',
      headers: payer.auth,
      payload: { email: payer.email, kra_pin: 'A012345678Z' },
    });
    expect(taxInvoice.statusCode).toBe(200);
    const started = await startedMpesa(t.app, payer, '0722 987 654');
    const pin = await t.app.inject({
      method: 'POST',
      url: `${started.sandbox_phone_url}/pin`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pin.statusCode).toBe(303);
    // The tax invoice is signed (by the built-in sandbox): its request body carries the PIN too.
    expect(await t.app.invoices.send()).toMatchObject({ failed: 0 });
    await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: who.email },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: payer.email, password: 'Wrong#guess1' },
    });
    // (The payer's account phone is every test shopper's, so it cannot be looked for here.)
    const needles = {
      shopper: [
        who.email,
        'Zawadi Chebet',
        'Kaunda Lane 88',
        'Flat 9Q',
        '733444555',
        '744111222',
        '755222333',
      ],
      // 'Otieno Payer' is on the paid order's tax invoice too (issue 23).
      payer: [
        payer.email,
        payer.username,
        'Otieno Payer',
        '722987654',
        '766333444',
        'Ring Road 1',
        'A012345678Z',
      ],
    };
    // Before: each is really stored somewhere (so the scan can find what it looks for).
    for (const needle of [...needles.shopper, ...needles.payer]) {
      expect(await whereStored(t.db, needle), needle).not.toEqual([]);
    }
    expect(await whereStored(t.db, 'A012345678Z')).toEqual(
      expect.arrayContaining(['orders.buyer_pin', 'invoices.source', 'invoices.request']),
    );

    // The export holds every copy: the phone of the payment and the bodies that carry it.
    const [payment] = (await exportOf(payer)).json().orders[0].payments;
    expect(payment.phone).toBe('254722987654');
    expect(payment.provider_messages.map((m: { kind: string }) => m.kind)).toContain('callback');
    expect(JSON.stringify(payment.provider_messages)).toContain('254722987654');

    expect((await erase(who, PASSWORD)).statusCode).toBe(200);
    expect((await erase(payer, PASSWORD)).statusCode).toBe(200);
    for (const needle of [...needles.shopper, ...needles.payer]) {
      expect(await whereStored(t.db, needle), needle).toEqual([]);
    }
  });

  it('is not how an administrator leaves', async () => {
    const boss = await admin(t.app, t.db);
    const res = await erase(boss, PASSWORD);
    expect(res.statusCode).toBe(409);
    expect((await t.app.inject({ url: '/api/current_user', headers: boss.auth })).statusCode).toBe(
      200,
    );
  });
});

describe('marketing consent', () => {
  it('is off unless the box is ticked, kept with its time, and can be changed', async () => {
    const quiet = await shopper(t.app);
    const profile = async (who: LoggedIn) =>
      (await t.app.inject({ url: '/api/profile', headers: who.auth })).json();
    expect(await profile(quiet)).toMatchObject({
      marketing_consent: false,
      marketing_consent_at: null,
    });

    const keen = await shopper(t.app, { marketing_consent: true });
    const given = await profile(keen);
    expect(given.marketing_consent).toBe(true);
    expect(Date.now() - Date.parse(given.marketing_consent_at)).toBeLessThan(60_000);

    const set = (who: LoggedIn, consent: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile/marketing',
        headers: who.auth,
        payload: { consent },
      });
    expect((await set(keen, false)).json()).toEqual({
      marketing_consent: false,
      marketing_consent_at: null,
    });
    expect((await profile(keen)).marketing_consent).toBe(false);
    const on = (await set(quiet, true)).json();
    expect(on.marketing_consent).toBe(true);
    expect((await set(quiet, 'yes')).statusCode).toBe(400);
  });
});
