// Reading the CSV: lines counted as a spreadsheet shows them (a quoted line break moves the next
// row down), HTML reduced to text, and a product's rows grouped by Handle.
import { describe, expect, it } from 'vitest';
import { planImport } from './plan.ts';
import { safeTextFromHtml } from './safe-text.ts';

const HEADER =
  'Handle,Title,Body (HTML),Vendor,Type,Option1 Name,Option1 Value,Variant SKU,Variant Price';

describe('planImport', () => {
  it('reports the line a row starts on, after quoted CRLF line breaks and blank lines', () => {
    const csv = [
      HEADER,
      'mat,Mat,"<p>one</p>\r\n<p>two</p>\r\n<p>three</p>",Brand,Home,Title,Default Title,MAT-1,100.00',
      '',
      'rug,Rug,Body,Brand,Home,Title,Default Title,RUG-1,-5',
    ].join('\r\n');
    const plan = planImport(Buffer.from(csv));
    expect(plan.errors).toEqual([
      { line: 6, column: 'Variant Price', message: 'A price cannot be negative.' },
    ]);
    expect(plan.products.map((p) => [p.handle, p.line, p.fields?.description])).toEqual([
      ['mat', 2, 'one\ntwo\nthree'],
    ]);
  });

  it('groups rows by Handle even when they are apart, and keeps the option values in file order', () => {
    const csv = [
      HEADER,
      'tee,Tee,Cotton,Brand,Tops,Size,M,TEE-M,500',
      'cap,Cap,Cotton,Brand,Hats,Title,Default Title,CAP-1,300',
      'tee,,,,,,S,TEE-S,500',
    ].join('\n');
    const plan = planImport(Buffer.from(csv));
    expect(plan.errors).toEqual([]);
    const tee = plan.products.find((p) => p.handle === 'tee')!;
    expect(tee.optionNames).toEqual(['Size']);
    expect(tee.variants.map((v) => [v.line, v.values, v.sku])).toEqual([
      [2, ['M'], 'TEE-M'],
      [4, ['S'], 'TEE-S'],
    ]);
  });

  it('refuses a file without a Handle column, and one that is not CSV at all', () => {
    expect(planImport(Buffer.from('Name,Price\nMat,100')).errors).toEqual([
      {
        line: 1,
        column: 'Handle',
        message: "The file has no Handle column: is it Shopify's product CSV?",
      },
    ]);
    expect(planImport(Buffer.from('Handle,Title\n"open,quote')).errors[0]!.message).toMatch(
      /not valid CSV/,
    );
  });
});

describe('safeTextFromHtml', () => {
  it('keeps words and line breaks, never markup, scripts or styles', () => {
    expect(
      safeTextFromHtml(
        '<h2>Care</h2><ul><li>Hand wash</li><li>Dry flat</li></ul><style>p{}</style><script>steal()</script>' +
          '<img src=x onerror=alert(1)>5 &lt; 6 &amp; caf&#233; &#x263A;<br/>bye',
      ),
    ).toBe('Care\n• Hand wash\n• Dry flat\n\n5 < 6 & café ☺\nbye');
  });

  it('leaves no tag behind, even a broken one, and drops control characters', () => {
    expect(safeTextFromHtml('a <b>b</b> c <scr<script>ipt>x\u0007')).toBe('a b c ipt>x');
    expect(safeTextFromHtml('half <a href="')).toBe('half');
  });
});
