// A product's optional Kiswahili title and description (issue 37): set, changed and cleared by the
// back office, audited, and carried by the product's page (both) and by every card (the title).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Product, ProductSummary } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, type LoggedIn } from '../../test/accounts.ts';
import { auditLog } from '../audit/schema.ts';
import { products } from './schema.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

const IMAGE = '/uploads/0b6a3c1e-5d3f-4a8e-9b2a-1c2d3e4f5a6b.webp';

const create = (extra: object, title = 'Mvule Stool') =>
  t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: boss.auth,
    payload: {
      title,
      brand: 'Mti Mzuri',
      description: 'A stool carved from one piece of mvule.',
      price: 450_000,
      images: [IMAGE],
      category: 'Kiswahili Test Furniture',
      ...extra,
    },
  });

const productOf = async (id: number): Promise<Product> =>
  (await t.app.inject({ url: `/api/products/${id}` })).json();

/** The product as the editor sends it back: what GET gave, with `change` on top. */
const put = async (id: number, change: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/products/${id}`,
    headers: boss.auth,
    payload: { ...(await productOf(id)), ...change },
  });

describe("a product's Kiswahili title and description", () => {
  it('are added with the product, trimmed, and given back by its page', async () => {
    const res = await create({
      title_sw: '  Kigoda cha Mvule ',
      description_sw: 'Kigoda kilichochongwa kutoka kipande kimoja cha mvule.\nKinadumu.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const expected = {
      title: 'Mvule Stool',
      title_sw: 'Kigoda cha Mvule',
      description: 'A stool carved from one piece of mvule.',
      description_sw: 'Kigoda kilichochongwa kutoka kipande kimoja cha mvule.\nKinadumu.',
    };
    expect(res.json().product).toMatchObject(expected);
    expect(await productOf(res.json().product.id)).toMatchObject(expected);
  });

  it('are null when not given or given empty, and the English ones stay the product’s', async () => {
    const none = (await create({}, 'Plain Stool')).json().product;
    expect(none).toMatchObject({ title: 'Plain Stool', title_sw: null, description_sw: null });
    const blank = (await create({ title_sw: '   ', description_sw: '' }, 'Blank Stool')).json();
    expect(blank.product).toMatchObject({ title_sw: null, description_sw: null });
  });

  it('are changed by the editor, kept when left out, cleared when emptied; each change audited', async () => {
    const id = (await create({ title_sw: 'Kigoda', description_sw: 'Maelezo.' })).json().product.id;
    let res = await put(id, { title_sw: 'Kigoda Kipya', description_sw: 'Maelezo mapya.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title_sw: 'Kigoda Kipya',
      description_sw: 'Maelezo mapya.',
    });

    // An editor that does not know the fields keeps the merchant's words.
    const { title_sw: _t, description_sw: _d, ...older } = await productOf(id);
    res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${id}`,
      headers: boss.auth,
      payload: { ...older, title: 'Mvule Stool, large' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Mvule Stool, large', title_sw: 'Kigoda Kipya' });

    res = await put(id, { title_sw: '', description_sw: null });
    expect(res.json()).toMatchObject({ title_sw: null, description_sw: null });
    expect((await productOf(id)).title_sw).toBeNull();

    const updates = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.update'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id);
    // The log keeps what changed: the second save changed the English title alone.
    expect(updates.map((u) => [u.before?.title_sw, u.after?.title_sw])).toEqual([
      ['Kigoda', 'Kigoda Kipya'],
      [undefined, undefined],
      ['Kigoda Kipya', null],
    ]);
    expect(updates[1]!.after).toMatchObject({ title: 'Mvule Stool, large' });
    expect(updates[2]!.before).toMatchObject({ description_sw: 'Maelezo mapya.' });
    expect(updates[2]!.after).toMatchObject({ description_sw: null });
  });

  it('are held to the lengths of the English ones, at their fields', async () => {
    const res = await create({ title_sw: 'k'.repeat(201), description_sw: 'm'.repeat(5001) });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['description_sw', 'title_sw']);
    expect(res.json().fields.title_sw).toBe('The Kiswahili title is at most 200 characters.');
    const id = (await create({}, 'Long Stool')).json().product.id;
    const long = await put(id, { title_sw: 'k'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toHaveProperty('title_sw');
    expect(await create({ title_sw: 'k'.repeat(200) }, 'Just Stool')).toHaveProperty(
      'statusCode',
      201,
    );
  });
});

describe('the cards of every listing carry title_sw, and only it', () => {
  let withSw: number;
  let without: number;
  beforeAll(async () => {
    const category = { category: 'Vyombo Cards' };
    withSw = (
      await create(
        { ...category, title_sw: 'Sufuria ya Udongo', description_sw: 'Ndefu.' },
        'Clay Pot',
      )
    ).json().product.id;
    without = (await create(category, 'Clay Jug')).json().product.id;
    // Top Picks are rated above 4.8.
    await t.db.update(products).set({ rating: 4.9 }).where(eq(products.id, withSw));
    await t.db.update(products).set({ rating: 4.9 }).where(eq(products.id, without));
  });

  type Answer = Record<string, ProductSummary[]>;
  const cardsOf = async (url: string, pick = (body: Answer) => body.products!) => {
    const res = await t.app.inject({ url, headers: url.includes('/admin/') ? boss.auth : {} });
    expect(res.statusCode, res.body).toBe(200);
    return pick(res.json());
  };
  const expectCards = (cards: ProductSummary[]) => {
    const card = cards.find((c) => c.id === withSw);
    const plain = cards.find((c) => c.id === without);
    expect(card).toMatchObject({ title: 'Clay Pot', title_sw: 'Sufuria ya Udongo' });
    expect(card).not.toHaveProperty('description_sw');
    expect(plain).toMatchObject({ title: 'Clay Jug', title_sw: null });
  };

  it('the catalogue, a category, a search (again from its cache) and the admin search', async () => {
    expectCards(await cardsOf('/api/products?category=vyombo-cards'));
    expectCards(await cardsOf('/api/products?limit=100&sort=newest'));
    expectCards(await cardsOf('/api/products/category/vyombo-cards'));
    expectCards(await cardsOf('/api/products?q=clay'));
    expectCards(await cardsOf('/api/products?q=clay'));
    expectCards(await cardsOf('/api/products?q=clay&sort=titleAsc'));
    expectCards(await cardsOf('/api/admin/search?q=clay'));
  });

  it('Top Picks, Weekly Offers and the home page', async () => {
    expectCards(await cardsOf('/api/products/top-picks?limit=50'));
    expectCards(await cardsOf('/api/products/top-picks?q=clay'));
    // Weekly Offers: the first product of each category, the pot.
    const offers = await cardsOf('/api/products/weekly-offers?limit=50');
    expect(offers.find((c) => c.id === withSw)).toMatchObject({ title_sw: 'Sufuria ya Udongo' });
    const home = await cardsOf('/api/products/home', (body) => [
      ...body.topPicks!,
      ...body.weeklyOffers!,
    ]);
    expectCards(home);
  });
});
