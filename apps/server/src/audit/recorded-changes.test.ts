// Changes that left no audit row before issue 32: a product's dimensions and weight from the
// editor, renaming an option or its values, and a member of staff changing their own log-in
// e-mail or password. Each is now in the log, in the chain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { Product } from '@duka/domain';
import { auditLog } from './schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, PASSWORD, shopper, type LoggedIn } from '../../test/accounts.ts';
import { verifyAuditChain } from './verify.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

const rowsOf = (action: string, entityId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))))
    .orderBy(asc(auditLog.id));

let made = 0;
async function shoe(): Promise<Product> {
  const n = ++made;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: boss.auth,
    payload: {
      title: `Bata safari boot ${n}`,
      brand: 'Bata',
      description: 'Leather.',
      category: 'mens-shoes',
      price: 450_000,
      images: ['/images/products/test.webp'],
      sku: `MEN-BAT-${String(20 + n).padStart(4, '0')}`,
      options: [{ name: 'Size', values: ['44', '45'] }],
      variants: [
        { options: { Size: '44' }, stock: 2 },
        { options: { Size: '45' }, stock: 3 },
      ],
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().product;
}

describe('the product editor', () => {
  it('records a change of dimensions and weight alone', async () => {
    const p = await shoe();
    const editor = {
      title: p.title,
      brand: p.brand,
      description: p.description,
      category: 'mens-shoes',
      tags: [],
      images: ['/images/products/test.webp'],
      sku: p.sku,
      price: 450_000,
      discountPercentage: 0,
      stock: 5,
      weight: 0,
      dimensions: { width: 0, height: 0, depth: 0 },
      warrantyInformation: '',
      shippingInformation: '',
      returnPolicy: '',
    };
    const put = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${p.id}`,
        headers: boss.auth,
        payload: body,
      });
    expect((await put(editor)).statusCode).toBe(200);
    const before = (await rowsOf('product.update', p.id)).length;
    const res = await put({
      ...editor,
      weight: 900,
      dimensions: { width: 110, height: 120, depth: 300 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsOf('product.update', p.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      actorId: boss.id,
      before: { weight_grams: 0, width_mm: 0, height_mm: 0, depth_mm: 0 },
      after: { weight_grams: 900, width_mm: 110, height_mm: 120, depth_mm: 300 },
    });
  });
});

describe('renaming an option or its values', () => {
  it('is recorded, and the product keeps its own SKU', async () => {
    const p = await shoe();
    expect(p.sku).toMatch(/^MEN-BAT-\d{4}$/);
    const replace = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${p.id}/options`,
        headers: boss.auth,
        payload,
      });
    const renamed = await replace({
      options: [{ name: 'EU size', values: ['44', '45'] }],
      variants: [
        { options: { 'EU size': '44' }, stock: 2 },
        { options: { 'EU size': '45' }, stock: 3 },
      ],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().sku).toBe(p.sku);
    const values = await replace({
      options: [{ name: 'EU size', values: ['44½', '45'] }],
      variants: [
        { options: { 'EU size': '44½' }, stock: 2 },
        { options: { 'EU size': '45' }, stock: 3 },
      ],
    });
    expect(values.statusCode, values.body).toBe(200);
    expect(values.json().sku).toBe(p.sku);
    const rows = await rowsOf('product.options.update', p.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.before).toMatchObject({ options: [{ name: 'Size', values: ['44', '45'] }] });
    expect(rows[0]!.after).toMatchObject({ options: [{ name: 'EU size', values: ['44', '45'] }] });
    expect(rows[0]!.after).not.toHaveProperty('sku');
    expect(rows[1]!.after).toMatchObject({
      options: [{ name: 'EU size', values: ['44½', '45'] }],
    });
  });
});

describe('your own e-mail and password', () => {
  const patchProfile = (who: LoggedIn, extra: object) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: who.auth,
      payload: {
        username: who.username,
        email: who.email,
        phone_number: '0712345678',
        currentPassword: PASSWORD,
        ...extra,
      },
    });

  it('are recorded for staff, from who they were', async () => {
    const clerk = await admin(t.app, t.db, 'finance');
    const moved = `moved-${clerk.email}`;
    expect((await patchProfile(clerk, { email: moved })).statusCode).toBe(200);
    const [email] = await rowsOf('user.email.update', clerk.id);
    expect(email).toMatchObject({
      actorId: clerk.id,
      actorEmail: clerk.email,
      actorRole: 'finance',
      before: { email: clerk.email },
      after: { email: moved },
    });
    const res = await patchProfile({ ...clerk, email: moved }, { newPassword: 'Brand#New99' });
    expect(res.statusCode, res.body).toBe(200);
    const [password] = await rowsOf('user.password.update', clerk.id);
    expect(password).toMatchObject({ actorId: clerk.id, after: { password: 'changed' } });
    expect(JSON.stringify(password)).not.toContain('Brand#New99');
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it("are not recorded for shoppers (the log keeps for good, and a shopper's address may be erased)", async () => {
    const buyer = await shopper(t.app);
    expect((await patchProfile(buyer, { newPassword: 'Brand#New99' })).statusCode).toBe(200);
    expect(await rowsOf('user.password.update', buyer.id)).toEqual([]);
  });
});
