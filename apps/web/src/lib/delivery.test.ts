import { describe, expect, it } from 'vitest';
import type { DeliveryCounty } from '@duka/domain/delivery/schemas';
import { deliverySummary } from './delivery.ts';

const county = (fee: number, min: number, max: number): DeliveryCounty => ({
  code: '001',
  name: 'Mombasa',
  fee,
  eta_min_days: min,
  eta_max_days: max,
  pay_on_delivery: false,
  pay_on_delivery_max: null,
});

describe('deliverySummary', () => {
  it("says the specification's figures until the settings load, and while every county has them", () => {
    expect(deliverySummary(undefined)).toBe('Ksh 50 anywhere in Kenya, 3-5 business days');
    expect(deliverySummary([county(50, 3, 5), county(50, 3, 5)])).toBe(
      'Ksh 50 anywhere in Kenya, 3-5 business days',
    );
  });

  it('gives the range across counties once the shop prices them apart', () => {
    expect(deliverySummary([county(150, 1, 2), county(1200, 4, 7)])).toBe(
      'Ksh 150 to Ksh 1,200 by county, 1-7 business days',
    );
  });
});
