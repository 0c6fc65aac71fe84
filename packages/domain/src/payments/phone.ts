// Kenyan mobile numbers as M-Pesa wants them: 2547XXXXXXXX or 2541XXXXXXXX. Shoppers type them as
// 07XX XXX XXX, 01XX XXX XXX, +2547… or 2547…, with or without spaces.

const FORMS = /^(?:\+?254|0)([71]\d{8})$/;

/** The number as Daraja's PartyA and PhoneNumber, or null when it is not a Kenyan mobile number. */
export function normaliseKenyanMobile(input: string): string | null {
  const compact = input.replace(/ /g, '');
  const match = FORMS.exec(compact);
  return match ? `254${match[1]}` : null;
}

/** 2547•••••678: enough for a person to recognise their number, not enough to call it. */
export function maskPhone(phone: string): string {
  if (phone.length < 7) return '•'.repeat(phone.length);
  return `${phone.slice(0, 4)}${'•'.repeat(phone.length - 7)}${phone.slice(-3)}`;
}
