import { describe, expect, it } from 'vitest';
import { BUILT_IN_SYNONYMS } from './built-in-synonyms.ts';
import fc from 'fast-check';
import { editDistance } from './edit-distance.ts';
import { categoryKeys, correct, interpret, type Vocabulary } from './interpret.ts';
import { synonymMap } from './synonyms.ts';
import { singular, wordsOf } from './words.ts';

let nextId = 0;
const category = (slug: string, name: string) => ({
  id: ++nextId,
  slug,
  name,
  keys: categoryKeys(name, slug),
});
const vocabulary: Vocabulary = {
  categories: [
    category('laptops', 'Laptops'),
    category('mens-shoes', "Men's Shoes"),
    category('womens-shoes', "Women's Shoes"),
    category('mens-shirts', "Men's Shirts"),
    category('solar-power', 'Solar & Power'),
  ],
  brands: [
    { name: 'Samsung', words: ['samsung'] },
    { name: 'Mti Mzuri', words: ['mti', 'mzuri'] },
  ],
  words: new Map([
    ['kiondo', 3],
    ['sofa', 40],
    ['soap', 9],
    ['samsung', 1e9],
    ['laptop', 1e9],
    ['lamp', 12],
  ]),
};
const synonyms = synonymMap(BUILT_IN_SYNONYMS);

describe('words', () => {
  it('folds plurals and possessives to one form', () => {
    expect(
      ['laptops', 'dresses', 'batteries', 'boxes', 'glass', 'dress', 'men', 'mens'].map(singular),
    ).toEqual(['laptop', 'dress', 'battery', 'box', 'glass', 'dress', 'man', 'man']);
    expect(wordsOf("Men's  Shoés, size-42")).toEqual(['mens', 'shoes', 'size', '42']);
  });

  it('counts a missing, added, changed or swapped letter as one edit', () => {
    expect(editDistance('kiondu', 'kiondo', 2)).toBe(1);
    expect(editDistance('samsng', 'samsung', 2)).toBe(1);
    expect(editDistance('sofaa', 'sofa', 2)).toBe(1);
    expect(editDistance('lpatop', 'laptop', 2)).toBe(1);
    expect(editDistance('kettle', 'sofa', 2)).toBe(3); // beyond the bound: bound + 1
  });

  it("measures as the textbook's table does, whatever the words and in any order", () => {
    // The rows are reused from call to call: a long word after short ones must not see old rows.
    const textbook = (a: string, b: string) => {
      const d = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
          const cost = a[i - 1] === b[j - 1] ? 0 : 1;
          d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
            d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
          }
        }
      }
      return d[a.length]![b.length]!;
    };
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 40 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
        // Within the bound, the distance; beyond it, anything beyond it.
        const [found, exact] = [editDistance(a, b, max), textbook(a, b)];
        if (exact <= max) expect(found).toBe(exact);
        else expect(found).toBeGreaterThan(max);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('what a query names', () => {
  it('finds a category by its singular or plural', () => {
    for (const q of ['laptop', 'Laptops', 'LAPTOP'])
      expect(interpret(q, vocabulary, synonyms)).toEqual({
        categories: ['laptops'],
        brands: [],
        rest: [],
      });
  });

  it('prefers the category sharing the most words, and keeps both when they tie', () => {
    expect(interpret("men's shoes", vocabulary, synonyms)?.categories).toEqual(['mens-shoes']);
    expect(interpret('shoes for men', vocabulary, synonyms)).toEqual({
      categories: ['mens-shoes'],
      brands: [],
      rest: [],
    });
    expect(interpret('shoes', vocabulary, synonyms)?.categories).toEqual([
      'mens-shoes',
      'womens-shoes',
    ]);
  });

  it('finds brands by every word of their name, and leaves the other words to the title', () => {
    expect(interpret('samsung tv', vocabulary, synonyms)).toEqual({
      categories: [],
      brands: ['Samsung'],
      rest: [['tv']],
    });
    expect(interpret('mti chair', vocabulary, synonyms)).toBeUndefined();
    expect(interpret('mzuri mti', vocabulary, synonyms)?.brands).toEqual(['Mti Mzuri']);
  });

  it('reads Swahili and English synonyms', () => {
    expect(interpret('viatu', vocabulary, synonyms)?.categories).toEqual([
      'mens-shoes',
      'womens-shoes',
    ]);
    expect(interpret('kitanda', vocabulary, synonyms)).toEqual({
      categories: [],
      brands: [],
      rest: [['kitanda', 'bed']],
    });
    expect(interpret('couch', vocabulary, synonyms)?.rest).toEqual([['couch', 'sofa']]);
  });

  it('takes a synonym of several words as one, before its own words', () => {
    const withPhrase = synonymMap([
      ...BUILT_IN_SYNONYMS,
      { term: 'kiti cha starehe', words: ['armchair', 'recliner'] },
    ]);
    expect(interpret('kiti cha starehe', vocabulary, withPhrase)?.rest).toEqual([
      ['armchair', 'recliner'],
    ]);
    expect(interpret('kiti', vocabulary, withPhrase)?.rest).toEqual([['kiti', 'chair']]);
    expect(correct('kiti cha starehe', vocabulary, withPhrase)).toBeUndefined();
  });

  it('names nothing for plain title words', () => {
    expect(interpret('mahogany table', vocabulary, synonyms)).toBeUndefined();
    expect(interpret('%_\\', vocabulary, synonyms)).toBeUndefined();
  });
});

describe('typos', () => {
  it('replaces unknown words by the closest known one', () => {
    expect(correct('kiondu', vocabulary, synonyms)).toBe('kiondo');
    expect(correct('samsng', vocabulary, synonyms)).toBe('samsung');
    expect(correct('sofaa', vocabulary, synonyms)).toBe('sofa');
    expect(correct('viatuu', vocabulary, synonyms)).toBe('viatu');
    expect(correct('lpatops', vocabulary, synonyms)).toBe('laptop');
  });

  it('leaves known words, numbers and short words alone, and says when nothing changed', () => {
    expect(correct('sofa 42', vocabulary, synonyms)).toBeUndefined();
    expect(correct('zzzzzz', vocabulary, synonyms)).toBeUndefined();
    expect(correct('ab', vocabulary, synonyms)).toBeUndefined();
  });

  it('allows one edit in short words and two in longer ones', () => {
    expect(correct('lmap', vocabulary, synonyms)).toBe('lamp');
    expect(correct('smap', vocabulary, synonyms)).toBe('soap'); // one edit: soap, not samsung
    expect(correct('xyfa', vocabulary, synonyms)).toBeUndefined(); // two edits from sofa
  });
});
