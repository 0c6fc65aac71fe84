import { describe, expect, it } from 'vitest';
import { addBusinessDays, expectedDelivery } from './delivery.ts';

describe('delivery window', () => {
  it('skips weekends', () => {
    // Friday 2026-11-20 + 1 business day = Monday 2026-11-23
    expect(addBusinessDays(new Date('2026-11-20T10:00:00Z'), 1).toISOString().slice(0, 10)).toBe(
      '2026-11-23',
    );
  });

  it('is 4 to 7 business days after payment', () => {
    // Paid Monday 2026-11-23: +4 → Friday 27th, +7 → Wednesday 2 December.
    expect(expectedDelivery(new Date('2026-11-23T09:00:00Z'))).toEqual({
      from: '2026-11-27',
      to: '2026-12-02',
    });
  });

  it('counts from the Nairobi day, not the UTC one', () => {
    // 22:30 UTC on Friday 20 November is 01:30 on Saturday 21st in Nairobi: the weekend has
    // begun, so Monday 23rd is the first business day (+4 → Thursday 26th, +7 → Tuesday 1st).
    expect(expectedDelivery(new Date('2026-11-20T22:30:00Z'))).toEqual({
      from: '2026-11-26',
      to: '2026-12-01',
    });
    // 20:59 UTC on the same Friday is still Friday (23:59) in Nairobi: +4 → Thursday 26th too,
    // as Friday itself is not counted; +7 → Tuesday 1st.
    expect(expectedDelivery(new Date('2026-11-20T20:59:00Z'))).toEqual({
      from: '2026-11-26',
      to: '2026-12-01',
    });
  });

  it('moves on a day at Nairobi midnight on a weekday', () => {
    // 20:59 UTC Monday 23rd is 23:59 Monday in Nairobi; 21:00 UTC is 00:00 Tuesday.
    expect(expectedDelivery(new Date('2026-11-23T20:59:00Z')).from).toBe('2026-11-27');
    expect(expectedDelivery(new Date('2026-11-23T21:00:00Z')).from).toBe('2026-11-30');
  });
});
