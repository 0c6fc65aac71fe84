// The back office's promotions (issue 36): made, listed, changed and removed through the admin
// API, by those whose role allows it, each change audited; bad input refused at its field (never
// a 5xx), a code no two promotions share. Runs on PGlite and, in CI's second pass, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Promotion } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import { product } from '../../test/checkout-fixture.ts';
import { auditLog } from '../audit/schema.ts';
import { productVariants } from '../catalog/schema.ts';
import { promotions } from './schema.ts';

let t: TestContext;
let boss: LoggedIn;
let productId: number;
let variantId: number;
beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
  productId = await product(t.db, { priceCents: 150_000, stock: 20 });
  const [variant] = await t.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  variantId = variant!.id;
});
afterAll(() => t.close());

const URL = '/api/admin/promotions';

const post = (payload: unknown, who: LoggedIn | null = boss) =>
  t.app.inject({ method: 'POST', url: URL, headers: who?.auth ?? {}, payload: payload as object });
const patch = (id: number, payload: unknown, who: LoggedIn = boss) =>
  t.app.inject({
    method: 'PATCH',
    url: `${URL}/${id}`,
    headers: who.auth,
    payload: payload as object,
  });
const remove = (id: number, who: LoggedIn = boss) =>
  t.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers: who.auth });
