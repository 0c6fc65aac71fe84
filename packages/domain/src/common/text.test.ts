import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CONTROL_CHARACTER_MESSAGE as CONTROL,
  findInvalidText,
  hasControlCharacter,
  MALFORMED_TEXT_MESSAGE as MALFORMED,
  textProblem,
} from './text.ts';

const code = (n: number) => String.fromCharCode(n);
const refused = [
  ...Array.from({ length: 9 }, (_, n) => n), // U+0000–U+0008
  0x0b,
  0x0c,
  ...Array.from({ length: 0x20 - 0x0e }, (_, n) => 0x0e + n), // U+000E–U+001F
  0x7f,
];

describe('hasControlCharacter', () => {
  it('refuses NUL, the other C0 controls but TAB, LF and CR, and DEL', () => {
    for (const n of refused) expect(hasControlCharacter(`a${code(n)}b`), `U+${n}`).toBe(true);
  });

  it('keeps TAB, LF, CR, printable text and the rest of Unicode', () => {
    for (const text of ['line one\nline two\r\n\tindented', 'Wanjiru Kamau', 'Ksh 1,299 ✓ 🇰🇪']) {
      expect(hasControlCharacter(text), JSON.stringify(text)).toBe(false);
    }
    // Only 33 of the 65,536 code units are refused.
    let allowed = 0;
    for (let n = 0; n <= 0xffff; n++) if (!hasControlCharacter(code(n))) allowed++;
    expect(allowed).toBe(0x10000 - refused.length);
  });
});

describe('textProblem', () => {
  it('names control characters first, then half surrogate pairs', () => {
    expect(textProblem('Nai\u0000robi')).toBe(CONTROL);
    expect(textProblem('\ud800\u0000')).toBe(CONTROL);
    expect(textProblem('é\udfff')).toBe(MALFORMED);
    expect(textProblem('\ud83d')).toBe(MALFORMED);
    expect(textProblem('a\udc00b')).toBe(MALFORMED);
  });

  it('accepts whole surrogate pairs (emoji, flags) and multi-line text', () => {
    for (const text of ['🇰🇪 Nairobi', '😀', 'Habari,\r\nasante\tsana', ''])
      expect(textProblem(text), JSON.stringify(text)).toBeUndefined();
  });
});

describe('findInvalidText', () => {
  it('answers the path of the first bad string and what is wrong with it', () => {
    expect(findInvalidText({ name: 'ok', city: 'Nai\u0000robi' })).toEqual({
      path: ['city'],
      message: CONTROL,
    });
    expect(findInvalidText({ tags: ['a', 'b\ud800'], title: '\u007f' })).toEqual({
      path: ['tags', 1],
      message: MALFORMED,
    });
    expect(findInvalidText({ a: { b: [{ c: 'x\u0001' }] } })?.path).toEqual(['a', 'b', 0, 'c']);
    expect(findInvalidText('\u0000')).toEqual({ path: [], message: CONTROL });
  });

  it('finds nothing in clean values, numbers, booleans, null or keys', () => {
    for (const value of [
      { message: 'Hello,\nI would like\tto order.' },
      [1, true, null, 2.5],
      'plain',
      42,
      null,
      undefined,
      { 'key\u0000': 'value' },
    ]) {
      expect(findInvalidText(value), JSON.stringify(value)).toBeUndefined();
    }
  });

  it('walks objects of any prototype, as query-string and route parsers make them', () => {
    const query = Object.assign(Object.create(null) as Record<string, unknown>, {
      q: ['fine', 'x\u0000'],
    });
    expect(findInvalidText(query)?.path).toEqual(['q', 1]);
    function Params() {}
    Params.prototype = Object.create(null);
    const params = Object.assign(new (Params as unknown as new () => object)(), { id: '\u0000' });
    expect(findInvalidText(params)?.path).toEqual(['id']);
  });

  it('skips binary data and stops at cycles', () => {
    expect(findInvalidText(new Uint8Array([0, 7]))).toBeUndefined();
    const loop: Record<string, unknown> = { name: 'ok' };
    loop.self = loop;
    expect(findInvalidText(loop)).toBeUndefined();
    loop.tail = '\u0007';
    expect(findInvalidText(loop)?.path).toEqual(['tail']);
  });

  it('survives nesting far deeper than the call stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findInvalidText(deep)?.path).toHaveLength(200_000);
  });

  it('agrees with a plain scan of every string in a JSON value', () => {
    // Strings drawn from a few letters and the characters at the edges of the rule.
    const unit = fc.constantFrom(
      'a',
      'é',
      ' ',
      '\t',
      '\n',
      '\r',
      '\u0000',
      '\u001f',
      '\u007f',
      '\ud800',
      '😀',
    );
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: unit }), (value) => {
        const strings: string[] = [];
        JSON.stringify(value, (_key, v: unknown) => {
          if (typeof v === 'string') strings.push(v);
          return v;
        });
        const found = findInvalidText(value);
        expect(found?.message).toBe(strings.map(textProblem).find((m) => m !== undefined));
      }),
      { numRuns: 500 },
    );
  });
});
