// A coupon code as the shop keeps it (issue 36): 1 to 40 letters, digits, dashes or underscores,
// compared without regard to case, so it is kept in upper case. Free of zod: the engine, the
// schemas and the checkout's field all read a code the same way.

export const MAX_COUPON_CODE_LENGTH = 40;

// Any C0 or C1 control character or DEL, tabs and line breaks included: a code is one word.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const CODE = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_COUPON_CODE_LENGTH}}$`);

/**
 * The code typed, trimmed and in upper case; null when it cannot be a code (empty, too long,
 * a control character, a space or any other sign inside). Checked before upper-casing, so that a
 * letter outside ASCII never becomes one inside it ('ı' would become 'I').
 */
export function normaliseCouponCode(text: string): string | null {
  if (CONTROL.test(text)) return null;
  const trimmed = text.trim();
  return CODE.test(trimmed) ? trimmed.toUpperCase() : null;
}