const list = async (query = ''): Promise<{ promotions: Promotion[]; total: number }> => {
  const res = await t.app.inject({ url: `${URL}${query}`, headers: boss.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const listed = async (id: number) => (await list('?limit=100')).promotions.find((p) => p.id === id);

async function made(payload: object): Promise<Promotion> {
  const res = await post(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

let codes = 0;
/** A code no other test uses. */
const freshCode = () => `TEST${++codes}`;

const auditRows = (action: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
const allAuditRows = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;

describe('POST /api/admin/promotions', () => {
  it('makes each kind, amounts in shillings, and answers 201 with its id', async () => {
    const code = freshCode();
    const coupon = await made({
      name: 'Black Friday',
      code: code.toLowerCase(),
      type: 'percent_off',
      value: 12.5,
      applies_to: { categories: ['test-goods'], brands: ['testbrand'] },
      min_order: 2000,
      starts_at: '2026-11-27T00:00:00+03:00',
      ends_at: '2026-11-30T00:00:00+03:00',
      usage_limit: 100,
      per_customer_limit: 1,
      first_order_only: true,
    });
    expect(coupon).toEqual({
      id: expect.any(Number),
      name: 'Black Friday',
      code,
      type: 'percent_off',
      value: 12.5,
      applies_to: {
        product_ids: [],
        variant_ids: [],
        categories: ['test-goods'],
        brands: ['testbrand'],
      },
      counties: null,
      buy_quantity: null,
      get_quantity: null,
      get_percent: null,
      sale_price: null,
      quantity_cap: null,
      min_order: 2000,
      starts_at: '2026-11-27T00:00:00+03:00',
      ends_at: '2026-11-30T00:00:00+03:00',
      usage_limit: 100,
      per_customer_limit: 1,
      first_order_only: true,
      exclusive: false,
      combinable: false,
      uses: 0,
      orders: 0,
      revenue: 0,
    });
    // Kept in cents and basis points.
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, coupon.id));
    expect(row).toMatchObject({ percentBp: 1250, amountCents: null, minOrderCents: 200_000 });

    const others = [
      { name: 'Ksh 500 off', type: 'amount_off', value: 500, code: freshCode() },
      { name: 'Free delivery in Nairobi', type: 'free_delivery', counties: ['Nairobi'] },
      { name: 'Ksh 100 off delivery', type: 'free_delivery', value: 100, min_order: 2500 },
      { name: '2 + 1', type: 'buy_x_get_y', buy_quantity: 2, get_quantity: 1 },
      {
        name: 'Second half price',
        type: 'buy_x_get_y',
        buy_quantity: 1,
        get_quantity: 1,
        get_percent: 50,
      },
      {
        name: 'Flash sale',
        type: 'sale_price',
        sale_price: 999,
        quantity_cap: 50,
        applies_to: { product_ids: [productId] },
        ends_at: '2026-11-27T23:59:00+03:00',
      },
      { name: 'Flash %', type: 'sale_price', value: 20, applies_to: { variant_ids: [variantId] } },
    ];
    for (const body of others) {
      const p = await made(body);
      expect(p, body.name).toMatchObject({ ...body, ...(body.counties && { counties: ['047'] }) });
    }
    const [amount] = await t.db.select().from(promotions).where(eq(promotions.name, 'Ksh 500 off'));
    expect(amount).toMatchObject({ amountCents: 50_000, percentBp: null });
  });

  it('is audited: who added it and what it holds', async () => {
    const p = await made({ name: 'Audited', type: 'amount_off', value: 250 });
    const [row] = await auditRows('promotion.create', p.id);
    expect(row).toMatchObject({
      actorId: boss.id,
      actorEmail: boss.email,
      entity: 'promotion',
      before: null,
      after: expect.objectContaining({ name: 'Audited', type: 'amount_off', amountCents: 25_000 }),
    });
    // The audit log names it.
    const log = await t.app.inject({
      url: `/api/admin/audit?entity=promotion&entity_id=${p.id}`,
      headers: boss.auth,
    });
    expect(log.json().entries).toEqual([
      expect.objectContaining({ action: 'promotion.create', record_name: 'Audited' }),
    ]);
  });
});

describe('GET /api/admin/promotions', () => {
  it('lists those not removed, newest first, a page at a time', async () => {
    const a = await made({ name: 'Older', type: 'amount_off', value: 10 });
    const b = await made({ name: 'Newer', type: 'amount_off', value: 20 });
    const page = await list('?limit=2');
    expect(page.promotions.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(page).toMatchObject({ skip: 0, limit: 2 });
    const next = await list('?limit=2&skip=1');
    expect(next.promotions[0]!.id).toBe(a.id);
    expect(next.total).toBe(page.total);
    expect((await t.app.inject({ url: `${URL}?limit=0`, headers: boss.auth })).statusCode).toBe(
      400,
    );
  });
});

describe('GET /api/admin/promotions/{id}', () => {
  const one = (id: number | string, who: LoggedIn | null = boss) =>
    t.app.inject({ url: `${URL}/${id}`, headers: who?.auth ?? {} });

  it('answers one promotion exactly as the list shows it', async () => {
    const p = await made({
      name: 'Fetched alone',
      code: freshCode(),
      type: 'free_delivery',
      value: 150,
      counties: ['Nairobi', 'Mombasa'],
      min_order: 2500,
      ends_at: '2026-12-24T23:59:00+03:00',
    });
    // A newer one, so the one asked for is not simply the first of the list.
    await made({ name: 'Newer than it', type: 'amount_off', value: 5 });
    const res = await one(p.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(await listed(p.id));
    expect(res.json()).toMatchObject({ id: p.id, name: 'Fetched alone', counties: ['047', '001'] });
  });

  it('404 for an id that is not there or was removed; 400 for what is not an id', async () => {
    const missing = await one(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    const p = await made({ name: 'Removed soon', type: 'amount_off', value: 5 });
    expect((await remove(p.id)).statusCode).toBe(200);
    expect((await one(p.id)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '2147483648', '7x']) {
      const res = await one(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('a visitor: 401; a shopper or a role without promotions.write: 403', async () => {
    const p = await made({ name: 'Private', type: 'amount_off', value: 5 });
    expect((await one(p.id, null)).statusCode).toBe(401);
    expect((await one(p.id, await shopper(t.app))).statusCode).toBe(403);
    const support = await one(p.id, await admin(t.app, t.db, 'support'));
    expect(support.statusCode).toBe(403);
    expect(support.json().error).toBe('Your role does not allow this.');
    expect((await one(p.id, await admin(t.app, t.db, 'manager'))).statusCode).toBe(200);
  });
});

describe('PATCH /api/admin/promotions/{id}', () => {
  it('changes what it is given, null clearing a field, audited with only what changed', async () => {
    const p = await made({
      name: 'Weekend',
      type: 'percent_off',
      value: 10,
      usage_limit: 20,
      ends_at: '2026-12-01T00:00:00+03:00',
    });
    const res = await patch(p.id, {
      value: 15,
      usage_limit: null,
      code: freshCode().toLowerCase(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed: Promotion = res.json();
    expect(changed).toMatchObject({
      name: 'Weekend',
      value: 15,
      usage_limit: null,
      code: expect.stringMatching(/^TEST\d+$/),
      ends_at: '2026-12-01T00:00:00+03:00',
    });
    expect(await listed(p.id)).toEqual(changed);
    const [row] = await auditRows('promotion.update', p.id);
    expect(row!.before).toEqual({ percentBp: 1000, usageLimit: 20, code: null });
    expect(row!.after).toEqual({ percentBp: 1500, usageLimit: null, code: changed.code });
  });

  it('checks the promotion as it would be, and may change its kind', async () => {
    const p = await made({
      name: 'Tuesday',
      type: 'percent_off',
      value: 10,
      starts_at: '2026-11-27T09:00:00+03:00',
    });
    const cases: [object, Record<string, string>][] = [
      [
        { value: 150 },
        { value: 'Enter a percentage from 0.01 to 100, with at most two decimals.' },
      ],
      [{ ends_at: '2026-11-27T08:00:00+03:00' }, { ends_at: 'The end must be after the start.' }],
      [
        { type: 'amount_off', value: 10.5 },
        { value: 'Enter a whole number of shillings from Ksh 1 to Ksh 20,000,000.' },
      ],
      [
        { type: 'buy_x_get_y' },
        {
          value: 'Not used by this kind of promotion.',
          buy_quantity: 'Enter how many the shopper buys.',
          get_quantity: 'Enter how many the shopper gets.',
        },
      ],
      [{ value: null }, { value: 'Enter the percentage off.' }],
      [
        { exclusive: true, combinable: true },
        { combinable: 'An exclusive promotion does not combine with others.' },
      ],
      [{}, { _: 'Nothing to change.' }],
      [{ colour: 'red' }, expect.objectContaining({ _: expect.any(String) })],
    ];
    const rows = await allAuditRows();
    for (const [body, fields] of cases) {
      const res = await patch(p.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields, JSON.stringify(body)).toEqual(fields);
    }
    expect(await allAuditRows()).toBe(rows);
    expect(await listed(p.id)).toMatchObject({ type: 'percent_off', value: 10 });

    const res = await patch(p.id, {
      type: 'buy_x_get_y',
      value: null,
      buy_quantity: 3,
      get_quantity: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'buy_x_get_y', value: null, buy_quantity: 3 });
  });

  it('answers 404 for a promotion that is not there', async () => {
    expect((await patch(999_999, { name: 'x' })).statusCode).toBe(404);
    expect((await remove(999_999)).statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/promotions/{id}', () => {
  it('removes one never used, audited, and it is gone from the list', async () => {
    const p = await made({ name: 'Short-lived', type: 'amount_off', value: 50 });
    const res = await remove(p.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Promotion removed' });
    expect(await listed(p.id)).toBeUndefined();
    expect(await t.db.select().from(promotions).where(eq(promotions.id, p.id))).toEqual([]);
    const [row] = await auditRows('promotion.delete', p.id);
    expect(row).toMatchObject({
      before: expect.objectContaining({ name: 'Short-lived' }),
      after: null,
    });
    expect((await remove(p.id)).statusCode).toBe(404);
    expect((await patch(p.id, { name: 'Back' })).statusCode).toBe(404);
  });
});

describe('who may', () => {
  it('a visitor: 401; a shopper: 403; staff whose role lacks promotions.write: 403', async () => {
    const p = await made({ name: 'Guarded', type: 'amount_off', value: 50 });
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
    expect((await post({ name: 'x', type: 'amount_off', value: 1 }, null)).statusCode).toBe(401);
    const buyer = await shopper(t.app);
    const asShopper = await post({ name: 'x', type: 'amount_off', value: 1 }, buyer);
    expect(asShopper.statusCode).toBe(403);
    expect(asShopper.json().error).toBe('This is for administrators only.');
    for (const role of ['catalogue', 'fulfilment', 'support', 'finance'] as const) {
      const who = await admin(t.app, t.db, role);
      const calls = [
        await t.app.inject({ url: URL, headers: who.auth }),
        await post({ name: 'x', type: 'amount_off', value: 1 }, who),
        await patch(p.id, { name: 'Taken over' }, who),
        await remove(p.id, who),
      ];
      for (const res of calls) {
        expect(res.statusCode, role).toBe(403);
        expect(res.json().error, role).toBe('Your role does not allow this.');
      }
    }
    expect(await listed(p.id)).toMatchObject({ name: 'Guarded' });
    const manager = await admin(t.app, t.db, 'manager');
    expect((await patch(p.id, { name: 'Managed' }, manager)).statusCode).toBe(200);
  });
});

describe('bad input (the issue: "Bad input > Promotions")', () => {
  const percentMessage = 'Enter a percentage from 0.01 to 100, with at most two decimals.';
  const amountMessage = 'Enter a whole number of shillings from Ksh 1 to Ksh 20,000,000.';
  it.each([
    ['a percentage above 100', { type: 'percent_off', value: 101 }, { value: percentMessage }],
    ['a negative percentage', { type: 'percent_off', value: -5 }, { value: percentMessage }],
    ['a percentage of 0', { type: 'percent_off', value: 0 }, { value: percentMessage }],
    [
      'a sale percentage above 100',
      { type: 'sale_price', value: 120, applies_to: { product_ids: [1] } },
      { value: percentMessage },
    ],
    [
      'a get-percentage above 100',
      { type: 'buy_x_get_y', buy_quantity: 1, get_quantity: 1, get_percent: 101 },
      { get_percent: percentMessage },
    ],
    ['a negative amount', { type: 'amount_off', value: -500 }, { value: amountMessage }],
    ['an absurd amount', { type: 'amount_off', value: 1e15 }, { value: amountMessage }],
    [
      'an absurd sale price',
      { type: 'sale_price', sale_price: 1e12, applies_to: { product_ids: [1] } },
      { sale_price: amountMessage },
    ],
    [
      'a negative minimum',
      { type: 'amount_off', value: 5, min_order: -1 },
      { min_order: 'Enter a minimum from Ksh 0 to Ksh 20,000,000, in whole shillings.' },
    ],
    [
      'a negative usage limit',
      { type: 'amount_off', value: 5, usage_limit: -1 },
      { usage_limit: 'Enter a whole number of at least 1, or leave it empty for no limit.' },
    ],
    [
      'an end before its start',
      {
        type: 'amount_off',
        value: 5,
        starts_at: '2026-11-28T00:00:00+03:00',
        ends_at: '2026-11-27T00:00:00+03:00',
      },
      { ends_at: 'The end must be after the start.' },
    ],
  ])('%s: 400 at its field', async (_, body, fields) => {
    const res = await post({ name: 'Bad', ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields });
  });

  it('unknown products, variants, categories or brands: 400 at the list, naming them', async () => {
    const before = (await list()).total;
    const res = await post({
      name: 'Nowhere',
      type: 'percent_off',
      value: 10,
      applies_to: {
        product_ids: [productId, 999_991, 999_992],
        variant_ids: [999_993],
        categories: ['test-goods', 'no-such-category'],
        brands: ['TESTBRAND', 'Acme'],
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual({
      'applies_to.product_ids': 'Not in the catalogue: 999991, 999992.',
      'applies_to.variant_ids': 'Not in the catalogue: 999993.',
      'applies_to.categories': 'Not in the catalogue: no-such-category.',
      'applies_to.brands': 'Not in the catalogue: Acme.',
    });
    expect((await list()).total).toBe(before);

    const sale = await post({
      name: 'Sale of nothing',
      type: 'sale_price',
      sale_price: 100,
      applies_to: { product_ids: Array.from({ length: 12 }, (_, i) => 999_900 + i) },
    });
    expect(sale.json().fields['applies_to.product_ids']).toBe(
      'Not in the catalogue: 999900, 999901, 999902, 999903, 999904, 999905, 999906, 999907, 999908, 999909 and 2 more.',
    );

    const p = await made({ name: 'Somewhere', type: 'percent_off', value: 10 });
    const change = await patch(p.id, { applies_to: { categories: ['no-such-category'] } });
    expect(change.statusCode).toBe(400);
    expect(change.json().fields).toEqual({
      'applies_to.categories': 'Not in the catalogue: no-such-category.',
    });
    expect((await listed(p.id))!.applies_to).toBeNull();
  });

  it('anything at all in any field: a client error, never a 5xx', async () => {
    const junk: unknown[] = [
      null,
      true,
      -1,
      0,
      1e300,
      2_147_483_648,
      'x'.repeat(2000),
      [],
      {},
      [1, 'a'],
      { product_ids: 'x' },
    ];
    const fields = [
      'name',
      'code',
      'type',
      'value',
      'applies_to',
      'counties',
      'buy_quantity',
      'get_percent',
      'sale_price',
      'quantity_cap',
      'min_order',
      'starts_at',
      'usage_limit',
      'exclusive',
    ];
    const p = await made({ name: 'Target', type: 'percent_off', value: 5 });
    for (const field of fields) {
      for (const value of junk) {
        const body = { name: 'Junk', type: 'percent_off', value: 5, [field]: value };
        const created = await post(body);
        expect(created.statusCode, `POST ${field}=${JSON.stringify(value)}`).toBeLessThan(500);
        const changed = await patch(p.id, { [field]: value });
        expect(changed.statusCode, `PATCH ${field}=${JSON.stringify(value)}`).toBeLessThan(500);
      }
    }
  });
});

describe('codes', () => {
  it('are unique whatever their case: 409 at code, on adding and on changing', async () => {
    const code = freshCode();
    const first = await made({ name: 'First', code, type: 'amount_off', value: 100 });
    const again = await post({
      name: 'Second',
      code: code.toLowerCase(),
      type: 'amount_off',
      value: 100,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'Another promotion has this code.',
      code: 'CODE_TAKEN',
      fields: { code: `The promotion 'First' already has the code ${code}.` },
    });
    const other = await made({ name: 'Other', type: 'amount_off', value: 100 });
    const renamed = await patch(other.id, { code: ` ${code.toLowerCase()} ` });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().fields.code).toBe(`The promotion 'First' already has the code ${code}.`);
    // Its own code, sent again, is no conflict.
    expect((await patch(first.id, { code, name: 'First, renamed' })).statusCode).toBe(200);
    // Once the first is removed, the code is free.
    expect((await remove(first.id)).statusCode).toBe(200);
    expect((await patch(other.id, { code })).statusCode).toBe(200);
  });

  it('two admins adding the same code at once: one 201, one 409', async () => {
    const code = freshCode();
    const answers = await Promise.all(
      [1, 2, 3].map((n) => post({ name: `Racer ${n}`, code, type: 'amount_off', value: 10 })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });
});
