// PayPal does not settle in Kenyan shillings, so a charge in KES cents is converted into a
// settlement currency with two decimals (USD, EUR, ...). The arithmetic is exact: the rate is taken
// as the decimal it was configured as (129.35 is 12935/100), never as a binary fraction.

const MINOR_PER_UNIT = 100;
const DECIMAL_NUMBER = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;
const AMOUNT_STRING = /^(\d+)(?:\.(\d{1,2}))?$/;

interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

/** The exact value of the shortest decimal a number prints as: 129.35 → 12935/100. */
function decimalFraction(value: number): Fraction {
  const match = DECIMAL_NUMBER.exec(String(value));
  if (!match) throw new RangeError(`not a plain positive decimal: ${value}`);
  const fraction = match[2] ?? '';
  const digits = BigInt(`${match[1] ?? '0'}${fraction}`);
  const exponent = Number(match[3] ?? '0') - fraction.length;
  return exponent >= 0
    ? { numerator: digits * 10n ** BigInt(exponent), denominator: 1n }
    : { numerator: digits, denominator: 10n ** BigInt(-exponent) };
}

/**
 * Converts KES cents into minor units of a two-decimal currency worth `kesPerUnit` shillings,
 * rounding half up. Both sides count hundredths, so the result is amountCents / kesPerUnit.
 * A positive amount never becomes 0: nobody can be charged nothing for goods (PayPal refuses a
 * zero amount anyway), so anything below one minor unit is charged as one.
 */
export function convertKesCents(amountCents: number, kesPerUnit: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError(`amount must be a non-negative integer of cents, got ${amountCents}`);
  }
  if (!Number.isFinite(kesPerUnit) || kesPerUnit <= 0) {
    throw new RangeError(`exchange rate must be a positive number, got ${kesPerUnit}`);
  }
  if (amountCents === 0) return 0;
  const rate = decimalFraction(kesPerUnit);
  // amountCents / (numerator / denominator), rounded half up: floor((2n + d) / 2d).
  const dividend = BigInt(amountCents) * rate.denominator;
  const rounded = (2n * dividend + rate.numerator) / (2n * rate.numerator);
  const minor = Number(rounded > 0n ? rounded : 1n);
  if (!Number.isSafeInteger(minor)) {
    throw new RangeError(`converted amount is too large: ${amountCents} cents at ${kesPerUnit}`);
  }
  return minor;
}

/** Minor units as the decimal string PayPal's `value` fields take: 1234 → '12.34'. */
export function formatMinor(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) {
    throw new RangeError(`amount must be a non-negative integer of minor units, got ${minor}`);
  }
  const cents = minor % MINOR_PER_UNIT;
  const units = (minor - cents) / MINOR_PER_UNIT;
  return `${units}.${String(cents).padStart(2, '0')}`;
}

/** The inverse of formatMinor, also accepting '12' and '12.3'; null for anything else. */
export function parseMinor(value: string): number | null {
  const match = AMOUNT_STRING.exec(value);
  if (!match) return null;
  const minor = Number(match[1] ?? '0') * MINOR_PER_UNIT + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}
