// The pieces every Kiswahili message is made of (issue 37): links to the /sw/ pages, dates as the
// shop writes them with Kiswahili day names, and English left exactly as it was.
import { describe, expect, it } from 'vitest';
import { dayIn, languageOfRow, momentIn, paymentIn, shopLink } from './language.ts';
import { shipmentEmail } from '../orders/shipment.ts';
import type { OrderRow } from '../orders/repo.ts';

describe('message parts in each language', () => {
  it('link to the pages of the message’s language', () => {
    expect(shopLink('sw', '/userprofile/orders/12')).toBe(
      '{{PUBLIC_URL}}/sw/userprofile/orders/12',
    );
    expect(shopLink('en', '/userprofile/orders/12')).toBe('{{PUBLIC_URL}}/userprofile/orders/12');
  });

  it('write dates as the shop does, in Nairobi time', () => {
    const instant = new Date('2026-11-27T11:05:00Z');
    expect(momentIn('sw', instant)).toBe('27 Nov 2026, 14:05');
    expect(momentIn('en', instant)).toBe('27 November 2026 at 14:05 (Nairobi time)');
    expect(dayIn('sw', '2026-11-30')).toBe('Jumatatu 30 Nov 2026');
    expect(dayIn('sw', '2026-12-06')).toBe('Jumapili 6 Dec 2026');
    expect(dayIn('en', '2026-11-30')).toBe('Monday 30 November 2026');
  });

  it('name the ways of paying, and read an unknown stored language as English', () => {
    expect(paymentIn('sw', 'Pay on delivery')).toBe('Lipa ukipokea');
    expect(paymentIn('sw', 'M-Pesa')).toBe('M-Pesa');
    expect(paymentIn('en', 'Pay on delivery')).toBe('Pay on delivery');
    expect(languageOfRow('sw')).toBe('sw');
    expect(languageOfRow('fr')).toBe('en');
  });
});

describe('how to follow a parcel', () => {
  const order = {
    id: 12,
    language: 'sw',
    shippingName: 'Achieng Otieno',
    streetAddress: 'Oginga Odinga St 4',
    apartmentNumber: null,
    city: 'Kisumu',
    zipCode: '40100',
    pickupPoint: null,
    courier: 'G4S',
    trackingNumber: 'KE123',
  } as unknown as OrderRow;

  it('is written in the order’s language', () => {
    const mail = shipmentEmail(order);
    expect(mail.subject).toBe('Oda yako ya Duka #12: jinsi ya kuifuatilia');
    expect(mail.text).toContain('Oda #12 iko njiani kwenda kwa Achieng Otieno');
    expect(mail.text).toContain('Msafirishaji: G4S. Nambari ya kufuatilia: KE123.');
    expect(mail.text).toContain('Oda zako: {{PUBLIC_URL}}/sw/userprofile/orderhistory');
    expect(mail.html).toContain('Angalia oda zako');
  });

  it('reads as before in English', () => {
    const mail = shipmentEmail({ ...order, language: 'en' });
    expect(mail.subject).toBe('Your Duka order #12: how to follow it');
    expect(mail.text).toContain('Courier: G4S. Tracking number: KE123.');
    expect(mail.text).toContain('Your orders: {{PUBLIC_URL}}/userprofile/orderhistory');
  });
});
