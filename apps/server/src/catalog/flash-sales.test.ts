// Flash sales in the catalogue (issue 36): a product with a sale on now shows `sale_price` (cents,
// like `price`) and `sale_ends_at` on its card in every listing, on its page and on its variants;
// a sale not started, ended, used up or with conditions shows nothing; Weekly Offers lists what is
// on sale first. The app here reads the sales on every request (FLASH_SALES_REFRESH_SECONDS=0);
// the last block checks the interval itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Home, Product, ProductPage, ProductSummary } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, type LoggedIn } from '../../test/accounts.ts';
import { createPayment, product } from '../../test/checkout-fixture.ts';
import { promotion, readyShoppers } from '../../test/promotions-fixture.ts';
import { seedDemoCatalog } from '../seed/demo.ts';
import { FlashSales } from './flash-sales.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp({ FLASH_SALES_REFRESH_SECONDS: '0' });
  await seedDemoCatalog(t.db);
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

const MINUTE = 60_000;
const at = (fromNow: number) => new Date(Date.now() + fromNow).toISOString();

async function get<T>(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json() as T, etag: res.headers.etag as string };
}

/** The product's card in the catalogue's listing of its category (test products: 'test-goods'). */
async function cardOf(id: number): Promise<ProductSummary> {
  const { body } = await get<ProductPage>('/api/products?category=test-goods&limit=100');
  const card = body.products.find((p) => p.id === id);
  if (!card) throw new Error(`product ${id} is not listed`);
  return card;
}

const saleOf = (p: { sale_price?: number; sale_ends_at?: string }) => ({
  sale_price: p.sale_price,
  sale_ends_at: p.sale_ends_at,
});
const NO_SALE = { sale_price: undefined, sale_ends_at: undefined };

let titles = 0;
/** A product in 'test-goods' with a title search finds it alone by. */
async function goods(priceCents: number, discountBp = 0) {
  const title = `Flashgoods ${String.fromCharCode(97 + (titles % 26))}${++titles}q`;
  return { id: await product(t.db, { priceCents, discountBp, stock: 50, title }), title };
}

const sale = (payload: Record<string, unknown>) =>
  promotion(t.app, boss, { name: 'Flash sale', type: 'sale_price', ...payload });

describe('a flash sale on now', () => {
  it('shows its price and end on the card in every listing, on the page and on the variant', async () => {
    const { id, title } = await goods(200_000); // Ksh 2,000
    const untouched = await goods(300_000);
    const ends = at(90 * MINUTE);
    await sale({ sale_price: 1_500, applies_to: { product_ids: [id] }, ends_at: ends });
    const expected = { sale_price: 150_000, sale_ends_at: new Date(ends).toISOString() };

    expect(saleOf(await cardOf(id))).toEqual(expected);
    expect(saleOf(await cardOf(untouched.id))).toEqual(NO_SALE);
    const searched = await get<ProductPage>(`/api/products?q=${encodeURIComponent(title)}`);
    expect(searched.body.products.map((p) => [p.id, saleOf(p)])).toEqual([[id, expected]]);
    const related = await get<ProductPage>('/api/products/category/test-goods?limit=50');
    expect(saleOf(related.body.products.find((p) => p.id === id)!)).toEqual(expected);

    const page = (await get<Product>(`/api/products/${id}`)).body;
    expect(saleOf(page)).toEqual(expected);
    expect(page.variants.map(saleOf)).toEqual([expected]);
    // The shelf price stays what it is: the sale is beside it.
    expect(page).toMatchObject({ price: 200_000, discountPercentage: 0 });
    expect(saleOf((await get<Product>(`/api/products/${untouched.id}`)).body)).toEqual(NO_SALE);
  });

  it('takes a percentage off the price after the product’s own discount, in whole shillings', async () => {
    const { id } = await goods(199_900, 1_000); // Ksh 1,999 less 10 %: Ksh 1,799
    await sale({ value: 15, applies_to: { product_ids: [id] } }); // no end
    // 15 % off Ksh 1,799 is Ksh 1,529.15: Ksh 1,529, as checkout charges it.
    expect(saleOf(await cardOf(id))).toEqual({ sale_price: 152_900, sale_ends_at: undefined });
  });

  it('shows the lower of two sales, and none that would not lower the price', async () => {
    const { id } = await goods(100_000);
    await sale({ sale_price: 900, applies_to: { product_ids: [id] }, ends_at: at(60 * MINUTE) });
    const lower = at(30 * MINUTE);
    await sale({ sale_price: 800, applies_to: { product_ids: [id] }, ends_at: lower });
    expect(saleOf(await cardOf(id))).toEqual({
      sale_price: 80_000,
      sale_ends_at: new Date(lower).toISOString(),
    });

    const { id: cheap } = await goods(50_000);
    await sale({ sale_price: 600, applies_to: { product_ids: [cheap] } });
    expect(saleOf(await cardOf(cheap))).toEqual(NO_SALE);
  });

  it('changes the category page’s ETag, so a cached answer is not kept past it', async () => {
    const { id } = await goods(120_000);
    const before = await get<ProductPage>('/api/products?category=test-goods&limit=100');
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/api/products?category=test-goods&limit=100',
      headers: { 'if-none-match': before.etag },
    });
    expect(revalidated.statusCode).toBe(304);
    await sale({ sale_price: 1_000, applies_to: { product_ids: [id] } });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/products?category=test-goods&limit=100',
      headers: { 'if-none-match': before.etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.etag);
  });
});

