// The catalogue in Shopify's product CSV (issue 21): one row per variant, read back with a CSV
// parser as a spreadsheet or Shopify would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import { product } from '../../test/checkout-fixture.ts';
import { products } from './schema.ts';
import { csvCell } from '../lib/csv.ts';
import { SHOPIFY_COLUMNS } from './csv-export.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://duka.example' });
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

const exported = async () => {
  const res = await t.app.inject({ url: '/api/admin/products/export.csv', headers: boss.auth });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  return parse(res.body, { columns: true, relax_column_count: false }) as Record<string, string>[];
};

describe('GET /api/admin/products/export.csv', () => {
  it("gives each variant a row with its options, SKU, stock and prices, in Shopify's columns", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: boss.auth,
      payload: {
        title: 'Kikoy Dress',
        brand: 'Lamu Loom',
        description: 'Cotton, "hand-woven", <light>.',
        category: 'womens-dresses',
        price: 260_000,
        discountPercentage: 10,
        tags: ['dress', 'kikoy'],
        images: ['/images/products/a.webp', '/images/products/b.webp'],
        options: [
          { name: 'Size', values: ['S', 'M'] },
          { name: 'Colour', values: ['Red'] },
        ],
        variants: [
          { options: { Size: 'S', Colour: 'Red' }, stock: 4, barcode: '6161100000012' },
          {
            options: { Size: 'M', Colour: 'Red' },
            stock: 0,
            price: 280_000,
            discountPercentage: 0,
          },
        ],
      },
    });
    const dress = created.json().product;
    const plain = await product(t.db, { priceCents: 50_000, stock: 7, title: 'Soapstone bowl' });
    const rows = await exported();
    expect(Object.keys(rows[0]!)).toEqual([...SHOPIFY_COLUMNS]);

    const mine = rows.filter((r) => r.Handle === `kikoy-dress-${dress.id}`);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      Title: 'Kikoy Dress',
      'Body (HTML)': '<p>Cotton, "hand-woven", &lt;light&gt;.</p>',
      Vendor: 'Lamu Loom',
      Type: 'womens-dresses', // the category's name; made from the slug here
      Tags: 'dress, kikoy',
      Published: 'TRUE',
      'Option1 Name': 'Size',
      'Option1 Value': 'S',
      'Option2 Name': 'Colour',
      'Option2 Value': 'Red',
      'Variant SKU': dress.variants[0].sku,
      'Variant Inventory Qty': '4',
      'Variant Price': '2340.00',
      'Variant Compare At Price': '2600.00',
      'Variant Barcode': '6161100000012',
      'Image Src': 'https://duka.example/images/products/a.webp',
      'Image Position': '1',
      Status: 'active',
    });
    expect(mine[1]).toMatchObject({
      Title: '',
      'Option1 Name': '',
      'Option1 Value': 'M',
      'Option2 Value': 'Red',
      'Variant Inventory Qty': '0',
      'Variant Price': '2800.00',
      'Variant Compare At Price': '',
      'Image Src': 'https://duka.example/images/products/b.webp',
      'Image Position': '2',
    });

    const [bowl] = await t.db.select().from(products).where(eq(products.id, plain));
    const bowlRows = rows.filter((r) => r.Handle === `soapstone-bowl-${plain}`);
    expect(bowlRows).toEqual([
      expect.objectContaining({
        'Option1 Name': 'Title',
        'Option1 Value': 'Default Title',
        'Variant SKU': bowl!.sku,
        'Variant Inventory Qty': '7',
        'Variant Price': '500.00',
      }),
    ]);
  });

  it('escapes cells that a spreadsheet would run as a formula, and is for admins only', async () => {
    await product(t.db, { priceCents: 10_000, stock: 1, title: '=cmd|/C calc!A0' });
    const rows = await exported();
    expect(rows.map((r) => r.Title)).toContain("'=cmd|/C calc!A0");
    expect(rows.some((r) => /^[=+\-@]/.test(r.Title!))).toBe(false);
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('a,"b"\nc')).toBe('"a,""b""\nc"');
    const res = await t.app.inject({
      url: '/api/admin/products/export.csv',
      headers: (await shopper(t.app)).auth,
    });
    expect(res.statusCode).toBe(403);
  });
});
