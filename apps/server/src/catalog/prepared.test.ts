// Pages written into a statement's text (literalPage): within a budget per database, and the
// same answers as the same pages bound as parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { seedDemoCatalog } from '../seed/demo.ts';
import { LITERAL_PAGES, literalPage, mayName, NAMED_TEXTS } from './prepared.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.db);
});
afterAll(() => t.close());

async function page(query: string): Promise<ProductPage> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<ProductPage>();
}

describe('pages written into their statements', () => {
  it('answers a category page the same whether its page is written in or bound', async () => {
    for (const sort of ['', '&sort=priceAsc']) {
      const all = await page(`category=smartphones&limit=100${sort}`);
      expect(all.products.length).toBeGreaterThan(4);
      const written = await page(`category=smartphones&limit=2&skip=3${sort}`);
      expect(written).toEqual({ ...all, products: all.products.slice(3, 5), limit: 2, skip: 3 });
    }
    // Spend what is left of this database's budget: pages not yet written in are then bound.
    for (let i = 0; literalPage(t.db, `spent_${i}`, { limit: 1, skip: 0 }) !== undefined; i++);
    for (const sort of ['', '&sort=priceAsc']) {
      const all = await page(`category=smartphones&limit=100${sort}`);
      const bound = await page(`category=smartphones&limit=2&skip=1${sort}`);
      expect(bound).toEqual({ ...all, products: all.products.slice(1, 3), limit: 2, skip: 1 });
    }
  });

  it('writes in at most LITERAL_PAGES statements per database, and keeps those it has', () => {
    const db = {} as unknown as TestContext['db'];
    expect(literalPage(db, 'catalog_page_c_id', { limit: 8, skip: 0 })).toBe('_8_0');
    for (let i = 1; i < LITERAL_PAGES; i++) {
      expect(literalPage(db, 'catalog_page_c_id', { limit: 8, skip: 8 * i })).toBe(`_8_${8 * i}`);
    }
    expect(literalPage(db, 'catalog_page_c_id', { limit: 20, skip: 0 })).toBeUndefined();
    expect(literalPage(db, 'catalog_page_c_id', { limit: 8, skip: 0 })).toBe('_8_0');
  });

  it('names at most NAMED_TEXTS texts per database, and keeps those it has', () => {
    const db = {} as unknown as TestContext['db'];
    for (let i = 0; i < NAMED_TEXTS; i++) expect(mayName(db, `duka_text_${i}`)).toBe(true);
    expect(mayName(db, 'duka_text_new')).toBe(false);
    expect(mayName(db, 'duka_text_0')).toBe(true);
    expect(mayName({} as unknown as TestContext['db'], 'duka_text_new')).toBe(true);
  });

  it('never writes in a number that is not a whole, non-negative one', () => {
    const db = {} as unknown as TestContext['db'];
    for (const limit of [-1, 1.5, Number.NaN, 2 ** 60]) {
      expect(literalPage(db, 'catalog_page_c_id', { limit, skip: 0 })).toBeUndefined();
    }
  });
});