describe('a product on sale in the back office', () => {
  it('is taken back by PUT as its page gives it, sale and all, and nothing changes', async () => {
    const { id } = await goods(150_000);
    await sale({ sale_price: 1_200, applies_to: { product_ids: [id] } });
    const read = async () => (await get<Product>(`/api/products/${id}`)).body;
    const before = await read();
    expect(before.sale_price).toBe(120_000);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${id}`,
      headers: boss.auth,
      payload: before,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await read()).toEqual(before);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${id}/variants/${before.variants[0]!.id}`,
      headers: boss.auth,
      payload: { ...before.variants[0], stock: 49 },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect((await read()).variants[0]).toEqual({ ...before.variants[0], stock: 49 });
  });
});

describe('a flash sale that is not on', () => {
  it('shows nothing before it starts or after it ends', async () => {
    const { id: soon } = await goods(100_000);
    await sale({ sale_price: 700, applies_to: { product_ids: [soon] }, starts_at: at(MINUTE) });
    const { id: over } = await goods(100_000);
    await sale({
      sale_price: 700,
      applies_to: { product_ids: [over] },
      starts_at: at(-60 * MINUTE),
      ends_at: at(-MINUTE),
    });
    for (const id of [soon, over]) {
      expect(saleOf(await cardOf(id))).toEqual(NO_SALE);
      const page = (await get<Product>(`/api/products/${id}`)).body;
      expect([saleOf(page), ...page.variants.map(saleOf)]).toEqual([NO_SALE, NO_SALE]);
    }
  });

  it('shows nothing once its cap is used up by orders made (reserved units count)', async () => {
    const { id } = await goods(100_000);
    await sale({ sale_price: 500, quantity_cap: 3, applies_to: { product_ids: [id] } });
    const [first, second] = await readyShoppers(t.app, t.db, 2, [[id, 2]]);
    expect((await createPayment(t.app, first!)).statusCode).toBe(200);
    // 2 of 3 units taken: one left, still on.
    expect((await cardOf(id)).sale_price).toBe(50_000);
    expect((await createPayment(t.app, second!)).statusCode).toBe(200);
    expect(saleOf(await cardOf(id))).toEqual(NO_SALE);
    expect(saleOf((await get<Product>(`/api/products/${id}`)).body)).toEqual(NO_SALE);
  });

  it('shows nothing when it asks for a minimum order or a first order', async () => {
    const { id } = await goods(100_000);
    await sale({ sale_price: 500, min_order: 2_000, applies_to: { product_ids: [id] } });
    await sale({ sale_price: 400, first_order_only: true, applies_to: { product_ids: [id] } });
    expect(saleOf(await cardOf(id))).toEqual(NO_SALE);
  });
});

