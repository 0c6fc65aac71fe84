import { describe, expect, it } from 'vitest';
import { formatNairobiDate } from '../common/nairobi-time.ts';
import { lastReturnDay, policyDays, returnDays, withinReturnWindow } from './return-window.ts';

describe('a return window', () => {
  it('reads the days a product’s own policy names, none for no returns, else the shop’s', () => {
    expect(policyDays('7 days return policy')).toBe(7);
    expect(policyDays('14-day returns')).toBe(14);
    expect(policyDays('2 weeks return policy')).toBe(14);
    expect(policyDays('1 month return policy')).toBe(30);
    expect(policyDays('No return policy')).toBe(0);
    expect(policyDays('Non-returnable')).toBe(0);
    expect(policyDays('')).toBeNull();
    expect(returnDays('', 30)).toBe(30);
    expect(returnDays('90 days return policy', 30)).toBe(90);
    expect(returnDays('No returns', 30)).toBe(0);
  });

  it('runs to the end of the last Nairobi day counted from the day of delivery', () => {
    // Delivered 1 Dec at 23:30 Nairobi time (20:30 UTC): 14 days take it to the end of 15 Dec.
    const delivered = new Date('2026-12-01T20:30:00Z');
    const last = lastReturnDay(delivered, 14)!;
    expect(formatNairobiDate(last)).toBe('15 Dec 2026');
    expect(withinReturnWindow(last, new Date('2026-12-15T20:59:59Z'))).toBe(true);
    expect(withinReturnWindow(last, new Date('2026-12-15T21:00:00Z'))).toBe(false);
    expect(lastReturnDay(delivered, 0)).toBeNull();
    expect(withinReturnWindow(null, delivered)).toBe(false);
  });
});
