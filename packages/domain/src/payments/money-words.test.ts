import { describe, expect, it } from 'vitest';
import { moneyState } from './money-state.ts';
import { moneyInWords, moneyNeedsNotice } from './money-words.ts';

const words = (due: number, paid: number, refunded = 0) =>
  moneyInWords(moneyState({ due, paid, refunded }));

describe('moneyInWords', () => {
  it('says where an order’s money stands, as the order pages show it', () => {
    expect(words(2378_00, 1000_00)).toBe(
      'Partially paid: Ksh 1,000 of Ksh 2,378 — Ksh 1,378 still to pay',
    );
    expect(words(2378_00, 2500_00)).toBe('Paid Ksh 2,500 — Ksh 122 over, due back');
    expect(words(0, 1000_00, 1000_00)).toBe('Refunded Ksh 1,000');
    expect(words(2378_00, 2378_00)).toBe('Paid Ksh 2,378');
    expect(words(2378_00, 0)).toBe('Unpaid: Ksh 2,378 to pay');
  });

  it('names refunds and what is still owed after them', () => {
    expect(words(1378_00, 2378_00, 1000_00)).toBe('Paid Ksh 2,378, refunded Ksh 1,000');
    expect(words(2378_00, 2500_00, 100_00)).toBe(
      'Paid Ksh 2,500, refunded Ksh 100 — Ksh 22 over, due back',
    );
  });

  it('says all of it is due back when nothing is owed any more, and nothing when nothing moved', () => {
    expect(words(0, 2378_00)).toBe('Paid Ksh 2,378 — Ksh 2,378 due back');
    expect(words(0, 0)).toBeNull();
  });

  it('flags in lists only what differs from the order’s status', () => {
    const notice = (due: number, paid: number, refunded = 0) =>
      moneyNeedsNotice(moneyState({ due, paid, refunded }));
    expect(notice(2378_00, 1000_00)).toBe(true);
    expect(notice(2378_00, 2500_00)).toBe(true);
    expect(notice(2378_00, 2378_00)).toBe(false);
    expect(notice(2378_00, 0)).toBe(false);
  });
});
