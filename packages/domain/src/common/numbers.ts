// Numbers as Kenya writes them (1,234,567.5), put together by hand rather than by Intl: a page's
// first use of Intl starts ICU, 50–190 ms of a phone's main thread (measured in Chromium,
// docs/benchmarks.md, issue 38), and the same text on the server and in every browser.

/** '1234567' → '1,234,567'. */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** 1234567 → '1,234,567'; a fraction keeps up to three digits (as Intl's default: 2.5, 0.125). */
export function groupThousands(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const [whole, fraction] = Math.abs(value).toFixed(3).split('.') as [string, string];
  const kept = fraction.replace(/0+$/, '');
  const text = kept ? `${grouped(whole)}.${kept}` : grouped(whole);
  return text === '0' ? '0' : sign + text;
}

/** 1234.5 → '1,234.50': exactly two decimals (cents). */
export function groupThousandsFixed2(value: number): string {
  const sign = value < 0 ? '-' : '';
  const [whole, fraction] = Math.abs(value).toFixed(2).split('.') as [string, string];
  const text = `${grouped(whole)}.${fraction}`;
  return text === '0.00' ? text : sign + text;
}
