import { describe, expect, it } from 'vitest';
import { linesOf, parseLines } from './search-synonyms-api.ts';

describe('search words written one per line', () => {
  it('reads a word, a colon and its meanings; skips blank lines and # notes', () => {
    expect(parseLines('viatu: shoe\n\n# phones\nsimu : phone,  smartphone ,\n')).toEqual({
      synonyms: [
        { term: 'viatu', words: ['shoe'] },
        { term: 'simu', words: ['phone', 'smartphone'] },
      ],
    });
  });

  it('names the first line it cannot read, and why', () => {
    expect(parseLines('viatu: shoe\nkitanda bed')).toEqual({
      line: 2,
      error: 'Write the word, a colon, then what it means, e.g. viatu: shoe',
    });
    expect(parseLines('meza:')).toMatchObject({ line: 1 });
    expect(parseLines('viatu: shoe\nViatu: boot')).toEqual({
      line: 2,
      error: "'Viatu' is already on line 1",
    });
    expect(parseLines(`${'x'.repeat(41)}: y`)).toMatchObject({ line: 1 });
  });

  it('writes what it reads', () => {
    const text = 'viatu: shoe\nsimu: phone, smartphone';
    const parsed = parseLines(text);
    expect('synonyms' in parsed && linesOf(parsed.synonyms)).toBe(text);
  });
});
