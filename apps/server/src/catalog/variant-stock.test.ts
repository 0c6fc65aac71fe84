// The stock of a product sold in sizes, set from All Products (issue 33): the dialog reads the
// product's variants, then sets each one's stock in one call, all or nothing, audited once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Product } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, type LoggedIn } from '../../test/accounts.ts';
import { auditLog } from '../audit/schema.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

let made = 0;
async function sandal(): Promise<Product> {
  const n = ++made;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: boss.auth,
    payload: {
      title: `Maasai sandal ${n}`,
      brand: 'Kazuri',
      description: 'Beaded.',
      category: 'womens-shoes',
      price: 240_000,
      images: ['/images/products/test.webp'],
      sku: `MSA-${n}`,
      options: [{ name: 'Size', values: ['38', '39', '40'] }],
      variants: [
        { options: { Size: '38' }, stock: 3 },
        { options: { Size: '39' }, stock: 4 },
        { options: { Size: '40' }, stock: 0 },
      ],
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().product;
}

const setStock = (id: number, variants: unknown, who: LoggedIn = boss) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${id}/variants`,
    headers: who.auth,
    payload: { variants },
  });
const productOf = async (id: number): Promise<Product> =>
  (await t.app.inject({ url: `/api/products/${id}` })).json();
const stockUpdates = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'product.stock.update'), eq(auditLog.entityId, String(id))));

describe("All Products' Stock of a product sold in sizes", () => {
  it('sets each variant’s stock from the product the dialog read; the card’s total follows', async () => {
    const p = await sandal();
    // The card's one-number edit cannot say which size: the server says so.
    const whole = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${p.id}`,
      headers: boss.auth,
      payload: { stock: 9 },
    });
    expect(whole.statusCode).toBe(422);
    expect(whole.json().code).toBe('STOCK_PER_VARIANT');

    // The dialog reads the variants, as the product's page API gives them, and sets two of them.
    const [v38, , v40] = (await productOf(p.id)).variants;
    const res = await setStock(p.id, [
      { id: v38!.id, stock: 10 },
      { id: v40!.id, stock: 2 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const after: Product = res.json();
    expect(after.variants.map((v) => [v.title, v.stock])).toEqual([
      ['38', 10],
      ['39', 4],
      ['40', 2],
    ]);
    expect(after.stock).toBe(16);
    const listed = (
      await t.app.inject({ url: `/api/products?q=${encodeURIComponent(p.title)}` })
    ).json();
    expect(listed.products.find((c: { id: number }) => c.id === p.id).stock).toBe(16);

    // One audit row names what changed, variant by variant.
    const [entry, ...more] = await stockUpdates(p.id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorEmail: boss.email,
      before: { stock: 7, 'variant 38': { stock: 3 }, 'variant 40': { stock: 0 } },
      after: { stock: 16, 'variant 38': { stock: 10 }, 'variant 40': { stock: 2 } },
    });
  });

  it('changes nothing when one of them is refused: another product’s variant, a bad number, twice', async () => {
    const p = await sandal();
    const other = await sandal();
    const [v38] = p.variants;
    const foreign = await setStock(p.id, [
      { id: v38!.id, stock: 50 },
      { id: other.variants[0]!.id, stock: 50 },
    ]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({
      'variants.1.id': `The product has no variant ${other.variants[0]!.id} on sale.`,
    });
    for (const bad of [
      [{ id: v38!.id, stock: -1 }],
      [{ id: v38!.id, stock: 1.5 }],
      [
        { id: v38!.id, stock: 1 },
        { id: v38!.id, stock: 2 },
      ],
      [],
      [{ id: v38!.id, stock: 1, price: 5 }],
    ]) {
      expect((await setStock(p.id, bad)).statusCode).toBe(400);
    }
    expect((await productOf(p.id)).variants.map((v) => v.stock)).toEqual([3, 4, 0]);
    expect((await productOf(other.id)).variants.map((v) => v.stock)).toEqual([3, 4, 0]);
    expect(await stockUpdates(p.id)).toHaveLength(0);
    expect((await setStock(999_999, [{ id: v38!.id, stock: 1 }])).statusCode).toBe(404);
  });

  it('needs products.write', async () => {
    const p = await sandal();
    const support = await admin(t.app, t.db, 'support');
    const res = await setStock(p.id, [{ id: p.variants[0]!.id, stock: 8 }], support);
    expect(res.statusCode).toBe(403);
    expect((await productOf(p.id)).variants[0]!.stock).toBe(3);
  });
});
