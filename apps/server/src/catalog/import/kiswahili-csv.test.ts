// A product's Kiswahili title and description (issue 37) in Shopify's product CSV, as product
// metafield columns: exported, read back unchanged, changed and cleared by a file, read under
// whatever name the merchant gave the column, and left alone by a file without them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { admin, type LoggedIn } from '../../../test/accounts.ts';
import { csvCell } from '../../lib/csv.ts';
import { METAFIELD_COLUMNS } from '../csv-export.ts';
import { products } from '../schema.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://duka.example' });
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

const TITLE_SW = 'Kiswahili title (product.metafields.custom.title_sw)';
const DESCRIPTION_SW = 'Kiswahili description (product.metafields.custom.description_sw)';

const create = async (title: string, extra: object = {}): Promise<number> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: boss.auth,
    payload: {
      title,
      brand: 'Kazuri',
      description: `${title}, made in Karen.`,
      price: 120_000,
      images: ['/images/products/a.webp'],
      category: 'Kiswahili CSV',
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product.id;
};

/** The export as rows of cells, its header first. */
const exportRows = async (): Promise<string[][]> => {
  const res = await t.app.inject({ url: '/api/admin/products/export.csv', headers: boss.auth });
  expect(res.statusCode).toBe(200);
  return parse(res.body) as string[][];
};
const csvOf = (rows: string[][]) => rows.map((r) => r.map(csvCell).join(',')).join('\r\n');

