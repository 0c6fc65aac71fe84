// The form's values and the admin API's body, both ways: Nairobi's clock, only the chosen kind's
// fields sent (the others null, so a PATCH clears them), and the shared schema's messages at the
// API's field names before anything is sent.
import { describe, expect, it } from 'vitest';
import { PROMOTION_EDIT_MESSAGES as M } from '@duka/domain/promotions/messages';
import { bodyOf, draftOf, EMPTY_DRAFT, idsOf, type PromotionDraft } from './promotion-draft.ts';
import { promotion } from './promotion-fixture.ts';

const draft = (change: Partial<PromotionDraft>): PromotionDraft => ({
  ...EMPTY_DRAFT,
  name: 'Black Friday',
  ...change,
});

function bodyFor(change: Partial<PromotionDraft>) {
  const result = bodyOf(draft(change));
  if (!('body' in result)) throw new Error(`refused: ${JSON.stringify(result.errors)}`);
  return result.body;
}

function errorsFor(change: Partial<PromotionDraft>) {
  const result = bodyOf(draft(change));
  if (!('errors' in result)) throw new Error('accepted');
  return result.errors;
}

describe('bodyOf', () => {
  it('sends a coupon with its value, times on Nairobi’s clock, and the other kinds’ fields as null', () => {
    expect(
      bodyFor({
        code: ' bf-10 ',
        type: 'percent_off',
        percentOff: '10',
        amountOff: '500', // typed before switching kind: kept in the form, not sent
        startsAt: '2026-11-27T00:00',
        endsAt: '2026-11-30T23:59',
        usageLimit: '100',
        minOrder: '2,000',
        combinable: true, // a code never combines: not sent as true
      }),
    ).toEqual({
      name: 'Black Friday',
      code: 'bf-10',
      type: 'percent_off',
      value: 10,
      applies_to: null,
      counties: null,
      buy_quantity: null,
      get_quantity: null,
      get_percent: null,
      sale_price: null,
      quantity_cap: null,
      min_order: 2000,
      starts_at: '2026-11-27T00:00:00+03:00',
      ends_at: '2026-11-30T23:59:00+03:00',
      usage_limit: 100,
      per_customer_limit: null,
      first_order_only: false,
      exclusive: false,
      combinable: false,
    });
  });

  it('sends what each kind needs', () => {
    expect(
      bodyFor({ type: 'free_delivery', allCounties: false, counties: ['047'], productIds: '4' }),
    ).toMatchObject({ value: null, counties: ['047'], applies_to: null });
    expect(
      bodyFor({ type: 'buy_x_get_y', buyQuantity: '2', getQuantity: '1', getPercent: '100' }),
    ).toMatchObject({ value: null, buy_quantity: 2, get_quantity: 1, get_percent: 100 });
    expect(
      bodyFor({
        type: 'sale_price',
        saleBy: 'price',
        salePrice: '1500',
        salePercent: '20',
        quantityCap: '50',
        productIds: '4, 9 4',
        categories: ['laptops'], // a sale is for products only: not sent
      }),
    ).toMatchObject({
      value: null,
      sale_price: 1500,
      quantity_cap: 50,
      applies_to: { product_ids: [4, 9], variant_ids: [], categories: [], brands: [] },
    });
    expect(
      bodyFor({ type: 'sale_price', saleBy: 'percent', salePercent: '20', variantIds: '31' }),
    ).toMatchObject({ value: 20, sale_price: null, applies_to: { variant_ids: [31] } });
  });

  it('refuses at the field what is not a number, or not ids, before the schema', () => {
    expect(errorsFor({ percentOff: 'ten', usageLimit: '5x', productIds: '4, four' })).toEqual({
      value: M.number,
      usage_limit: M.number,
      'applies_to.product_ids': M.productIds,
    });
  });

  it('gives the shared schema’s messages at the API’s field names', () => {
    expect(errorsFor({ name: ' ', percentOff: '' })).toEqual({
      name: M.nameRequired,
      value: M.percentRequired,
    });
    expect(
      errorsFor({ percentOff: '10', startsAt: '2026-11-30T10:00', endsAt: '2026-11-30T09:00' }),
    ).toEqual({ ends_at: M.endBeforeStart });
    expect(errorsFor({ type: 'sale_price', salePrice: '900', code: 'SALE' })).toEqual({
      applies_to: M.saleTargets,
      code: M.saleNoCode,
    });
    expect(errorsFor({ type: 'free_delivery', allCounties: false, counties: [] })).toEqual({
      counties: M.chooseCounties,
    });
  });
});

describe('draftOf', () => {
  it('shows a stored promotion as typed, times on Nairobi’s clock, and sends it back the same', () => {
    const stored = promotion({
      type: 'sale_price',
      code: null,
      value: null,
      sale_price: 1500,
      quantity_cap: 50,
      applies_to: { product_ids: [4, 9], variant_ids: [31], categories: [], brands: [] },
      starts_at: '2026-11-27T09:00:00+03:00',
      ends_at: '2026-11-27T21:00:00+03:00',
    });
    const d = draftOf(stored);
    expect(d).toMatchObject({
      type: 'sale_price',
      saleBy: 'price',
      salePrice: '1500',
      productIds: '4, 9',
      variantIds: '31',
      startsAt: '2026-11-27T09:00',
      endsAt: '2026-11-27T21:00',
    });
    expect(bodyOf(d)).toEqual({
      body: expect.objectContaining({
        sale_price: 1500,
        quantity_cap: 50,
        starts_at: stored.starts_at,
        ends_at: stored.ends_at,
      }),
    });
  });

  it('puts a percentage sale and every county back as they were', () => {
    expect(draftOf(promotion({ type: 'sale_price', value: 20, sale_price: null }))).toMatchObject({
      saleBy: 'percent',
      salePercent: '20',
      percentOff: '',
    });
    expect(
      draftOf(promotion({ type: 'free_delivery', value: null, counties: null })),
    ).toMatchObject({ allCounties: true, deliveryOff: '' });
  });
});

describe('idsOf', () => {
  it('reads ids separated by commas or spaces, once each; anything else is not a list', () => {
    expect(idsOf('')).toEqual([]);
    expect(idsOf(' 4, 9  12,4 ')).toEqual([4, 9, 12]);
    expect(idsOf('4, 0')).toBeNull();
    expect(idsOf('4; 9')).toBeNull();
  });
});