describe('a flash sale of one size', () => {
  /** A shirt in three sizes; L costs more. */
  async function shirt() {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: boss.auth,
      payload: {
        title: `Flash shirt ${++titles}`,
        brand: 'Kitenge Co',
        description: 'A shirt.',
        category: 'test-goods',
        price: 200_000,
        images: ['/images/products/test.webp'],
        options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
        variants: [
          { options: { Size: 'S' }, stock: 3 },
          { options: { Size: 'M' }, stock: 3 },
          { options: { Size: 'L' }, stock: 3, price: 260_000 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().product as Product;
  }
  const size = (p: Product, name: string) => p.variants.find((v) => v.options.Size === name)!;

  it('is on that variant only; the card shows it when that size is priced as the card', async () => {
    const p = await shirt();
    await sale({ sale_price: 1_500, applies_to: { variant_ids: [size(p, 'M').id] } });
    const page = (await get<Product>(`/api/products/${p.id}`)).body;
    expect(page.variants.map((v) => [v.options.Size, v.sale_price])).toEqual([
      ['S', undefined],
      ['M', 150_000],
      ['L', undefined],
    ]);
    expect(page.sale_price).toBe(150_000);
    expect((await cardOf(p.id)).sale_price).toBe(150_000);
  });

  it('of a dearer size shows on that size, not on the card (whose price is the cheapest)', async () => {
    const p = await shirt();
    await sale({ sale_price: 2_400, applies_to: { variant_ids: [size(p, 'L').id] } });
    const page = (await get<Product>(`/api/products/${p.id}`)).body;
    expect(size(page, 'L').sale_price).toBe(240_000);
    expect(saleOf(page)).toEqual(NO_SALE);
    expect(saleOf(await cardOf(p.id))).toEqual(NO_SALE);
  });

  it('of the whole product is on every size, each from its own price', async () => {
    const p = await shirt();
    await sale({ value: 50, applies_to: { product_ids: [p.id] } });
    const page = (await get<Product>(`/api/products/${p.id}`)).body;
    expect(page.variants.map((v) => v.sale_price)).toEqual([100_000, 100_000, 130_000]);
    expect(page.sale_price).toBe(100_000);
  });
});

describe('Weekly Offers', () => {
  it('lists what is on sale now first, then the first product of each category', async () => {
    // Without a sale of its own this test's shop already has some (the tests above): compare
    // with the listing as it is, then add one.
    const before = (await get<ProductPage>('/api/products/weekly-offers?limit=100')).body;
    const { id, title } = await goods(100_000);
    await sale({ sale_price: 600, applies_to: { product_ids: [id] } });
    const after = (await get<ProductPage>('/api/products/weekly-offers?limit=100')).body;

    expect(after.total).toBe(before.total + 1);
    const onSale = after.products.filter((p) => p.sale_price !== undefined);
    expect(onSale.map((p) => p.id)).toContain(id);
    // Those on sale come first, in catalogue order; then one product per category.
    expect(after.products.slice(0, onSale.length)).toEqual(onSale);
    expect(onSale.map((p) => p.id)).toEqual(onSale.map((p) => p.id).toSorted((a, b) => a - b));
    const rest = after.products.slice(onSale.length);
    expect(new Set(rest.map((p) => p.category)).size).toBe(rest.length);

    // Searched, and paged: a page of 2 from the second, the same products as the whole list.
    const searched = (await get<ProductPage>(`/api/products/weekly-offers?q=${title}`)).body;
    expect(searched.products.map((p) => p.id)).toEqual([id]);
    const second = (await get<ProductPage>('/api/products/weekly-offers?limit=2&skip=2')).body;
    expect(second.products).toEqual(after.products.slice(2, 4));
    expect(second.total).toBe(after.total);
    const past = (await get<ProductPage>('/api/products/weekly-offers?limit=2&skip=500')).body;
    expect(past).toMatchObject({ products: [], total: after.total });

    // The home page's block: the first four of the same list.
    const home = (await get<Home>('/api/products/home')).body;
    expect(home.weeklyOffers).toEqual(after.products.slice(0, 4));
  });
});

describe('the sales an instance holds for an interval', () => {
  it('are read once per interval, yet start and end on time; a sale made since waits', async () => {
    const sales = new FlashSales(t.db, MINUTE);
    const now = Date.now();
    const { id: starting } = await goods(100_000);
    await sale({
      sale_price: 700,
      applies_to: { product_ids: [starting] },
      starts_at: at(20_000),
    });
    const { id: ending } = await goods(100_000);
    await sale({ sale_price: 700, applies_to: { product_ids: [ending] }, ends_at: at(20_000) });

    const first = await sales.at(new Date(now));
    const { id: later } = await goods(100_000);
    await sale({ sale_price: 700, applies_to: { product_ids: [later] } });
    const held = await sales.at(new Date(now + 30_000));
    expect(held).toBe(first); // no new read within the interval
    expect(first.card(starting, 100_000, now)).toEqual({});
    expect(first.card(starting, 100_000, now + 30_000).sale_price).toBe(70_000);
    expect(first.card(ending, 100_000, now).sale_price).toBe(70_000);
    expect(first.card(ending, 100_000, now + 30_000)).toEqual({});
    expect(first.card(later, 100_000, now + 30_000)).toEqual({});

    const next = await sales.at(new Date(now + MINUTE));
    expect(next).not.toBe(first);
    expect(next.card(later, 100_000, now + MINUTE).sale_price).toBe(70_000);
  });
});
