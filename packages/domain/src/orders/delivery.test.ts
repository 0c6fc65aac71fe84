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
});
