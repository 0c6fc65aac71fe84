import { describe, expect, it } from 'vitest';
import { maxQuantity, quantityCapMessage } from './quantity-cap.ts';

describe('quantity cap', () => {
  it('says the cap it was given', () => {
    expect(quantityCapMessage(10)).toBe('You can buy at most 10 of this item per order.');
    expect(quantityCapMessage(3)).toBe('You can buy at most 3 of this item per order.');
  });

  it('lets a line grow to the stock or the cap, whichever is lower', () => {
    expect(maxQuantity(500, 10)).toBe(10);
    expect(maxQuantity(4, 10)).toBe(4);
    expect(maxQuantity(10, 10)).toBe(10);
    expect(maxQuantity(0, 10)).toBe(0);
    expect(maxQuantity(-2, 10)).toBe(0);
  });
});