const importCsv = async (csv: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/products/import',
    headers: { ...boss.auth, 'content-type': 'text/csv' },
    payload: csv,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const swOf = async (id: number) => {
  const [row] = await t.db
    .select({ title: products.title, titleSw: products.titleSw, descSw: products.descriptionSw })
    .from(products)
    .where(eq(products.id, id));
  return row;
};

describe("the Kiswahili texts in Shopify's product CSV", () => {
  let bowl: number;
  let cup: number;
  let plate: number;
  beforeAll(async () => {
    bowl = await create('Kazuri Bowl', {
      title_sw: 'Bakuli la Kazuri',
      description_sw: 'Bakuli la udongo.\nLimepakwa rangi kwa mkono, "kazi ya mikono".',
      options: [{ name: 'Colour', values: ['Blue', 'Green'] }],
      variants: [
        { options: { Colour: 'Blue' }, stock: 2 },
        { options: { Colour: 'Green' }, stock: 3 },
      ],
    });
    cup = await create('Kazuri Cup', { title_sw: '=Kikombe' });
    plate = await create('Kazuri Plate');
  });

  it("are exported in Shopify's metafield columns, on the product's first row only", async () => {
    expect(METAFIELD_COLUMNS).toEqual({ titleSw: TITLE_SW, descriptionSw: DESCRIPTION_SW });
    const [header, ...rows] = await exportRows();
    const at = (name: string) => header!.indexOf(name);
    expect(at(TITLE_SW)).toBeGreaterThan(0);
    expect(at(DESCRIPTION_SW)).toBe(at(TITLE_SW) + 1);
    const of = (handle: string) => rows.filter((r) => r[0]!.startsWith(handle));
    const [first, second] = of('kazuri-bowl-');
    expect(first![at(TITLE_SW)]).toBe('Bakuli la Kazuri');
    // A multi-line text field keeps its line breaks as they are: plain text, not HTML.
    expect(first![at(DESCRIPTION_SW)]).toBe(
      'Bakuli la udongo.\nLimepakwa rangi kwa mkono, "kazi ya mikono".',
    );
    expect([second![at(TITLE_SW)], second![at(DESCRIPTION_SW)]]).toEqual(['', '']);
    // Led by a quote mark so that a spreadsheet does not run it.
    expect(of('kazuri-cup-')[0]![at(TITLE_SW)]).toBe("'=Kikombe");
    expect(of('kazuri-plate-')[0]!.slice(at(TITLE_SW), at(TITLE_SW) + 2)).toEqual(['', '']);
  });

  it('come back unchanged from their own export', async () => {
    const before = await Promise.all([bowl, cup, plate].map(swOf));
    const outcome = await importCsv(csvOf(await exportRows()));
    expect(outcome).toMatchObject({ created: 0, updated: 0, errors: [], warnings: [] });
    expect(await Promise.all([bowl, cup, plate].map(swOf))).toEqual(before);
    expect((await swOf(cup))!.titleSw).toBe('=Kikombe');
  });

  it('are changed, added and cleared by a file, under any name before the brackets', async () => {
    const [header, ...rows] = await exportRows();
    const title = header!.indexOf(TITLE_SW);
    const description = header!.indexOf(DESCRIPTION_SW);
    // The merchant's spreadsheet calls the columns its own way.
    header![title] = 'Jina (product.metafields.custom.title_sw)';
    const first = (handle: string) => rows.find((r) => r[0]!.startsWith(handle))!;
    first('kazuri-bowl-')[title] = 'Bakuli Jipya';
    first('kazuri-bowl-')[description] = '';
    first('kazuri-plate-')[title] = 'Sahani ya Kazuri';
    first('kazuri-plate-')[description] = 'Sahani.\r\nYa udongo.';
    const outcome = await importCsv(csvOf([header!, ...rows]));
    expect(outcome).toMatchObject({ updated: 2, errors: [] });
    expect(await swOf(bowl)).toMatchObject({ titleSw: 'Bakuli Jipya', descSw: null });
    expect(await swOf(plate)).toMatchObject({
      titleSw: 'Sahani ya Kazuri',
      descSw: 'Sahani.\nYa udongo.',
    });
    const page = (await t.app.inject({ url: `/api/products/${plate}` })).json();
    expect(page).toMatchObject({
      title_sw: 'Sahani ya Kazuri',
      description_sw: 'Sahani.\nYa udongo.',
    });
  });

  it('are left as they are by a file without their columns; a new product then has none', async () => {
    const [header, ...rows] = await exportRows();
    const kept = header!
      .map((name, i) => (name.includes('(product.metafields.') ? -1 : i))
      .filter((i) => i >= 0);
    const without = [header!, ...rows].map((r) => kept.map((i) => r[i]!));
    const titleAt = header!.indexOf('Title');
    without.find((r) => r[0]!.startsWith('kazuri-bowl-'))![titleAt] = 'Kazuri Bowl, large';
    without.push(
      without[0]!.map(
        (name) =>
          ({
            Handle: 'kazuri-mug',
            Title: 'Kazuri Mug',
            Vendor: 'Kazuri',
            Type: 'Kiswahili CSV',
            'Option1 Name': 'Title',
            'Option1 Value': 'Default Title',
            'Variant Price': '900.00',
            Status: 'active',
          })[name] ?? '',
      ),
    );
    const outcome = await importCsv(csvOf(without));
    expect(outcome).toMatchObject({ created: 1, updated: 1, errors: [] });
    expect(await swOf(bowl)).toEqual({
      title: 'Kazuri Bowl, large',
      titleSw: 'Bakuli Jipya',
      descSw: null,
    });
    const [mug] = await t.db.select().from(products).where(eq(products.handle, 'kazuri-mug'));
    expect(mug).toMatchObject({ titleSw: null, descriptionSw: null });
  });

  it('are held to the lengths of the English ones, the refusal at its column', async () => {
    const [header, ...rows] = await exportRows();
    const title = header!.indexOf(TITLE_SW);
    const row = rows.find((r) => r[0]!.startsWith('kazuri-plate-'))!;
    row[title] = 'k'.repeat(201);
    const outcome = await importCsv(csvOf([header!, row]));
    expect(outcome.errors).toEqual([
      {
        line: 2,
        column: TITLE_SW,
        message: 'The Kiswahili title is at most 200 characters.',
      },
    ]);
    expect((await swOf(plate))!.titleSw).toBe('Sahani ya Kazuri');
  });
});
