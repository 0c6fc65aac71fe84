import { describe, expect, it } from 'vitest';
import type { Product, ProductVariant } from './schemas.ts';
import {
  choiceFromVariantId,
  chosenVariant,
  isValueAvailable,
  missingOption,
  pick,
} from './variant-choice.ts';

const variant = (id: number, size: string, colour: string, stock: number): ProductVariant => ({
  id,
  sku: `S-${id}`,
  title: `${size} / ${colour}`,
  options: { Size: size, Colour: colour },
  price: 100_000,
  discountPercentage: 0,
  stock,
});

// 42 / White is not sold; 41 / White is sold out; 43 is sold out in every colour.
const shoe: Pick<Product, 'options' | 'variants'> = {
  options: [
    { name: 'Size', values: ['41', '42', '43'] },
    { name: 'Colour', values: ['Black', 'White'] },
  ],
  variants: [
    variant(1, '41', 'Black', 2),
    variant(2, '41', 'White', 0),
    variant(3, '42', 'Black', 1),
    variant(4, '43', 'Black', 0),
  ],
};

describe('choosing a variant', () => {
  it('opens on the variant a link names, or on nothing chosen', () => {
    expect(choiceFromVariantId(shoe, 3)).toEqual({ Size: '42', Colour: 'Black' });
    expect(choiceFromVariantId(shoe, 99)).toEqual({});
    expect(choiceFromVariantId(shoe, null)).toEqual({});
  });

  it('names the variant only once every option is chosen, and says which is missing', () => {
    expect(chosenVariant(shoe, { Size: '41' })).toBeUndefined();
    expect(missingOption(shoe, {})).toBe('Size');
    expect(missingOption(shoe, { Size: '41' })).toBe('Colour');
    expect(chosenVariant(shoe, { Size: '41', Colour: 'Black' })?.id).toBe(1);
    expect(missingOption(shoe, { Size: '41', Colour: 'Black' })).toBeUndefined();
    const plain = { options: [], variants: [variant(9, '', '', 3)] };
    expect(chosenVariant(plain, {})?.id).toBe(9);
    expect(missingOption(plain, {})).toBeUndefined();
  });

  it('marks sold-out values: a size with nothing in stock, a colour sold out in the chosen size', () => {
    expect(isValueAvailable(shoe, {}, 'Size', '43')).toBe(false);
    expect(isValueAvailable(shoe, {}, 'Size', '41')).toBe(true);
    expect(isValueAvailable(shoe, { Size: '41' }, 'Colour', 'White')).toBe(false);
    expect(isValueAvailable(shoe, { Size: '41' }, 'Colour', 'Black')).toBe(true);
    expect(isValueAvailable(shoe, { Size: '42' }, 'Colour', 'White')).toBe(false);
  });

  it('keeps a later choice only while it is still in stock with the new one', () => {
    const black41 = { Size: '41', Colour: 'Black' };
    expect(pick(shoe, black41, 'Size', '42')).toEqual({ Size: '42', Colour: 'Black' });
    expect(pick(shoe, { Size: '41', Colour: 'White' }, 'Size', '42')).toEqual({ Size: '42' });
    expect(pick(shoe, black41, 'Colour', 'White')).toEqual({ Size: '41', Colour: 'White' });
  });
});
