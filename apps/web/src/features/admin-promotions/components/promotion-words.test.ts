// How the Promotions list says what each promotion gives, on which terms, when and whether it runs.
import { describe, expect, it } from 'vitest';
import { promotion } from './promotion-fixture.ts';
import { offerWords, statusOf, termsWords, usesWords, whenWords } from './promotion-words.ts';

describe('offerWords', () => {
  it('says what each kind gives', () => {
    expect(offerWords(promotion({ type: 'percent_off', value: 12.5 }))).toBe('12.5% off');
    expect(offerWords(promotion({ type: 'amount_off', value: 500 }))).toBe('Ksh 500 off');
    expect(offerWords(promotion({ type: 'free_delivery', value: null }))).toBe('Free delivery');
    expect(offerWords(promotion({ type: 'free_delivery', value: 150 }))).toBe(
      'Ksh 150 off delivery',
    );
    const deal = { type: 'buy_x_get_y' as const, value: null, buy_quantity: 2, get_quantity: 1 };
    expect(offerWords(promotion({ ...deal, get_percent: 100 }))).toBe('Buy 2 get 1 free');
    expect(offerWords(promotion({ ...deal, get_percent: 50 }))).toBe('Buy 2 get 1 at 50% off');
    expect(offerWords(promotion({ type: 'sale_price', value: null, sale_price: 1500 }))).toBe(
      'Sale price Ksh 1,500',
    );
    expect(offerWords(promotion({ type: 'sale_price', value: 20, sale_price: null }))).toBe(
      'Sale: 20% off',
    );
  });
});

describe('termsWords', () => {
  it('names what it is for and its conditions, and nothing for a plain one', () => {
    expect(termsWords(promotion())).toEqual([]);
    expect(
      termsWords(
        promotion({
          applies_to: { product_ids: [4, 9], variant_ids: [], categories: ['laptops'], brands: [] },
          min_order: 2000,
          first_order_only: true,
          per_customer_limit: 1,
          exclusive: true,
        }),
      ),
    ).toEqual([
      'On 2 products, 1 category',
      'Orders of Ksh 2,000 or more',
      'First order only',
      '1 per customer',
      'Exclusive',
    ]);
  });

  it('names a few counties, and counts many', () => {
    const delivery = { type: 'free_delivery' as const, value: null };
    expect(termsWords(promotion({ ...delivery, counties: ['047', '001'] }))).toEqual([
      'In Nairobi City, Mombasa',
    ]);
    expect(termsWords(promotion({ ...delivery, counties: ['001', '002', '003', '047'] }))).toEqual([
      'In 4 counties',
    ]);
  });

  it('says a flash sale’s cap', () => {
    expect(
      termsWords(
        promotion({
          type: 'sale_price',
          sale_price: 900,
          value: null,
          quantity_cap: 50,
          applies_to: { product_ids: [3], variant_ids: [], categories: [], brands: [] },
        }),
      ),
    ).toEqual(['On 1 product', 'First 50 units']);
  });
});

describe('whenWords', () => {
  it('writes the dates on Nairobi’s clock', () => {
    expect(whenWords({ starts_at: '2026-11-27T06:00:00Z', ends_at: '2026-11-30T20:59:00Z' })).toBe(
      '27 Nov 2026, 09:00 – 30 Nov 2026, 23:59',
    );
    expect(whenWords({ starts_at: '2026-11-27T09:00:00+03:00', ends_at: null })).toBe(
      'From 27 Nov 2026, 09:00',
    );
    expect(whenWords({ starts_at: null, ends_at: '2026-12-01T00:00:00+03:00' })).toBe(
      'Until 1 Dec 2026, 00:00',
    );
    expect(whenWords({ starts_at: null, ends_at: null })).toBe('No end date');
  });
});

describe('statusOf', () => {
  const now = new Date('2026-11-28T12:00:00+03:00');
  const at = (
    starts_at: string | null,
    ends_at: string | null,
    uses = 0,
    usage_limit = null as number | null,
  ) => statusOf({ starts_at, ends_at, uses, usage_limit }, now);

  it('is Scheduled before its start, Live from it, Ended from its end', () => {
    expect(at('2026-11-28T12:00:01+03:00', null)).toBe('Scheduled');
    expect(at('2026-11-28T12:00:00+03:00', null)).toBe('Live');
    expect(at(null, '2026-11-28T12:00:01+03:00')).toBe('Live');
    expect(at(null, '2026-11-28T12:00:00+03:00')).toBe('Ended');
    expect(at(null, null)).toBe('Live');
  });

  it('is Used up once its uses reach the limit, but Ended first when it has ended', () => {
    expect(at(null, null, 99, 100)).toBe('Live');
    expect(at(null, null, 100, 100)).toBe('Used up');
    expect(at(null, '2026-11-01T00:00:00+03:00', 100, 100)).toBe('Ended');
  });
});

describe('usesWords', () => {
  it('counts uses against the limit when there is one', () => {
    expect(usesWords({ uses: 3, usage_limit: 100 })).toBe('3 of 100');
    expect(usesWords({ uses: 3, usage_limit: null })).toBe('3');
  });
});
