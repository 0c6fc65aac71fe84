// The promotions' payloads (issue 36): bad input refused at the right field, codes read one way.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  couponInputSchema,
  promotionInputSchema,
  promotionPatchSchema,
  promotionProblems,
} from './schemas.ts';
import { promotionRuleOf } from './rule-of-input.ts';

/** What the server answers in `fields`: the first message of each path. */
function fieldsOf(schema: z.ZodType, body: unknown): Record<string, string> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}

const base = { name: 'Black Friday', type: 'percent_off', value: 20 };

describe('a shopper’s code', () => {
  it('is trimmed and read in upper case', () => {
    expect(couponInputSchema.parse({ code: '  black-friday_25 ' })).toEqual({
      code: 'BLACK-FRIDAY_25',
    });
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['2,000 characters', 'A'.repeat(2000)],
    ['41 characters', 'A'.repeat(41)],
    ['a control character', 'SAVE\u000010'],
    ['a line break', 'SAVE10\n'],
    ['a space inside', 'SAVE 10'],
    ["another shop's syntax", '{{coupon_code}}'],
    ['a letter outside ASCII', 'ıNDIRIM'],
    ['not text', 12345],
  ])('%s is not a code', (_, code) => {
    expect(fieldsOf(couponInputSchema, { code })).toEqual({ code: 'This code is not valid.' });
  });
});

describe('POST /api/admin/promotions', () => {
  it('takes each kind with what it needs, amounts in shillings', () => {
    const ok = [
      { ...base, code: 'bf25', applies_to: { categories: ['mens-shoes'] }, min_order: 2000 },
      {
        name: 'Ksh 500 off',
        type: 'amount_off',
        value: 500,
        usage_limit: 100,
        per_customer_limit: 1,
      },
      {
        name: 'Free delivery in Nairobi',
        type: 'free_delivery',
        counties: ['Nairobi'],
        min_order: 2500,
      },
      { name: 'Cheaper delivery', type: 'free_delivery', value: 100 },
      { name: '2 + 1', type: 'buy_x_get_y', buy_quantity: 2, get_quantity: 1 },
      {
        name: 'Flash',
        type: 'sale_price',
        sale_price: 799,
        applies_to: { product_ids: [1] },
        quantity_cap: 50,
      },
      { name: 'Flash %', type: 'sale_price', value: 12.5, applies_to: { variant_ids: [3] } },
    ];
    for (const body of ok) expect(fieldsOf(promotionInputSchema, body)).toEqual({});
    const parsed = promotionInputSchema.parse({
      ...ok[2],
      starts_at: '2026-11-27T00:00:00+03:00',
      ends_at: '2026-11-28T00:00:00+03:00',
    });
    expect(parsed).toMatchObject({
      counties: ['047'],
      first_order_only: false,
      exclusive: false,
      combinable: false,
    });
    expect(parsed.starts_at?.toISOString()).toBe('2026-11-26T21:00:00.000Z');
  });

  it.each([
    ['a percentage above 100', { value: 101 }, 'value'],
    ['a percentage of 0', { value: 0 }, 'value'],
    ['a negative percentage', { value: -5 }, 'value'],
    ['a percentage finer than hundredths', { value: 12.345 }, 'value'],
    ['no percentage', { value: undefined }, 'value'],
    ['an unknown type', { type: 'bogo' }, 'type'],
    ['an empty name', { name: ' ' }, 'name'],
    ['a bad code', { code: 'SAVE 10' }, 'code'],
    ['a time without its offset', { starts_at: '2026-11-27T09:00:00' }, 'starts_at'],
    [
      'a bad start beside a good end',
      { starts_at: 'soon', ends_at: '2026-11-27T09:00:00Z' },
      'starts_at',
    ],
    ['a date that is not', { ends_at: '2026-02-30T09:00:00+03:00' }, 'ends_at'],
    ['a negative minimum', { min_order: -1 }, 'min_order'],
    ['an absurd minimum', { min_order: 1e12 }, 'min_order'],
    ['a usage limit of 0', { usage_limit: 0 }, 'usage_limit'],
    [
      'an unknown county',
      { type: 'free_delivery', value: undefined, counties: ['Atlantis'] },
      'counties.0',
    ],
    [
      'a category that cannot be one',
      { applies_to: { categories: ['Mens Shoes!'] } },
      'applies_to.categories.0',
    ],
    ['a product id of 0', { applies_to: { product_ids: [0] } }, 'applies_to.product_ids.0'],
    ['an unknown field', { colour: 'red' }, '_'],
  ])('refuses %s at its field', (_, change, field) => {
    const fields = fieldsOf(promotionInputSchema, { ...base, ...change });
    expect(Object.keys(fields)).toEqual([field]);
  });

  it('refuses an end before (or at) its start, at ends_at', () => {
    const body = {
      ...base,
      starts_at: '2026-11-27T09:00:00+03:00',
      ends_at: '2026-11-27T06:00:00Z',
    };
    expect(fieldsOf(promotionInputSchema, body)).toEqual({
      ends_at: 'The end must be after the start.',
    });
  });

  it('refuses negative, fractional or absurd amounts', () => {
    for (const value of [-500, 0, 10.5, 20_000_001, 1e15]) {
      expect(fieldsOf(promotionInputSchema, { name: 'x', type: 'amount_off', value })).toEqual({
        value: 'Enter a whole number of shillings from Ksh 1 to Ksh 20,000,000.',
      });
    }
    expect(
      fieldsOf(promotionInputSchema, { name: 'x', type: 'free_delivery', value: 100_001 }),
    ).toEqual({ value: 'Enter a whole number of shillings from Ksh 1 to Ksh 100,000.' });
  });

  it('asks a buy X get Y for its quantities, a sale for its price and its products', () => {
    const bogo = { name: 'x', type: 'buy_x_get_y', buy_quantity: 2, get_quantity: 1 };
    expect(fieldsOf(promotionInputSchema, { ...bogo, get_percent: 150 })).toEqual({
      get_percent: 'Enter a percentage from 0.01 to 100, with at most two decimals.',
    });
    expect(fieldsOf(promotionInputSchema, { name: 'x', type: 'buy_x_get_y' })).toEqual({
      buy_quantity: 'Enter how many the shopper buys.',
      get_quantity: 'Enter how many the shopper gets.',
    });
    expect(fieldsOf(promotionInputSchema, { name: 'x', type: 'sale_price' })).toEqual({
      sale_price: 'Enter a sale price or a percentage off.',
      applies_to: 'Choose the products or variants on sale.',
    });
    expect(
      fieldsOf(promotionInputSchema, {
        name: 'x',
        type: 'sale_price',
        sale_price: 100,
        value: 10,
        code: 'SALE',
        applies_to: { categories: ['shoes'] },
      }),
    ).toEqual({
      value: 'Enter a sale price or a percentage off, not both.',
      applies_to: 'A sale is for chosen products or variants only.',
      code: 'A sale is for everyone: leave the code empty.',
    });
  });

  it('refuses what its type does not use, and exclusive with combinable', () => {
    expect(
      fieldsOf(promotionInputSchema, {
        ...base,
        counties: ['047'],
        buy_quantity: 2,
        exclusive: true,
        combinable: true,
      }),
    ).toEqual({
      counties: 'Not used by this kind of promotion.',
      buy_quantity: 'Not used by this kind of promotion.',
      combinable: 'An exclusive promotion does not combine with others.',
    });
  });
});

