import { describe, expect, it } from 'vitest';
import { combinationsOf, optionsOf, variantsOf } from './new-variants.tsx';

describe('the variants of a new product', () => {
  it('makes every combination, in the options’ order', () => {
    expect(combinationsOf([{ values: ['38', '39'] }, { values: ['Black', 'Red'] }])).toEqual([
      ['38', 'Black'],
      ['38', 'Red'],
      ['39', 'Black'],
      ['39', 'Red'],
    ]);
    expect(combinationsOf([])).toEqual([]);
  });

  it('reads values typed with commas, each once, and leaves out an empty option', () => {
    expect(
      optionsOf({
        options: [
          { name: ' Size ', values: '38, 39,, 38 ' },
          { name: '', values: '' },
        ],
        rows: {},
      }),
    ).toEqual([{ name: 'Size', values: ['38', '39'] }]);
  });

  it('sends the sold rows with their own SKU, price in cents and stock, and only values sold', () => {
    const sent = variantsOf({
      options: [{ name: 'Size', values: '38, 39, 40' }],
      rows: {
        '38': { sell: true, sku: ' KAZ-38 ', price: '2600', stock: '3' },
        '40': { sell: false, sku: '', price: '', stock: '9' },
      },
    });
    expect(sent.options).toEqual([{ name: 'Size', values: ['38', '39'] }]);
    expect(sent.keys).toEqual(['38', '39']);
    expect(sent.variants).toEqual([
      { options: { Size: '38' }, sku: 'KAZ-38', price: 260_000, stock: 3 },
      { options: { Size: '39' }, stock: 0 },
    ]);
  });
});

describe('giving a product options after its stock was typed (issue 33)', () => {
  const options = [{ name: 'Size', values: '38, 39' }];

  it('gives the typed stock to the first combination, the others none', () => {
    const sent = variantsOf({ options, rows: {}, carriedStock: '5' });
    expect(sent.variants).toEqual([
      { options: { Size: '38' }, stock: 5 },
      { options: { Size: '39' }, stock: 0 },
    ]);
  });

  it('keeps what is typed in the first row over the carried stock', () => {
    const sent = variantsOf({
      options,
      rows: { '38': { sell: true, sku: '', price: '', stock: '2' } },
      carriedStock: '5',
    });
    expect(sent.variants.map((v) => v.stock)).toEqual([2, 0]);
  });
});
