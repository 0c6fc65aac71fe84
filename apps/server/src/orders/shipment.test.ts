// A courier and tracking number added to an order shipped without them, or corrected (issue 33):
// saved, audited, and e-mailed to the shopper through the outbox (a real SMTP server on loopback).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import { buyAndPay, product } from '../../test/checkout-fixture.ts';
import { Mailbox } from '../../test/mailbox.ts';
import { auditLog } from '../audit/schema.ts';
import { outbox } from '../outbox/schema.ts';

const mailbox = new Mailbox();
let t: TestContext;
let boss: LoggedIn;

beforeAll(async () => {
  await mailbox.start();
  t = await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL: 'https://duka.example' });
  boss = await admin(t.app, t.db);
});
afterAll(async () => {
  await t.close();
  await mailbox.stop();
});
beforeEach(() => mailbox.clear());

const move = (orderId: number, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/orders/${orderId}`,
    headers: boss.auth,
    payload,
  });
const correct = (orderId: number, payload: object, who: LoggedIn = boss) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/orders/${orderId}/shipment`,
    headers: who.auth,
    payload,
  });
const updates = (orderId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.action, 'order.shipment.update'), eq(auditLog.entityId, String(orderId))),
    );

/** A paid order moved to 'processing', by a new shopper. */
async function packedOrder() {
  const who = await shopper(t.app);
  const kettle = await product(t.db, { priceCents: 129_900, stock: 10, title: 'Blue kettle' });
  const orderId = await buyAndPay(t.app, t.db, who, [[kettle, 1]]);
  expect((await move(orderId, { status: 'processing' })).statusCode).toBe(200);
  return { who, orderId };
}

describe("a shipped order's courier and tracking number", () => {
  it('can be added to an order shipped without them: saved, audited and e-mailed', async () => {
    const { who, orderId } = await packedOrder();
    expect((await move(orderId, { status: 'shipped' })).statusCode).toBe(200);
    await t.app.outbox.drain();
    mailbox.clear();

    const res = await correct(orderId, { courier: 'G4S', tracking_number: 'KE-4471-2291' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: orderId,
      status: 'shipped',
      courier: 'G4S',
      tracking_number: 'KE-4471-2291',
    });
    const [entry] = await updates(orderId);
    expect(entry).toMatchObject({
      actorEmail: boss.email,
      entity: 'order',
      before: { courier: null, tracking_number: null },
      after: { courier: 'G4S', tracking_number: 'KE-4471-2291' },
    });

    const [queued] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'order-shipment-update'), eq(outbox.recipient, who.email)));
    expect(queued).toBeDefined();
    await t.app.outbox.drain();
    const [mail] = mailbox.to(who.email);
    expect(mail!.headers.get('subject')).toBe(`Your Duka order #${orderId}: how to follow it`);
    expect(mail!.text).toContain('Courier: G4S. Tracking number: KE-4471-2291.');

    // The shopper's own order page shows them too.
    const mine = (await t.app.inject({ url: `/api/order/${orderId}`, headers: who.auth })).json();
    expect(mine).toMatchObject({ courier: 'G4S', tracking_number: 'KE-4471-2291' });
  });

  it('can be corrected one at a time; what is not given stays, the same again changes nothing', async () => {
    const { who, orderId } = await packedOrder();
    await move(orderId, { status: 'shipped', courier: 'G4S', tracking_number: 'KE-1' });
    await t.app.outbox.drain();
    mailbox.clear();

    const fixed = await correct(orderId, { tracking_number: 'KE-4471-2292' });
    expect(fixed.json()).toMatchObject({ courier: 'G4S', tracking_number: 'KE-4471-2292' });
    const again = await correct(orderId, { tracking_number: 'KE-4471-2292' });
    expect(again.statusCode).toBe(200);
    // One audit row and one e-mail: the repeat changed nothing.
    expect(await updates(orderId)).toHaveLength(1);
    await t.app.outbox.drain();
    expect(mailbox.to(who.email)).toHaveLength(1);
    expect(mailbox.to(who.email)[0]!.text).toContain(
      'Courier: G4S. Tracking number: KE-4471-2292.',
    );
  });

  it('is refused before the order ships, for bad input, without the permission, and for no order', async () => {
    const { who, orderId } = await packedOrder();
    const early = await correct(orderId, { courier: 'G4S' });
    expect(early.statusCode).toBe(422);
    expect(early.json().code).toBe('NOT_SHIPPED');

    await move(orderId, { status: 'shipped' });
    const nothing = await correct(orderId, {});
    expect(nothing.statusCode).toBe(400);
    const bad = await correct(orderId, { tracking_number: '<script>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.tracking_number).toBeDefined();
    const unknownKey = await correct(orderId, { courier: 'G4S', status: 'delivered' });
    expect(unknownKey.statusCode).toBe(400);

    const support = await admin(t.app, t.db, 'support');
    expect((await correct(orderId, { courier: 'G4S' }, support)).statusCode).toBe(403);
    expect((await correct(orderId, { courier: 'G4S' }, who)).statusCode).toBe(403);
    expect((await correct(999_999, { courier: 'G4S' })).statusCode).toBe(404);
    // Nothing of it landed.
    expect(await updates(orderId)).toHaveLength(0);
    const view = (
      await t.app.inject({ url: `/api/admin/orders/${orderId}`, headers: boss.auth })
    ).json();
    expect(view).toMatchObject({ courier: null, tracking_number: null });
  });
});