describe('any body', () => {
  const FIELDS = [
    'name',
    'code',
    'type',
    'value',
    'applies_to',
    'counties',
    'buy_quantity',
    'get_quantity',
    'get_percent',
    'sale_price',
    'quantity_cap',
    'min_order',
    'starts_at',
    'ends_at',
    'usage_limit',
    'per_customer_limit',
    'first_order_only',
    'exclusive',
    'combinable',
  ];
  const value = fc.oneof(
    fc.anything(),
    fc.constantFrom('percent_off', 'sale_price', 'buy_x_get_y', '2026-11-27T09:00:00Z', 'bad'),
    fc.integer({ min: -5, max: 200 }),
    fc.record({ categories: fc.anything(), product_ids: fc.anything() }, { requiredKeys: [] }),
  );
  const body = fc.dictionary(fc.constantFrom(...FIELDS), value);

  it('is answered with fields, never an exception (a 400, never a 5xx)', () => {
    fc.assert(
      fc.property(body, (b) => {
        expect(() => promotionInputSchema.safeParse(b)).not.toThrow();
        expect(() => promotionPatchSchema.safeParse(b)).not.toThrow();
        expect(() => couponInputSchema.safeParse({ code: b.code })).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

describe('PATCH /api/admin/promotions/{id}', () => {
  it('takes any part, null clearing a field, and what GET gives back', () => {
    expect(promotionPatchSchema.parse({ ends_at: null, id: 4, uses: 12, revenue: 5 })).toEqual({
      ends_at: null,
    });
    expect(fieldsOf(promotionPatchSchema, {})).toEqual({ _: 'Nothing to change.' });
    expect(
      fieldsOf(promotionPatchSchema, {
        starts_at: '2026-11-28T00:00:00+03:00',
        ends_at: '2026-11-27T00:00:00+03:00',
      }),
    ).toEqual({ ends_at: 'The end must be after the start.' });
  });

  it('the promotion as it would be is checked whole with promotionProblems', () => {
    const stored = promotionInputSchema.parse(base);
    const patch = promotionPatchSchema.parse({ value: 150 });
    expect(promotionProblems({ ...stored, ...patch })).toEqual([
      {
        path: ['value'],
        message: 'Enter a percentage from 0.01 to 100, with at most two decimals.',
      },
    ]);
  });
});

describe('promotionRuleOf', () => {
  it('reads a stored promotion in cents, with what is left of its limits', () => {
    const flash = promotionInputSchema.parse({
      name: 'Flash',
      type: 'sale_price',
      value: 12.5,
      applies_to: { product_ids: [1] },
      quantity_cap: 50,
      usage_limit: 100,
      per_customer_limit: 2,
      min_order: 1500,
    });
    expect(promotionRuleOf(7, flash, { uses: 40, customerUses: 2, saleUnits: 60 })).toMatchObject({
      id: 7,
      type: 'sale_price',
      salePriceCents: null,
      percentBp: 1250,
      capLeft: 0,
      usesLeft: 60,
      customerUsesLeft: 0,
      minOrderCents: 150_000,
      appliesTo: { productIds: [1], variantIds: [], categories: [], brands: [] },
    });
    const delivery = promotionInputSchema.parse({
      name: 'Ship',
      type: 'free_delivery',
      code: 'ship',
    });
    expect(promotionRuleOf(8, delivery)).toMatchObject({
      code: 'SHIP',
      amountCents: null,
      counties: null,
      usesLeft: null,
      appliesTo: null,
    });
    const bogo = promotionInputSchema.parse({
      name: '1+1',
      type: 'buy_x_get_y',
      buy_quantity: 1,
      get_quantity: 1,
    });
    expect(promotionRuleOf(9, bogo)).toMatchObject({
      buyQuantity: 1,
      getQuantity: 1,
      getPercentBp: 10_000,
    });
  });
});
