/** A date as people in Kenya write it: 22 Nov 2026. */
export function formatDate(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** '0712 345 678' for 254712345678 (how the shop keeps it); anything else as it is. */
export function formatKenyanPhone(phone: string): string {
  const m = /^254(\d{3})(\d{3})(\d{3})$/.exec(phone.replace(/\s+/g, ''));
  return m ? `0${m[1]} ${m[2]} ${m[3]}` : phone;
}
