// Phone numbers as Africa's Talking wants them: international form, +254… for Kenya.

/**
 * '0712 345 678', '712345678', '254712345678' and '+254 712 345 678' all become '+254712345678';
 * another country's number written with its + is kept. Null when it cannot be a mobile number.
 */
export function toInternational(raw: string): string | null {
  const digits = raw.replace(/[\s()-]/g, '');
  if (/^\+[1-9]\d{7,14}$/.test(digits)) return digits;
  if (/^0[17]\d{8}$/.test(digits)) return `+254${digits.slice(1)}`;
  if (/^[17]\d{8}$/.test(digits)) return `+254${digits}`;
  if (/^254[17]\d{8}$/.test(digits)) return `+${digits}`;
  return null;
}
