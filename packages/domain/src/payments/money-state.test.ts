import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moneyState } from './money-state.ts';

describe('moneyState', () => {
  it('names each stage of an order’s money', () => {
    expect(moneyState({ due: 2378_00, paid: 0, refunded: 0 }).state).toBe('unpaid');
    expect(moneyState({ due: 2378_00, paid: 1000_00, refunded: 0 })).toEqual({
      due: 2378_00,
      paid: 1000_00,
      refunded: 0,
      balance: 1378_00,
      state: 'partially_paid',
    });
    expect(moneyState({ due: 2378_00, paid: 2378_00, refunded: 0 }).state).toBe('paid');
    expect(moneyState({ due: 2378_00, paid: 2500_00, refunded: 0 })).toMatchObject({
      state: 'overpaid',
      balance: -122_00,
    });
    // One of two lines returned: its price is no longer due and went back.
    expect(moneyState({ due: 1378_00, paid: 2378_00, refunded: 1000_00 })).toMatchObject({
      state: 'partially_refunded',
      balance: 0,
    });
    expect(moneyState({ due: 0, paid: 2378_00, refunded: 2378_00 }).state).toBe('refunded');
    // A cancelled order that nobody paid owes nothing.
    expect(moneyState({ due: 0, paid: 0, refunded: 0 }).state).toBe('paid');
  });

  it('always balances: what is kept plus the balance is what is due', () => {
    fc.assert(
      fc.property(
        fc.nat(10_000_000),
        fc.nat(10_000_000),
        fc.nat(10_000_000),
        (due, paid, refundedRaw) => {
          const refunded = Math.min(refundedRaw, paid);
          const money = moneyState({ due, paid, refunded });
          expect(paid - refunded + money.balance).toBe(due);
          if (money.state === 'overpaid') expect(money.balance).toBeLessThan(0);
          if (money.state === 'partially_paid') expect(money.balance).toBeGreaterThan(0);
          if (money.state === 'refunded') expect(paid - refunded).toBe(0);
        },
      ),
    );
  });
});
