// Reviews by buyers: who may write one, the answers for everyone else, and the product's rating.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REVIEW_MESSAGES } from '@duka/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, shopper, type LoggedIn } from '../../test/accounts.ts';
import {
  buyAndPay,
  createPayment,
  fillCheckoutSteps,
  product,
  putInCart,
} from '../../test/checkout-fixture.ts';
import { seedDemoCatalog } from '../seed/demo.ts';
import { products } from './schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const review = (who: LoggedIn | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reviews',
    headers: who?.auth ?? {},
    payload,
  });

async function ratingOf(id: number) {
  const [row] = await t.db
    .select({ rating: products.rating, count: products.reviewCount })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

async function buyer(productId: number) {
  const who = await shopper(t.app);
  await buyAndPay(t.app, t.db, who, [[productId, 1]]);
  return who;
}

describe('POST /api/reviews', () => {
  it('lets a buyer review once, marked verified, and recomputes the rating', async () => {
    const p = await product(t.db, { priceCents: 20_000, stock: 10 });
    expect(await ratingOf(p)).toEqual({ rating: 0, count: 0 });
    const first = await buyer(p);
    const res = await review(first, { product_id: p, rating: 4, comment: '  Good kettle.  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      product_id: p,
      rating: 4,
      comment: 'Good kettle.',
      reviewer_name: first.username,
      verified_purchase: true,
      hidden: false,
    });
    expect(await ratingOf(p)).toEqual({ rating: 4, count: 1 });

    const second = await buyer(p);
    expect((await review(second, { product_id: p, rating: 5, comment: 'Great' })).statusCode).toBe(
      201,
    );
    expect(await ratingOf(p)).toEqual({ rating: 4.5, count: 2 });
    const product_ = (await t.app.inject({ url: `/api/products/${p}` })).json();
    expect(product_).toMatchObject({ rating: 4.5, reviewCount: 2 });

    // Shown publicly with 'Verified purchase', without the reviewer's e-mail.
    const listed = (await t.app.inject({ url: `/api/reviews/${p}` })).json();
    expect(listed.total).toBe(2);
    expect(listed.reviews[0]).toMatchObject({ rating: 5, verified_purchase: true });
    expect(JSON.stringify(listed)).not.toContain(second.email);

    // A second review of the same product: 409, and nothing changes.
    const again = await review(first, { product_id: p, rating: 1, comment: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_REVIEWED',
      error: REVIEW_MESSAGES.alreadyReviewed,
    });
    expect(await ratingOf(p)).toEqual({ rating: 4.5, count: 2 });
  });

  it('answers 401 without a token and 403 to anyone who did not buy it', async () => {
    const p = await product(t.db, { priceCents: 20_000, stock: 10 });
    expect((await review(undefined, { product_id: p, rating: 5, comment: 'x' })).statusCode).toBe(
      401,
    );
    const stranger = await shopper(t.app);
    const refused = await review(stranger, { product_id: p, rating: 5, comment: 'Nice' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(REVIEW_MESSAGES.notABuyer);

    // An order that was never paid does not count; nor does a paid order of something else.
    const unpaid = await shopper(t.app);
    await putInCart(t.db, unpaid.id, p, 1);
    await fillCheckoutSteps(t.app, unpaid);
    await createPayment(t.app, unpaid);
    expect((await review(unpaid, { product_id: p, rating: 5, comment: 'x' })).statusCode).toBe(403);
    const other = await product(t.db, { priceCents: 5_000, stock: 5 });
    const buyerOfOther = await buyer(other);
    expect(
      (await review(buyerOfOther, { product_id: p, rating: 5, comment: 'x' })).statusCode,
    ).toBe(403);
    const boss = await admin(t.app, t.db);
    expect((await review(boss, { product_id: p, rating: 5, comment: 'x' })).statusCode).toBe(403);
    expect(await ratingOf(p)).toEqual({ rating: 0, count: 0 });
  });

  it('answers 400 for bad fields, naming each', async () => {
    const p = await product(t.db, { priceCents: 20_000, stock: 10 });
    const who = await buyer(p);
    const bad = [
      [{ product_id: p, rating: 0, comment: 'x' }, 'rating'],
      [{ product_id: p, rating: 6, comment: 'x' }, 'rating'],
      [{ product_id: p, rating: 3.5, comment: 'x' }, 'rating'],
      [{ product_id: p, rating: '5', comment: 'x' }, 'rating'],
      [{ product_id: p, comment: 'x' }, 'rating'],
      [{ product_id: p, rating: 5, comment: '   ' }, 'comment'],
      [{ product_id: p, rating: 5, comment: 'x'.repeat(2001) }, 'comment'],
      [{ product_id: p, rating: 5 }, 'comment'],
      [{ rating: 5, comment: 'x' }, 'product_id'],
      [{ product_id: -1, rating: 5, comment: 'x' }, 'product_id'],
    ] as const;
    for (const [payload, field] of bad) {
      const res = await review(who, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
    }
    expect(
      (await review(who, { product_id: p, rating: 5, comment: 'y'.repeat(2000) })).statusCode,
    ).toBe(201);
    expect((await review(who, { product_id: 999_999, rating: 5, comment: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('counts two buyers reviewing at the same moment', async () => {
    const p = await product(t.db, { priceCents: 20_000, stock: 10 });
    const [a, b] = [await buyer(p), await buyer(p)];
    const answers = await Promise.all([
      review(a, { product_id: p, rating: 2, comment: 'Meh' }),
      review(b, { product_id: p, rating: 5, comment: 'Yes' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await ratingOf(p)).toEqual({ rating: 3.5, count: 2 });
  });
});

describe('eligibility and hiding', () => {
  it('tells the product page whether the shopper may review', async () => {
    const p = await product(t.db, { priceCents: 20_000, stock: 10 });
    const who = await shopper(t.app);
    const ask = async () =>
      (await t.app.inject({ url: `/api/reviews/eligibility/${p}`, headers: who.auth })).json();
    expect(await ask()).toEqual({ can_review: false, reason: 'not-bought' });
    await buyAndPay(t.app, t.db, who, [[p, 1]]);
    expect(await ask()).toEqual({ can_review: true, reason: null });
    await review(who, { product_id: p, rating: 5, comment: 'x' });
    expect(await ask()).toEqual({ can_review: false, reason: 'already-reviewed' });
    expect((await t.app.inject({ url: `/api/reviews/eligibility/${p}` })).statusCode).toBe(401);
  });

  it('lets an admin hide a review: gone from the product page and from its rating', async () => {
    const p = await product(t.db, { priceCents: 20_000, stock: 10 });
    const [a, b] = [await buyer(p), await buyer(p)];
    const spam = (await review(a, { product_id: p, rating: 1, comment: 'Buy elsewhere!' })).json();
    await review(b, { product_id: p, rating: 5, comment: 'Lovely' });
    expect(await ratingOf(p)).toEqual({ rating: 3, count: 2 });
    const hide = async (who: LoggedIn, hidden: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/reviews/${spam.id}`,
        headers: who.auth,
        payload: { hidden },
      });
    expect((await hide(a, true)).statusCode).toBe(403);
    const boss = await admin(t.app, t.db);
    const hidden = await hide(boss, true);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ id: spam.id, hidden: true });
    expect(await ratingOf(p)).toEqual({ rating: 5, count: 1 });
    const listed = (await t.app.inject({ url: `/api/reviews/${p}` })).json();
    expect(listed.reviews.map((r: { id: number }) => r.id)).not.toContain(spam.id);
    // The back office still lists it, marked hidden, and can show it again.
    const all = (
      await t.app.inject({ url: '/api/admin/reviews?limit=100', headers: boss.auth })
    ).json();
    expect(all.reviews.find((r: { id: number }) => r.id === spam.id)).toMatchObject({
      hidden: true,
    });
    expect((await hide(boss, false)).json()).toMatchObject({ hidden: false });
    expect(await ratingOf(p)).toEqual({ rating: 3, count: 2 });
  });
});

describe('the back office list', () => {
  it("pages every review of the catalogue with its reviewer's e-mail", async () => {
    const ctx = await createTestApp();
    try {
      await seedDemoCatalog(ctx.db);
      const me = await admin(ctx.app, ctx.db);
      const reviews = (
        await ctx.app.inject({ url: '/api/admin/reviews', headers: me.auth })
      ).json();
      expect(reviews.reviews).toHaveLength(6);
      expect(reviews.reviews[0].reviewer_email).toMatch(/@/);
      expect(reviews.total).toBeGreaterThan(100);
    } finally {
      await ctx.close();
    }
  });
});
